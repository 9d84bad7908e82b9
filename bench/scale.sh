#!/usr/bin/env bash
# `make bench-scale`: how the shop's cost grows with the catalogue. For each
# size (SCALE_SIZES, by default 1,000, 10,000, 100,000 and 1,000,000 parts) on SQLite
# and on PostgreSQL, a fresh shop is loaded with `shop import` (a generated file
# applied in one transaction at the command line, the shop stopped; D53) or,
# with SCALE_LOAD=api, through the API's import (the file in pieces under the
# 20 MB limit, each applied as a job), then measured:
#   - import time, database size on disk, memory (RSS) at its highest during
#     the import (the command's, or the shop's through the API) and the
#     shop's idle after it, start-up time (a stop and a start on the full
#     database, to the first /api/health answer);
#   - p50/p99 latency, one request at a time on a kept-alive connection, of a
#     word search, vehicle words ("2015 corolla brake pads"), a misspelt word,
#     an OEM number, a superseded number, a year/make/model filter with a
#     category, the category counts, /api/vehicle, a list page, one part and
#     its public page;
#   - beside each kind, the database alone: a shop started again with its
#     statements logged answers the same kinds of request, and the statements
#     each request ran are run again on the bare database with its own client
#     (psql; for SQLite, Python's sqlite3 module), no HTTP and no shop;
#   - reads and orders under load, as `make bench` measures them on 1,000
#     parts: a list page and one part against nginx serving the same bytes,
#     and one-part orders of 1,000 parts added to the catalogue, each round
#     checked (none lost, none oversold), the shop as it runs for customers
#     (catalogue cache on) with make bench's per-buyer limits off.
# For the latencies the catalogue cache is off (SHOP_CATALOGUE_CACHE=false), so every request
# reaches the database: these are the figures of a first request, not of a
# repeat the cache answers. On PostgreSQL the database is vacuumed after the
# load, as autovacuum would. The shop is the quick-release build (optimised,
# no fat LTO: the figures are the database's and the shop's code's, not the
# linker's).
#
# Every generated row has three fitments, two OEM numbers and a superseded
# number, with words from a parts seller's vocabulary; the file and the
# queries come from fixed seeds, so runs are comparable.
#
# It writes bench/results/scale-<time>.md (the table per database) and
# scale-<time>.svg (each latency against size, log scales) and prints the table.
#
# Knobs: SCALE_SIZES ("1000 10000 100000 1000000"), SCALE_REQUESTS (200 per kind),
# SCALE_ROUNDS (3 rounds of the load), SCALE_SKIP_TRAFFIC=1 (no load),
# SCALE_LOAD=api (load through the API's import instead of `shop import`),
# BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), BENCH_SKIP_POSTGRES=1,
# BENCH_SKIP_SQLITE=1, SHOP_BIN (default: cargo build --profile quick-release).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIZES=${SCALE_SIZES:-1000 10000 100000 1000000}
REQUESTS=${SCALE_REQUESTS:-200}
PG_BASE=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432}
ADMIN_PASSWORD=scale-bench-$RANDOM$RANDOM
WORK=$(mktemp -d /tmp/shop-scale-bench.XXXXXX)
RESULTS_DIR=$ROOT/bench/results
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
RECORDS=$WORK/records.jsonl
PG_DB=""
SHOP_PID=""

