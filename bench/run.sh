#!/usr/bin/env bash
# `make bench`: the shop under load next to nginx serving the same bytes, orders on
# SQLite and PostgreSQL, memory, the home page's bundle and Lighthouse. See bench/README.md.
#
# Every load figure is the median of BENCH_ROUNDS runs (3) taken in this one run; reads
# alternate shop and nginx round by round.
#
# Knobs (environment): BENCH_DURATION (wrk -d and pgbench -T, default 10s), BENCH_ROUNDS (3),
# BENCH_CONNECTIONS (64), BENCH_THREADS (2), BENCH_PARTS (1000),
# BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), BENCH_SKIP_LIGHTHOUSE=1,
# BENCH_SKIP_POSTGRES=1, BENCH_SKIP_BUILD=1.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCH=$ROOT/bench
LIB=$BENCH/lib
cd "$ROOT"

DURATION=${BENCH_DURATION:-10s}
ROUNDS=${BENCH_ROUNDS:-3}
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_ROUNDS must be a whole number of 1 or more" >&2; exit 1; }
export BENCH_ROUNDS=$ROUNDS # the table checks that every measure has this many runs
CONNS=${BENCH_CONNECTIONS:-64}
THREADS=${BENCH_THREADS:-2}
PARTS=${BENCH_PARTS:-1000}
PG_BASE=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432}
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
RESULTS_DIR=$BENCH/results
OUT=$RESULTS_DIR/$STAMP.md
STARTED=$(date +%s)

WORK=$(mktemp -d /tmp/shop-bench.XXXXXX)
chmod 755 "$WORK" # nginx's worker runs as an unprivileged user and reads from here
export BENCH_RESULTS=$WORK/results.jsonl
: >"$BENCH_RESULTS"
ADMIN_PASSWORD=bench-admin-$RANDOM$RANDOM
PG_DB=""
PG_BARE_DB=""
PIDS=()

log() { printf '\n== %s\n' "$*"; }
helper() { python3 "$LIB/helper.py" "$@"; }

