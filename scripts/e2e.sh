#!/usr/bin/env bash
# Starts `dwsurvey dev` with a fresh data folder on spare ports, waits for it, runs the
# console's Playwright journeys against it in Debian's Chromium, and stops it again.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${E2E_PORT:-18080}
tport=${E2E_TEMPORAL_PORT:-17233}
uiport=${E2E_TEMPORAL_UI_PORT:-18233}
data=$(mktemp -d /tmp/dws-e2e.XXXXXX)
log="$data/dev.log"
export DWS_ADMIN_PASSWORD=${DWS_ADMIN_PASSWORD:-Admin-e2e-123}
DWS_TEMPORAL_DEV_PORT=$tport DWS_TEMPORAL_DEV_UI_PORT=$uiport \
  ./bin/dwsurvey dev --data "$data" --addr "127.0.0.1:$port" >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -INT "$pid" 2>/dev/null || true
  for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  kill -9 "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "dwsurvey dev exited:"; cat "$log"; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { echo "dwsurvey dev did not come up:"; cat "$log"; exit 1; }
# The Temporal Web UI must answer too.
for _ in $(seq 1 40); do curl -fsS -o /dev/null "http://127.0.0.1:$uiport/" && break; sleep 0.5; done
curl -fsS -o /dev/null "http://127.0.0.1:$uiport/" || { echo "Temporal Web UI did not answer on $uiport"; exit 1; }
echo "dwsurvey dev is up on :$port (Temporal UI :$uiport)"
cd console
export BASE_URL="http://127.0.0.1:$port" ADMIN_PASSWORD="$DWS_ADMIN_PASSWORD" TEMPORAL_UI_URL="http://127.0.0.1:$uiport"
# E2E_ONLY="e2e/results.test.mjs …" runs only those journeys (for development; CI runs them all).
if [ -n "${E2E_ONLY:-}" ]; then
  node --test --test-concurrency=1 $E2E_ONLY
else
  npm run e2e
fi
