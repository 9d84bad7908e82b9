#!/usr/bin/env bash
# Fuzzes the HTTP API with Schemathesis against its own OpenAPI document
# (/api/openapi.json): every check, a fixed seed, a bounded number of
# examples, once as the admin and once as a buyer. Any 5xx or any answer
# that breaks the document fails the run.
#
#   scripts/fuzz-api.sh            uses target/release/shop, else target/debug/shop
#   SHOP_BIN=path scripts/fuzz-api.sh
#   FUZZ_EXAMPLES=50 FUZZ_SEED=7 scripts/fuzz-api.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCHEMATHESIS_VERSION="4.32.5"
VENV="$ROOT/.tools/fuzz-venv"
EXAMPLES="${FUZZ_EXAMPLES:-50}"
SEED="${FUZZ_SEED:-20260601}"
ADMIN_PASSWORD="fuzz-admin-pass-123"

if [[ -z "${SHOP_BIN:-}" ]]; then
  if [[ -x "$ROOT/target/release/shop" ]]; then SHOP_BIN="$ROOT/target/release/shop"; else SHOP_BIN="$ROOT/target/debug/shop"; fi
fi
[[ -x "$SHOP_BIN" ]] || { echo "no shop binary at $SHOP_BIN: run cargo build -p shop" >&2; exit 1; }

if [[ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != *"$SCHEMATHESIS_VERSION"* ]]; then
  echo "== installing schemathesis $SCHEMATHESIS_VERSION into $VENV =="
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/shop-fuzz.XXXXXX")"
SHOP_PID=""
cleanup() {
  if [[ -n "$SHOP_PID" ]]; then kill "$SHOP_PID" 2>/dev/null || true; wait "$SHOP_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# A fresh shop on a free port, with demo data to find and no rate limits to trip over.
SHOP_LISTEN=127.0.0.1:0 SHOP_DATA_DIR="$WORK/data" SHOP_WEB_DIR="$WORK/no-web-app" \
  SHOP_DATABASE_URL="" SHOP_ADMIN_EMAIL=admin@example.com SHOP_ADMIN_PASSWORD="$ADMIN_PASSWORD" \
  SHOP_DEMO_DATA=true SHOP_AUTH_RATE_LIMIT=0 SHOP_UPLOAD_RATE_LIMIT=0 SHOP_PAYMENT_PROVIDER=test \
  SHOP_REVIEW_RATE_LIMIT=0 SHOP_MAX_UNPAID_ORDERS=0 SHOP_MAIL_RATE_LIMIT=0 SHOP_CANCEL_RATE_LIMIT=0 \
  SHOP_MAX_UNPAID_UNITS=0 \
  NO_COLOR=1 RUST_LOG=warn,shop=info "$SHOP_BIN" serve >"$WORK/shop.log" 2>&1 &
SHOP_PID=$!
URL=""
for _ in $(seq 1 300); do
  URL="$(grep -o 'shop listening on http://127.0.0.1:[0-9]*' "$WORK/shop.log" | head -1 | sed 's/.* on //' || true)"
  [[ -n "$URL" ]] && break
  kill -0 "$SHOP_PID" 2>/dev/null || { cat "$WORK/shop.log" >&2; exit 1; }
  sleep 0.1
done
[[ -n "$URL" ]] || { echo "the shop did not start" >&2; cat "$WORK/shop.log" >&2; exit 1; }
echo "== shop under test at $URL =="

token_of() {
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
ADMIN_TOKEN="$(curl -fsS -H 'content-type: application/json' \
  -d "{\"email\":\"admin@example.com\",\"password\":\"$ADMIN_PASSWORD\"}" "$URL/api/auth/login" | token_of)"
BUYER_TOKEN="$(curl -fsS -H 'content-type: application/json' \
  -d '{"name":"Fuzz Buyer","email":"fuzz-buyer@example.com","password":"fuzz-buyer-pass"}' "$URL/api/auth/signup" | token_of)"

# Every check runs (Schemathesis's default when --checks is not given: a
# check named on the command line would override the per-operation
# settings). scripts/schemathesis.toml switches a check off, or widens its
# accepted statuses, for single operations only, each with the reason.
CONFIG="$ROOT/scripts/schemathesis.toml"

# Schemathesis keeps a cache in the current folder: keep it out of the tree.
cd "$WORK"
status=0
# Routes that end every session of the account that calls them: fuzzed last,
# each with a session of its own, so the runs before keep their sign-in.
ENDS_SESSIONS=(/api/auth/sign-out-everywhere /api/auth/change-password)
run_schemathesis() { # token [filters...]
  local token=$1
  shift
  "$VENV/bin/schemathesis" --config-file "$CONFIG" run "$URL/api/openapi.json" \
    --seed "$SEED" --max-examples "$EXAMPLES" --workers 1 \
    --generation-database none --no-color --request-timeout 20 \
    --header "Authorization: Bearer $token" "$@"
}
# The buyer first: the admin's run may make other accounts admins.
for who in buyer admin; do
  if [[ "$who" == admin ]]; then token="$ADMIN_TOKEN"; else token="$BUYER_TOKEN"; fi
  echo "== schemathesis as the $who =="
  run_schemathesis "$token" "${ENDS_SESSIONS[@]/#/--exclude-path=}" || status=1
done
LAST_TOKEN="$(curl -fsS -H 'content-type: application/json' \
  -d '{"name":"Fuzz Leaver","email":"fuzz-leaver@example.com","password":"fuzz-leaver-pass"}' "$URL/api/auth/signup" | token_of)"
echo "== schemathesis on the routes that end sessions =="
run_schemathesis "$LAST_TOKEN" "${ENDS_SESSIONS[@]/#/--include-path=}" || status=1

if grep -q 'panicked' "$WORK/shop.log"; then
  echo "the shop panicked during the run:" >&2
  grep -A3 'panicked' "$WORK/shop.log" >&2
  status=1
fi
exit "$status"