cleanup() {
  local status=$?
  set +e
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do # newest first
    pid=${PIDS[i]}
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -KILL "$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
    fi
  done
  for db in "$PG_DB" "$PG_BARE_DB"; do
    [[ -n $db ]] || continue
    psql "$PG_BASE/postgres" -qAtc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 ||
      echo "could not drop the PostgreSQL database $db" >&2
  done
  if [[ -d $WORK ]]; then
    # Keep the servers' logs and Lighthouse's reports next to the results.
    mkdir -p "$RESULTS_DIR/$STAMP-files"
    cp "$WORK"/*.log "$WORK"/wrk-*.txt "$WORK"/pgbench-*.txt "$WORK"/pgbench-*.sql "$WORK"/lighthouse-*.html "$WORK"/nginx/nginx.conf "$BENCH_RESULTS" "$RESULTS_DIR/$STAMP-files/" 2>/dev/null
    rm -rf "$WORK"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Stops one process this script started and forgets it, so that cleanup never
# signals a PID the system has since given to another process.
stop_pid() {
  local pid=$1 keep=() p
  [[ -n $pid ]] || return 0
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  for p in "${PIDS[@]}"; do [[ $p == "$pid" ]] || keep+=("$p"); done
  PIDS=("${keep[@]}")
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# ---------------------------------------------------------------- tools and build

log "tools"
missing=()
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
command -v wrk >/dev/null || missing+=(wrk)
# pgbench (Debian's /usr/bin/pgbench wrapper) for the PostgreSQL reference row.
if [[ -z ${BENCH_SKIP_POSTGRES:-} ]] && ! pgbench --version >/dev/null 2>&1; then
  missing+=(postgresql-client postgresql-contrib)
fi
if ((${#missing[@]})); then
  echo "installing ${missing[*]} (Debian packages)"
  if [[ $(id -u) -eq 0 ]]; then SUDO=(); else SUDO=(sudo); fi
  "${SUDO[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# The import's reference on SQLite writes the word index, whose options need
# a newer SQLite than Debian's Python has. Without it (no PyPI), Python's own
# SQLite: the reference then fails on SQLite and its row says why.
BARE_PYTHON=$("$ROOT/scripts/ensure-bench-sqlite.sh") || BARE_PYTHON=python3
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
echo "nginx: $("$NGINX" -v 2>&1)"
echo "wrk:   $(wrk --version 2>&1 | head -1)"
[[ -n ${BENCH_SKIP_POSTGRES:-} ]] || echo "pgbench: $(pgbench --version 2>&1 | head -1)"

if [[ -z ${BENCH_SKIP_BUILD:-} ]]; then
  log "build (release)"
  cargo build --release -p shop
  if [[ ! -f web/dist/index.html ]]; then
    (cd web && npm ci --no-audit --no-fund && npm run build)
  fi
fi
SHOP_BIN=$ROOT/target/release/shop
[[ -x $SHOP_BIN ]] || { echo "no $SHOP_BIN: build it first" >&2; exit 1; }
[[ -f web/dist/index.html ]] || { echo "no web/dist: build the web app first" >&2; exit 1; }

# ---------------------------------------------------------------- the shop

SHOP_PID=""
BASE=""
SHOP_DB="" # where the running shop keeps its orders: an SQLite file or a PostgreSQL URL
start_shop() { # name [database url]
  local name=$1 url=${2:-} port
  port=$(free_port)
  BASE=http://127.0.0.1:$port
  mkdir -p "$WORK/data-$name"
  SHOP_DB=${url:-$WORK/data-$name/shop.db}
  # The order load is one buyer placing thousands of orders it never pays: the
  # caps on a buyer's unpaid orders and units (guards against holding stock)
  # are off here, and so is the budget of order mail to an unverified address
  # (the buyer's), so that every order stores its message as a real shop's does.
  env -u SHOP_DATABASE_URL SHOP_LISTEN=127.0.0.1:$port SHOP_DATA_DIR="$WORK/data-$name" SHOP_DEMO_DATA=false \
    SHOP_ADMIN_PASSWORD="$ADMIN_PASSWORD" SHOP_AUTH_RATE_LIMIT=0 SHOP_UPLOAD_RATE_LIMIT=0 SHOP_MAX_UNPAID_ORDERS=0 \
    SHOP_MAX_UNPAID_UNITS=0 SHOP_MAIL_BUDGET=0 \
    SHOP_PUBLIC_URL="$BASE" SHOP_WEB_DIR="$ROOT/web/dist" RUST_LOG=warn \
    ${url:+SHOP_DATABASE_URL="$url"} \
    "$SHOP_BIN" serve >"$WORK/shop-$name.log" 2>&1 &
  SHOP_PID=$!
  PIDS+=("$SHOP_PID")
  if ! helper wait "$BASE/api/part?limit=1" 60; then
    tail -20 "$WORK/shop-$name.log" >&2
    return 1
  fi
  echo "shop ($name) pid $SHOP_PID on $BASE"
}
stop_shop() {
  stop_pid "$SHOP_PID"
  SHOP_PID=""
}

# The catalogue import's reference: the rows the shop's import wrote (its
# parts' numbers start with IMP-) written again by the database's own bulk
# insert into an empty database of the shop's schema, which a shop started on
# it and stopped has made (bench/lib/bare_import.py); recorded as KEY_bare.
bare_import() { # key [postgres url of an empty database]
  local key=$1 url=${2:-} dir=$WORK/data-$1-bare port pid out
  port=$(free_port)
  mkdir -p "$dir"
  env -u SHOP_DATABASE_URL SHOP_LISTEN=127.0.0.1:$port SHOP_DATA_DIR="$dir" SHOP_DEMO_DATA=false \
    SHOP_ADMIN_PASSWORD="$ADMIN_PASSWORD" SHOP_WEB_DIR="$ROOT/web/dist" RUST_LOG=warn \
    ${url:+SHOP_DATABASE_URL="$url"} "$SHOP_BIN" serve >"$WORK/shop-$key-bare.log" 2>&1 &
  pid=$!
  PIDS+=("$pid")
  if ! helper wait "http://127.0.0.1:$port/api/part?limit=1" 60; then
    tail -20 "$WORK/shop-$key-bare.log" >&2
    stop_pid "$pid"
    return 1
  fi
  stop_pid "$pid"
  out=$("$BARE_PYTHON" "$LIB/bare_import.py" "$SHOP_DB" "${url:-$dir/shop.db}" IMP- "${key}_bare") || return 1
  echo "  $out"
  helper record "$out"
}

run_wrk() { # key round base path [extra json] [wrk args...]
  local key=$1 round=$2 base=$3 path=$4 extra=${5:-\{\}}
  shift 5 || shift $#
  wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency "$@" "$base$path" >"$WORK/wrk-$key-$round.txt" 2>&1 || true
  helper wrk "$key" "$round" "$WORK/wrk-$key-$round.txt" "$extra"
}

# One order run as a fresh buyer, then the check: none lost, none oversold.
# spread: one-part orders of random parts; hot: one-part orders of one part;
# lines: checkouts of three lines, each a different random part.
order_run() { # key round mode(spread|hot|lines)
  local key=$1 round=$2 mode=$3 token hot="" lines="" out
  out=$WORK/wrk-$key-$round.txt
  token=$(helper buyer "$BASE" "$key-$round")
  if [[ $mode == hot ]]; then
    hot=$(sed -n '1p' "$WORK/ids")
    # Full stock for each run: at some 18,000 orders a second the runs before would empty it.
    helper refill "$BASE" "$ADMIN_PASSWORD" "$hot"
  fi
  [[ $mode == lines ]] && lines=3
  helper snapshot "$BASE" "$WORK/before-$key-$round.json"
  local t0 t1
  t0=$(date +%s.%N)
  BENCH_TOKEN=$token BENCH_IDS_FILE=$WORK/ids BENCH_HOT_ID=$hot BENCH_LINES=$lines \
    wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency -s "$LIB/orders.lua" "$BASE" \
    >"$out" 2>&1 || true
  t1=$(date +%s.%N)
  sleep 1 # let requests still in flight when wrk stopped finish
  local created secs check
  created=$(sed -n 's/^BENCH created=\([0-9]*\).*/\1/p' "$out")
  # wrk's own run time: "N requests in 10.01s"
  secs=$(sed -n 's/.* requests in \([0-9.]*\)s,.*/\1/p' "$out")
  [[ -n $secs ]] || secs=$(python3 -c "print($t1-$t0)")
  if [[ -z $created ]]; then
    helper record "{\"key\":\"$key\",\"round\":$round,\"error\":\"wrk gave no count: $(head -c 200 "$out" | tr '\n"\\' '   ')\"}"
    echo "  $key #$round: wrk failed"; return
  fi
  check=$(helper verify "$BASE" "$token" "$WORK/before-$key-$round.json" "$created" "$CONNS" "$SHOP_DB")
  helper wrk "$key" "$round" "$out" \
    "$(python3 -c 'import json,sys; c=json.loads(sys.argv[1]); print(json.dumps({"seconds": float(sys.argv[2]), "check_ok": c["ok"], "check": c["text"], "orders_db": c.get("orders_db")}))' "$check" "$secs")"
  echo "    check: $check"
}