cleanup() {
  local status=$?
  set +e
  if [[ -n $SHOP_PID ]] && kill -0 "$SHOP_PID" 2>/dev/null; then
    kill -TERM "$SHOP_PID"
    wait "$SHOP_PID" 2>/dev/null
  fi
  if [[ -n $PG_DB ]]; then
    psql "$PG_BASE/postgres" -qAtc "DROP DATABASE IF EXISTS \"$PG_DB\" WITH (FORCE)" >/dev/null 2>&1 ||
      echo "could not drop the PostgreSQL database $PG_DB" >&2
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT

if [[ -z ${SHOP_BIN:-} ]]; then
  (cd "$ROOT" && make -s web/dist/index.html && cargo build --profile quick-release -p shop)
  SHOP_BIN=$ROOT/target/quick-release/shop
fi
if [[ ${BENCH_SKIP_POSTGRES:-} != 1 ]]; then
  "$ROOT/scripts/ensure-postgres.sh"
fi
# The load beside nginx needs nginx and wrk (Debian's packages).
if [[ ${SCALE_SKIP_TRAFFIC:-} != 1 ]]; then
  "$ROOT/scripts/ensure-debian-tools.sh" nginx wrk
fi
# The bare SQLite timings need a Python SQLite that reads the shop's tables.
BARE_PYTHON=$("$ROOT/scripts/ensure-bench-sqlite.sh")

# Starts the shop on database URL $1 (empty: SQLite) with data folder $2;
# sets URL and STARTED_IN (seconds from start to the first health answer).
# With $3 = sql, the shop logs each statement it runs, as JSON lines.
# With $3 = traffic, it runs as for customers (catalogue cache on, no request
# log) with make bench's per-buyer limits off, for the load of `traffic`.
start_shop() {
  local data=$2 log=warn,shop=info format=text cache=false limits=()
  if [[ ${3:-} == sql ]]; then
    log=warn,shop=info,shop::sql=trace format=json
  elif [[ ${3:-} == traffic ]]; then
    log=warn,shop::app::startup=info cache=true
    limits=(SHOP_UPLOAD_RATE_LIMIT=0 SHOP_MAX_UNPAID_ORDERS=0 SHOP_MAX_UNPAID_UNITS=0 SHOP_MAIL_BUDGET=0)
  fi
  mkdir -p "$data"
  local began
  began=$(date +%s.%N)
  SHOP_LISTEN=127.0.0.1:0 SHOP_DATA_DIR="$data" SHOP_DATABASE_URL="$1" SHOP_DEMO_DATA=false \
    SHOP_ADMIN_EMAIL=admin@example.com SHOP_ADMIN_PASSWORD="$ADMIN_PASSWORD" SHOP_AUTH_RATE_LIMIT=0 \
    SHOP_CATALOGUE_CACHE=$cache SHOP_REQUEST_TIMEOUT=120s NO_COLOR=1 RUST_LOG=$log SHOP_LOG_FORMAT=$format \
    env "${limits[@]}" "$SHOP_BIN" serve >>"$data/shop.log" 2>&1 &
  SHOP_PID=$!
  URL=""
  for _ in $(seq 1 1200); do
    URL=$(grep -o 'shop listening on http://127.0.0.1:[0-9]*' "$data/shop.log" | tail -1 | sed 's/.* on //' || true)
    if [[ -n $URL ]] && curl -sf "$URL/api/health" >/dev/null 2>&1; then
      STARTED_IN=$(python3 -c "import time; print(f'{time.time() - $began:.2f}')")
      return
    fi
    kill -0 "$SHOP_PID" 2>/dev/null || break
    sleep 0.05
  done
  cat "$data/shop.log" >&2
  echo "the shop did not start" >&2
  exit 1
}

stop_shop() {
  kill -TERM "$SHOP_PID"
  wait "$SHOP_PID" 2>/dev/null || true
  SHOP_PID=""
}

# The database's size on disk, in bytes: the SQLite file with its log, or
# PostgreSQL's pg_database_size.
db_bytes() {
  if [[ -n $1 ]]; then
    psql "$1" -qAtc "SELECT pg_database_size(current_database())"
  else
    du -cb "$2"/shop.db* | tail -1 | cut -f1
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wrk's requests a second, from its output in file $1.
wrk_rate() {
  sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$1"
}

# Reads against nginx and orders, on the loaded catalogue ($1 database URL,
# empty for SQLite; $2 data folder; $3 label; $4 size). A list page
# (`/api/part?limit=100`) and one part of the catalogue (the middle id), from
# the shop and from nginx serving the same bytes, in turn, SCALE_ROUNDS
# rounds of wrk (-t2 -c64, 5 s each); then one-part orders of 1,000 parts
# added with big stock, as `make bench` places them (-t2 -c64, 10 s, a fresh
# buyer each round), each round checked: none lost, none oversold.
traffic() {
  local url=$1 data=$2 label=$3 size=$4 rounds=${SCALE_ROUNDS:-3} part nginx_port nginx_pid r
  start_shop "$url" "$data" traffic
  part=$(python3 "$ROOT/bench/lib/scale.py" middle "$URL" "$size")
  python3 "$ROOT/bench/lib/helper.py" seed "$URL" 1000 "$ADMIN_PASSWORD" "$WORK/ids" >/dev/null
  # nginx's workers run as an unprivileged user: they read from a folder of their own.
  chmod 755 "$WORK"
  mkdir -p "$WORK/www" "$WORK/nginx"
  curl -sf "$URL/api/part?limit=100" >"$WORK/www/list.json"
  curl -sf "$URL/api/part/$part" >"$WORK/www/part.json"
  chmod -R a+rX "$WORK/www"
  nginx_port=$(free_port)
  cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  fastcgi_temp_path $WORK/nginx/fastcgi;
  uwsgi_temp_path $WORK/nginx/uwsgi;
  scgi_temp_path $WORK/nginx/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    location = /api/part { alias $WORK/www/list.json; default_type application/json; types { } }
    location = /api/part/$part { alias $WORK/www/part.json; default_type application/json; types { } }
  }
}
EOF
  "$(command -v nginx || echo /usr/sbin/nginx)" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" \
    -e "$WORK/nginx/error.log" &
  nginx_pid=$!
  local nginx_base=http://127.0.0.1:$nginx_port figures=() target key base path
  for _ in $(seq 1 100); do curl -sf "$nginx_base/api/part?limit=100" >/dev/null && break; sleep 0.05; done
  for path in "/api/part?limit=100" "/api/part/$part"; do
    if ! cmp -s <(curl -sf "$URL$path") <(curl -sf "$nginx_base$path"); then
      echo "nginx does not serve the same bytes as the shop for $path" \
        "($(curl -s "$URL$path" | wc -c) and $(curl -s "$nginx_base$path" | wc -c) bytes)" >&2
      cat "$WORK/nginx/error.log" >&2
      kill -TERM "$nginx_pid"
      exit 1
    fi
  done
  for ((r = 1; r <= rounds; r++)); do
    for target in "shop_list $URL /api/part?limit=100" "nginx_list $nginx_base /api/part?limit=100" \
      "shop_part $URL /api/part/$part" "nginx_part $nginx_base /api/part/$part"; do
      read -r key base path <<<"$target"
      wrk -t2 -c64 -d5s "$base$path" >"$WORK/wrk.txt" 2>&1 || true
      figures+=("$key=$(wrk_rate "$WORK/wrk.txt")")
    done
  done
  kill -TERM "$nginx_pid"
  wait "$nginx_pid" 2>/dev/null || true
  local token created secs check
  for ((r = 1; r <= rounds; r++)); do
    token=$(python3 "$ROOT/bench/lib/helper.py" buyer "$URL" "scale-$r")
    python3 "$ROOT/bench/lib/helper.py" snapshot "$URL" "$WORK/before.json" "$WORK/ids"
    BENCH_TOKEN=$token BENCH_IDS_FILE=$WORK/ids BENCH_HOT_ID="" BENCH_LINES="" \
      wrk -t2 -c64 -d10s -s "$ROOT/bench/lib/orders.lua" "$URL" >"$WORK/wrk.txt" 2>&1 || true
    sleep 1 # requests still in flight when wrk stopped
    created=$(sed -n 's/^BENCH created=\([0-9]*\).*/\1/p' "$WORK/wrk.txt")
    secs=$(sed -n 's/.* requests in \([0-9.]*\)s,.*/\1/p' "$WORK/wrk.txt")
    check=$(python3 "$ROOT/bench/lib/helper.py" verify "$URL" "$token" "$WORK/before.json" \
      "${created:-0}" 64 "${url:-$data/shop.db}" by-id)
    echo "  orders round $r: ${created:-no} orders in ${secs:-?} s;" \
      "$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["text"])' "$check" 2>/dev/null || echo "$check")"
    figures+=("orders=${created:-0}/${secs:-0}" "check=$check")
  done
  stop_shop
  python3 "$ROOT/bench/lib/scale.py" traffic "$label" "$size" "${figures[@]}" >>"$RECORDS"
}

