#!/usr/bin/env bash
# Starts `dwsurvey dev` with a fresh data folder on spare ports, waits for it, runs the
# console's Playwright journeys against it in Debian's Chromium, and stops it again.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${E2E_PORT:-18080}
tport=${E2E_TEMPORAL_PORT:-$((port + 10))}
uiport=${E2E_TEMPORAL_UI_PORT:-$((port + 11))}
data=$(mktemp -d /tmp/dws-e2e.XXXXXX)
log="$data/dev.log"
export DWS_ADMIN_PASSWORD=${DWS_ADMIN_PASSWORD:-Admin-e2e-123}
# the journeys' webhook stand-ins listen on 127.0.0.1: let outgoing requests reach it (only here)
export DWS_OUTBOUND_ALLOW_CIDRS=${DWS_OUTBOUND_ALLOW_CIDRS-127.0.0.1/32}
# a real SMTP server (STARTTLS, AUTH) receives the invitations (tools/smtpsink)
smtpport=${E2E_SMTP_PORT:-$((port + 25))}
smtpapi=${E2E_SMTP_API_PORT:-$((port + 26))}
mkdir -p "$data/smtp"
./bin/smtpsink -smtp "127.0.0.1:$smtpport" -http "127.0.0.1:$smtpapi" -dir "$data/smtp" -user e2e-mailer -password e2e-mail-pw \
  >"$data/smtp.log" 2>&1 &
smtppid=$!
for _ in $(seq 1 40); do [ -f "$data/smtp/ca.pem" ] && break; sleep 0.1; done
export DWS_MAIL_HOST=127.0.0.1 DWS_MAIL_PORT=$smtpport DWS_MAIL_TLS=starttls DWS_MAIL_USER=e2e-mailer DWS_MAIL_PASSWORD=e2e-mail-pw \
  DWS_MAIL_FROM=survey@example.org DWS_MAIL_FROM_NAME="DWSurvey e2e" DWS_MAIL_CA_FILE="$data/smtp/ca.pem" DWS_MAIL_PER_MINUTE=1000
export SMTP_API_URL="http://127.0.0.1:$smtpapi"
# sign-in stand-ins (tools/standin: Alibaba Cloud SMS and WeChat, checking their signatures and
# rules) and a real OpenID Connect provider (tools/oidcdev) for the sign-in journey
standinport=${E2E_STANDIN_PORT:-$((port + 27))}
oidcport=${E2E_OIDC_PORT:-$((port + 28))}
./bin/standin -addr "127.0.0.1:$standinport" -weixin-domain "127.0.0.1:$port" >"$data/standin.log" 2>&1 &
standinpid=$!
./bin/oidcdev -addr "127.0.0.1:$oidcport" -client "dws-e2e:dws-e2e-secret:http://127.0.0.1:$port/auth/oidc" \
  -user "u-sso-1:sso-ann:Sso-pass-1:sso-ann@corp.example:Ann Sso:dws-admins" >"$data/oidcdev.log" 2>&1 &
oidcpid=$!
export DWS_SMS_PROVIDER=aliyun DWS_SMS_ENDPOINT="http://127.0.0.1:$standinport/aliyun/" DWS_SMS_ACCESS_KEY_ID=e2e-ak-id \
  DWS_SMS_ACCESS_KEY_SECRET=e2e-ak-secret DWS_SMS_SIGN_NAME=DWSurvey DWS_SMS_CODE_TEMPLATE=SMS_E2E_CODE DWS_SMS_RESEND_AFTER=5s
export DWS_WEIXIN_APP_ID=wx-e2e-app DWS_WEIXIN_APP_SECRET=wx-e2e-secret DWS_WEIXIN_API_BASE="http://127.0.0.1:$standinport" \
  DWS_WEIXIN_OPEN_BASE="http://127.0.0.1:$standinport"
export DWS_OIDC_ISSUER="http://127.0.0.1:$oidcport/" DWS_OIDC_CLIENT_ID=dws-e2e DWS_OIDC_CLIENT_SECRET=dws-e2e-secret \
  DWS_OIDC_ROLE_MAP="dws-admins=DWSURVEY_SUPER_ADMIN" DWS_OIDC_BUTTON_TEXT="Corp single sign-on"
export DWS_MAPS_KEY=e2e-amap-key DWS_MAPS_PRIVATE_KEY=e2e-amap-private DWS_MAPS_SERVICE_BASE="http://127.0.0.1:$standinport"
export STANDIN_URL="http://127.0.0.1:$standinport" OIDC_URL="http://127.0.0.1:$oidcport"
# a local stand-in of an OpenAI-compatible chat-completions API does the AI translations
# (tools/aistandin: checks the key and model, marks each text "[<code>] ")
aiport=${E2E_AI_PORT:-$((port + 29))}
./bin/aistandin -addr "127.0.0.1:$aiport" -key e2e-ai-key -model standin-translate >"$data/ai.log" 2>&1 &
aipid=$!
export DWS_AI_BASE_URL="http://127.0.0.1:$aiport/v1" DWS_AI_KEY=e2e-ai-key DWS_AI_MODEL=standin-translate
DWS_TEMPORAL_DEV_PORT=$tport DWS_TEMPORAL_DEV_UI_PORT=$uiport \
  ./bin/dwsurvey dev --data "$data" --addr "127.0.0.1:$port" >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$smtppid" 2>/dev/null || true
  kill "$standinpid" "$oidcpid" 2>/dev/null || true
  kill "$aipid" 2>/dev/null || true
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