# What PostgreSQL's autovacuum does on a production server, when the bench's server has
# it off: VACUUM ANALYZE of the bench's database. Without it, every order run leaves the
# hot part's old row versions and the outbox's old index entries for the next run to
# step over, and the planner never learns the tables' sizes, so each run is slower than
# the one before. Run before each order run and each pgbench round, so both are measured
# as a server that keeps itself tidy would run them.
PG_AUTOVACUUM=""
pg_tidy() {
  [[ $PG_AUTOVACUUM == off ]] || return 0
  psql "$PG_BASE/$PG_DB" -qAtc "VACUUM ANALYZE" >/dev/null || echo "  VACUUM ANALYZE failed"
}
# The server's autovacuum setting, and what the bench does in its stead, for the log and the report.
pg_upkeep() {
  printf "PostgreSQL's autovacuum: %s" "$PG_AUTOVACUUM"
  if [[ $PG_AUTOVACUUM == off ]]; then
    printf "; in its stead, VACUUM ANALYZE of the bench's database before each order run and each pgbench round"
  fi
  echo
}

# The three kinds of order run, round after round, each run checked.
order_rounds() { # db (sqlite|postgres)
  local db=$1 r mode
  for ((r = 1; r <= ROUNDS; r++)); do
    echo "  round $r of $ROUNDS"
    for mode in spread hot lines; do
      [[ $db == postgres ]] && pg_tidy
      order_run "orders_${db}_$mode" "$r" "$mode" ||
        helper record "{\"key\":\"orders_${db}_$mode\",\"round\":$r,\"error\":\"the run failed (see the log above)\"}"
    done
  done
}