run_size() { # $1 database label, $2 size
  local label=$1 size=$2 url=""
  local data=${SCALE_KEEP:-$WORK}/data-$label-$size
  if [[ $label == PostgreSQL ]]; then
    PG_DB=shop_scale_bench_${size}_$(date +%s)_$RANDOM
    psql "$PG_BASE/postgres" -qAtc "CREATE DATABASE \"$PG_DB\"" >/dev/null
    url=$PG_BASE/$PG_DB
  fi
  echo "== $label, $size parts"
  local rss_idle
  start_shop "$url" "$data"
  if [[ ${SCALE_LOAD:-command} == api ]]; then
    python3 "$ROOT/bench/lib/scale.py" load "$URL" "$ADMIN_PASSWORD" "$size" "$SHOP_PID" "$WORK/load.json"
  else
    # The first start made the database and its admin; the file goes in with
    # `shop import`, the shop stopped, and the shop starts again on it.
    stop_shop
    SHOP_DATA_DIR="$data" SHOP_DATABASE_URL="$url" NO_COLOR=1 RUST_LOG=warn \
      python3 "$ROOT/bench/lib/scale.py" import "$SHOP_BIN" "$size" "$WORK/catalogue.csv" "$WORK/load.json"
    rm -f "$WORK/catalogue.csv"
    start_shop "$url" "$data"
  fi
  if [[ -n $url ]]; then
    psql "$url" -qAtc "VACUUM ANALYZE" >/dev/null
  fi
  rss_idle=$(awk '/VmRSS/ {print $2}' "/proc/$SHOP_PID/status")
  stop_shop
  local bytes
  bytes=$(db_bytes "$url" "$data")
  start_shop "$url" "$data"
  local started=$STARTED_IN
  python3 "$ROOT/bench/lib/scale.py" measure "$URL" "$ADMIN_PASSWORD" "$size" "$REQUESTS" "$SHOP_PID" \
    "$label" "$WORK/load.json" "$bytes" "$rss_idle" "$started" >>"$RECORDS"
  stop_shop
  # The limit beside each kind: what the shop ran, on the bare database.
  start_shop "$url" "$data" sql
  "$BARE_PYTHON" "$ROOT/bench/lib/scale.py" bare "$URL" "$size" "$REQUESTS" "$label" "$WORK/load.json" \
    "$data/shop.log" "${url:-$data/shop.db}" >>"$RECORDS"
  stop_shop
  if [[ ${SCALE_SKIP_TRAFFIC:-} != 1 ]]; then
    traffic "$url" "$data" "$label" "$size"
  fi
  if [[ -n ${SCALE_KEEP:-} ]]; then
    echo "kept: $label $size parts in ${url:-$data (SHOP_DATA_DIR)}"
    PG_DB=""
    return
  fi
  if [[ -n $url ]]; then
    psql "$PG_BASE/postgres" -qAtc "DROP DATABASE IF EXISTS \"$PG_DB\" WITH (FORCE)" >/dev/null
    PG_DB=""
  fi
  rm -rf "$data"
}

for size in $SIZES; do
  if [[ ${BENCH_SKIP_SQLITE:-} != 1 ]]; then
    run_size SQLite "$size"
  fi
  if [[ ${BENCH_SKIP_POSTGRES:-} != 1 ]]; then
    run_size PostgreSQL "$size"
  fi
done

mkdir -p "$RESULTS_DIR"
python3 "$ROOT/bench/lib/scale.py" report "$RECORDS" "$RESULTS_DIR/scale-$STAMP.md" "$RESULTS_DIR/scale-$STAMP.svg"
cat "$RESULTS_DIR/scale-$STAMP.md"
