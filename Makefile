# DWSurvey — see README.md. `make dev` runs the product, `make test` runs every test.
GO            ?= go
TEMPORAL_CLI  := github.com/temporalio/cli/cmd/temporal@v1.5.1
VERSITYGW     := github.com/versity/versitygw/cmd/versitygw@v1.8.0
COMPOSE       := github.com/docker/compose/v2
COMPOSE_VER   := v2.40.3
# Go packages of this module (console/node_modules may contain stray .go files).
GO_PKGS        = $(shell $(GO) list ./... | grep -v '/console/')

.PHONY: doc-tools seed-bench compose-check ipdb dev run build console console-deps tools test test-go test-console test-e2e chromium openapi fmt vet clean

## dev: install what is missing, build console and binary, start everything on one machine
dev: tools ipdb console build
	./bin/dwsurvey dev

build:
	$(GO) build -o bin/dwsurvey ./cmd/dwsurvey
	$(GO) build -o bin/smtpsink ./tools/smtpsink
	$(GO) build -o bin/oidcdev ./tools/oidcdev
	$(GO) build -o bin/standin ./tools/standin
	$(GO) build -o bin/aistandin ./tools/aistandin

console-deps: console/node_modules/.package-lock.json
console/node_modules/.package-lock.json: console/package.json
	cd console && npm install --no-audit --no-fund
	@touch $@

console: console-deps
	cd console && npm run build

## tools: the pinned Temporal CLI and versitygw (S3 for tests), installed into ./bin
tools: bin/temporal
bin/temporal:
	GOBIN=$(CURDIR)/bin $(GO) install $(TEMPORAL_CLI)
bin/versitygw:
	GOBIN=$(CURDIR)/bin $(GO) install $(VERSITYGW)

## bin/docker-compose: Docker Compose built from its module source (its go.mod has directives
## that `go install` refuses), used to check docker-compose.yaml without a Docker engine
bin/docker-compose:
	$(GO) mod download $(COMPOSE)@$(COMPOSE_VER)
	tmp=$$(mktemp -d) && cp -r "$$($(GO) env GOMODCACHE)/github.com/docker/compose/v2@$(COMPOSE_VER)/." "$$tmp" && \
	  chmod -R u+w "$$tmp" && (cd "$$tmp" && $(GO) build -o $(CURDIR)/bin/docker-compose ./cmd) && rm -rf "$$tmp"

## compose-check: `docker compose config` on docker-compose.yaml
compose-check: bin/docker-compose
	./bin/docker-compose config -q

## ipdb: the offline IP-to-region database (data/ip2region.db of the npm package ip2region@2.3.0)
ipdb: bin/ip2region.db
bin/ip2region.db:
	mkdir -p bin && tmp=$$(mktemp -d) && (cd "$$tmp" && npm pack --silent ip2region@2.3.0 >/dev/null && tar xzf ip2region-2.3.0.tgz) && \
	  cp "$$tmp/package/data/ip2region.db" $@ && rm -rf "$$tmp"

## chromium: Debian's Chromium with CJK and Thai fonts for the browser tests (screenshots are looked at)
chromium:
	@if [ ! -x /usr/bin/chromium ] || ! fc-list | grep -qi loma; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk fonts-thai-tlwg; fi

## doc-tools: what exports and reports are made with and checked by: readstat (SPSS .sav),
## PSPP (reads .sav back), LibreOffice (opens .docx), poppler (PDF to PNG), a CJK .ttf font
doc-tools:
	@if ! command -v readstat >/dev/null || ! command -v pspp >/dev/null || ! command -v soffice >/dev/null || [ ! -e /usr/lib/libreoffice/program/libsclo.so ] || \
	   ! command -v pdftoppm >/dev/null || ! command -v unzip >/dev/null || [ ! -f /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq readstat pspp libreoffice-writer-nogui libreoffice-calc-nogui poppler-utils unzip fonts-droid-fallback fonts-dejavu-core; fi

## test: Go unit + integration (SQLite, MariaDB, Temporal dev server, versitygw), vitest, Playwright
test: tools bin/versitygw ipdb chromium doc-tools console-deps
	$(MAKE) compose-check
	$(MAKE) test-go
	$(MAKE) test-console
	$(MAKE) test-e2e

test-go:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet $(GO_PKGS)
	$(GO) test -count=1 -timeout 20m $(GO_PKGS)

test-console: console-deps
	cd console && npm test

## test-e2e: build everything, run the Playwright journeys in parallel shards (scripts/e2e-all.sh),
## each against its own `dwsurvey dev` on spare ports
test-e2e: console build
	bash scripts/e2e-all.sh

## seed-bench: load N answers (default 1,000,000) into a fresh MariaDB database and time the results calls
N        ?= 1000000
SEED_DSN ?= root:@tcp(127.0.0.1:3306)/
seed-bench:
	$(GO) run ./tools/seedbench -n $(N) -dsn '$(SEED_DSN)'

openapi: build
	./bin/dwsurvey openapi > docs/openapi.json

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin console/dist