# PostgreSQL's own limit for orders of one part: pgbench's bare UPDATE ... RETURNING
# of the hot part's stock, as many connections as wrk's, on the bench's database,
# once the shop's order runs are checked and the shop is stopped.
pg_reference() {
  local hot secs r conf
  hot=$(sed -n '1p' "$WORK/ids")
  secs=$(helper seconds "$DURATION")
  printf 'UPDATE parts SET available_quantity = available_quantity - 1 WHERE id = %s RETURNING available_quantity;\n' \
    "$hot" >"$WORK/pgbench-hot-part.sql"
  # The order checks are done: give the hot part stock enough for any run.
  psql "$PG_BASE/$PG_DB" -qAtc "UPDATE parts SET available_quantity = 1000000000000 WHERE id = $hot" >/dev/null
  conf="pgbench -n -c $CONNS -j $THREADS -T $secs -M prepared -f pgbench-hot-part.sql"
  for ((r = 1; r <= ROUNDS; r++)); do
    pg_tidy
    pgbench -n -c "$CONNS" -j "$THREADS" -T "$secs" -M prepared -f "$WORK/pgbench-hot-part.sql" \
      "$PG_BASE/$PG_DB" >"$WORK/pgbench-$r.txt" 2>&1 || true
    helper pgbench pg_update_hot "$r" "$WORK/pgbench-$r.txt"
  done
  helper record "{\"key\":\"pg_update_hot\",\"command\":\"$conf\"}"
}

HEADER=$WORK/header.md
# What else was running: the load and the busiest processes the bench did not start.
LOAD_START=$(cat /proc/loadavg)
OTHERS_START=$(helper others $$ 5)
{
  echo "# Parts Garage benchmark, $STAMP"
  echo
  echo "- machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); wrk and the servers share the cores"
  echo "- wrk: -t$THREADS -c$CONNS -d$DURATION --latency; catalogue: $PARTS parts; nginx: worker_processes auto"
  if ((ROUNDS > 1)); then
    echo "- rounds: $ROUNDS; each load figure is the median of $ROUNDS runs taken in this run, each run's figure in round order in parentheses; in each round the reads load the shop, then nginx"
  else
    echo "- rounds: 1 (BENCH_ROUNDS=1): one run per load figure, no median"
  fi
  echo "- load average (/proc/loadavg: 1, 5, 15 min, running/all tasks) at the start: $LOAD_START"
  echo "- busiest other processes at the start (ps %CPU: CPU time over each one's life): $OTHERS_START"
  echo "- commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$ROOT" diff --quiet 2>/dev/null || echo ' (with local changes)')"
} >"$HEADER"

# ---------------------------------------------------------------- SQLite: reads

log "shop on SQLite, seeding $PARTS parts"
start_shop sqlite
helper rss rss_empty "$SHOP_PID"
helper seed "$BASE" "$PARTS" "$ADMIN_PASSWORD" "$WORK/ids" "$ROOT/server/demo/images"
PART_ID=$(sed -n "$(((PARTS + 1) / 2))p" "$WORK/ids")
sleep 2
helper rss rss_idle "$SHOP_PID"

log "nginx with the same bytes"
WWW=$WORK/www
mkdir -p "$WWW" "$WORK/nginx"
cp -r web/dist/. "$WWW/"
curl -sf -o "$WORK/list.json" "$BASE/api/part?limit=100"
curl -sf -o "$WORK/part.json" "$BASE/api/part/$PART_ID"
chmod -R a+rX "$WWW" "$WORK"/*.json
NGINX_PORT=$(free_port)
NGINX_BASE=http://127.0.0.1:$NGINX_PORT
# A second nginx server sends the list with the shop's own headers as well
# (security headers, ETag, Cache-Control, Vary, X-Total-Count; nginx writes
# its own Content-Type, Content-Length and Date): the same answer, headers and
# all. Header size matters here: on loopback an answer up to about 64 KiB
# leaves in one packet, and the 64 KB list with nginx's short headers just fits.
NGINX_HEADERS_PORT=$(free_port)
NGINX_HEADERS_BASE=http://127.0.0.1:$NGINX_HEADERS_PORT
SHOP_LIST_HEADERS=$(curl -sf -D - -o /dev/null "$BASE/api/part?limit=100" | tr -d '\r' |
  awk 'NR > 1 && index($0, ": ") {
    name = substr($0, 1, index($0, ": ") - 1); value = substr($0, index($0, ": ") + 2)
    if (tolower(name) ~ /^(content-type|content-length|date)$/) next
    gsub(/\\/, "\\\\", value); gsub(/"/, "\\\"", value)
    printf "add_header %s \"%s\" always; ", name, value }')
cat >"$WORK/nginx/nginx.conf" <<EOF
# worker_processes auto: as many workers as cores (2 here), the same cores the
# shop's tokio runtime uses.
worker_processes auto;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  fastcgi_temp_path $WORK/nginx/fastcgi;
  uwsgi_temp_path $WORK/nginx/uwsgi;
  scgi_temp_path $WORK/nginx/scgi;
  types {
    text/html html;
    text/css css;
    application/javascript js;
    image/svg+xml svg;
    application/json json;
  }
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WWW;
    location = /api/part { alias $WORK/list.json; default_type application/json; types { } }
    location = /api/part/$PART_ID { alias $WORK/part.json; default_type application/json; types { } }
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files \$uri /index.html; add_header Cache-Control "no-cache"; }
  }
  server {
    listen 127.0.0.1:$NGINX_HEADERS_PORT;
    location = /api/part { etag off; $SHOP_LIST_HEADERS alias $WORK/list.json; default_type application/json; types { } }
  }
}
EOF
"$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx.log" &
PIDS+=("$!")
NGINX_PID=$!
helper wait "$NGINX_BASE/api/part?limit=100" 20
for p in "/api/part?limit=100" "/api/part/$PART_ID"; do
  if ! cmp -s <(curl -sf "$BASE$p") <(curl -sf "$NGINX_BASE$p"); then
    echo "nginx does not serve the same bytes as the shop for $p" >&2
    exit 1
  fi
done
echo "nginx pid $NGINX_PID on $NGINX_BASE: same bytes, content-type $(curl -sI "$NGINX_BASE/api/part/$PART_ID" | tr -d '\r' | sed -n 's/^[Cc]ontent-[Tt]ype: //p')"
if ! cmp -s <(curl -sf "$BASE/api/part?limit=100") <(curl -sf "$NGINX_HEADERS_BASE/api/part?limit=100"); then
  echo "nginx with the shop's headers does not serve the same bytes as the shop" >&2
  exit 1
fi
echo "answer sizes, headers and body: shop $(curl -s -D - -o /dev/null "$BASE/api/part?limit=100" | wc -c) + $(wc -c <"$WORK/list.json"), nginx $(curl -s -D - -o /dev/null "$NGINX_BASE/api/part?limit=100" | wc -c) + the same, nginx with the shop's headers $(curl -s -D - -o /dev/null "$NGINX_HEADERS_BASE/api/part?limit=100" | wc -c) + the same"

log "reads: shop and nginx in turn, rounds: $ROUNDS (wrk -t$THREADS -c$CONNS -d$DURATION)"
{ echo /; helper assets web/dist/index.html; } >"$WORK/home-paths"
ASSETS=$(($(wc -l <"$WORK/home-paths") - 1))
export BENCH_PATHS_FILE=$WORK/home-paths
for ((r = 1; r <= ROUNDS; r++)); do
  echo "  round $r of $ROUNDS"
  run_wrk shop_list "$r" "$BASE" "/api/part?limit=100"
  run_wrk nginx_list "$r" "$NGINX_BASE" "/api/part?limit=100"
  run_wrk nginx_list_headers "$r" "$NGINX_HEADERS_BASE" "/api/part?limit=100"
  run_wrk shop_part "$r" "$BASE" "/api/part/$PART_ID"
  run_wrk nginx_part "$r" "$NGINX_BASE" "/api/part/$PART_ID"
  run_wrk shop_home "$r" "$BASE" / "{\"assets\": $ASSETS}" -s "$LIB/paths.lua"
  run_wrk nginx_home "$r" "$NGINX_BASE" / "{\"assets\": $ASSETS}" -s "$LIB/paths.lua"
done
stop_pid "$NGINX_PID"

# ---------------------------------------------------------------- SQLite: orders

log "orders on SQLite, rounds: $ROUNDS"
order_rounds sqlite
sleep 1
helper rss rss_load "$SHOP_PID"

log "catalogue import on SQLite (10,000 rows)"
helper import "$BASE" "$ADMIN_PASSWORD" import_sqlite ||
  helper record '{"key":"import_sqlite","error":"the run failed (see the log above)"}'
log "the same rows by SQLite's own bulk insert (the import's reference)"
bare_import import_sqlite ||
  helper record '{"key":"import_sqlite_bare","error":"the run failed (see the log above)"}'

# ---------------------------------------------------------------- front end

log "home page bundle (npm run size)"
if (cd web && npm run --silent size) >"$WORK/size.txt" 2>&1; then
  cat "$WORK/size.txt"
  helper bundle "$WORK/size.txt" web/dist
else
  cat "$WORK/size.txt"
  helper record '{"key":"bundle","error":"`npm run size` failed"}'
fi

if [[ -n ${BENCH_SKIP_LIGHTHOUSE:-} ]]; then
  for k in home parts purchase; do
    helper record "{\"key\":\"lighthouse_$k\",\"error\":\"skipped (BENCH_SKIP_LIGHTHOUSE)\"}"
  done
else
  log "Lighthouse (mobile preset, Chromium at ${CHROME_PATH:-/usr/bin/chromium})"
  if [[ -z ${CHROME_PATH:-} ]]; then
    # Debian's Chromium, as the browser tests use it (installed when missing).
    bash "$ROOT/web/scripts/ensure-chromium.sh" || echo "cannot install Chromium"
  fi
  if [[ ! -d $BENCH/node_modules/lighthouse ]]; then
    (cd "$BENCH" && npm ci --no-audit --no-fund) || true
  fi
  if [[ -d $BENCH/node_modules/lighthouse ]]; then
    LH_TOKEN=$(helper buyer "$BASE" lighthouse)
    CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} \
      timeout $((300 * ROUNDS)) node "$LIB/lighthouse.mjs" "$BASE" "$PART_ID" "$LH_TOKEN" "$WORK" ||
      echo "Lighthouse exited with an error"
  else
    for k in home parts purchase; do
      helper record "{\"key\":\"lighthouse_$k\",\"error\":\"cannot install lighthouse (cd bench && npm ci)\"}"
    done
  fi
fi
stop_shop

# ---------------------------------------------------------------- PostgreSQL: orders

if [[ -n ${BENCH_SKIP_POSTGRES:-} ]]; then
  for k in orders_postgres_spread orders_postgres_hot orders_postgres_lines pg_update_hot rss_pg_load import_postgres import_postgres_bare; do
    helper record "{\"key\":\"$k\",\"error\":\"skipped (BENCH_SKIP_POSTGRES)\"}"
  done
else
  log "orders on PostgreSQL, rounds: $ROUNDS"
  pg_error=""
  if ! psql "$PG_BASE/postgres" -qAtc 'select 1' >/dev/null 2>&1; then
    pg_error="PostgreSQL not reachable at $PG_BASE"
  else
    PG_DB=shop_bench_$(date +%s)_$RANDOM
    PG_AUTOVACUUM=$(psql "$PG_BASE/postgres" -qAtc 'SHOW autovacuum' 2>/dev/null || echo unknown)
    pg_upkeep
    if ! psql "$PG_BASE/postgres" -qAtc "CREATE DATABASE \"$PG_DB\"" >/dev/null; then
      pg_error="cannot create database $PG_DB"
      PG_DB=""
    elif ! start_shop postgres "$PG_BASE/$PG_DB"; then
      pg_error="the shop did not start on PostgreSQL (see shop-postgres.log)"
    fi
  fi
  if [[ -z $pg_error ]] && ! helper seed "$BASE" "$PARTS" "$ADMIN_PASSWORD" "$WORK/ids"; then
    pg_error="seeding the catalogue on PostgreSQL failed"
  fi
  if [[ -z $pg_error ]]; then
    order_rounds postgres
    sleep 1
    helper rss rss_pg_load "$SHOP_PID"
    log "catalogue import on PostgreSQL (10,000 rows)"
    helper import "$BASE" "$ADMIN_PASSWORD" import_postgres ||
      helper record '{"key":"import_postgres","error":"the run failed (see the log above)"}'
    stop_shop
    log "the same rows by PostgreSQL's own bulk insert, COPY (the import's reference)"
    PG_BARE_DB=${PG_DB}_bare
    if psql "$PG_BASE/postgres" -qAtc "CREATE DATABASE \"$PG_BARE_DB\"" >/dev/null &&
      bare_import import_postgres "$PG_BASE/$PG_BARE_DB"; then
      psql "$PG_BASE/postgres" -qAtc "DROP DATABASE \"$PG_BARE_DB\"" >/dev/null && PG_BARE_DB=""
    else
      helper record '{"key":"import_postgres_bare","error":"the run failed (see the log above)"}'
    fi
    log "PostgreSQL alone: bare UPDATE ... RETURNING on the hot part, rounds: $ROUNDS (pgbench -c$CONNS -j$THREADS)"
    pg_reference ||
      helper record '{"key":"pg_update_hot","error":"the pgbench runs failed (see the log above)"}'
  else
    stop_shop
    echo "  $pg_error"
    for k in orders_postgres_spread orders_postgres_hot orders_postgres_lines pg_update_hot rss_pg_load import_postgres import_postgres_bare; do
      helper record "{\"key\":\"$k\",\"error\":\"$pg_error\"}"
    done
  fi
fi

# ---------------------------------------------------------------- the table

log "results"
mkdir -p "$RESULTS_DIR"
ELAPSED=$(($(date +%s) - STARTED))
if [[ -n ${BENCH_SKIP_BUILD:-} ]]; then built="build skipped"; else built="including the build"; fi
{
  echo "- load average at the end: $(cat /proc/loadavg)"
  [[ -z $PG_AUTOVACUUM ]] || echo "- $(pg_upkeep)"
  echo "- run time: $((ELAPSED / 60)) min $((ELAPSED % 60)) s ($built)"
} >>"$HEADER"
echo >>"$HEADER"
helper report "$OUT" "$HEADER"
echo "written to bench/results/$STAMP.md (wrk output, logs, Lighthouse reports: bench/results/$STAMP-files/)"
