#!/usr/bin/env bash
# `make bench-scale`: how the shop's cost grows with the catalogue. For each
# size (SCALE_SIZES, by default 10,000, 100,000 and 1,000,000 parts) on SQLite
# and on PostgreSQL, a fresh shop is loaded through its own catalogue import
# (a generated file, in pieces under the 20 MB limit, each applied as a job),
# then measured:
#   - import time, database size on disk, the shop's memory (RSS) at its
#     highest during the import and idle after it, start-up time (a stop and a
#     start on the full database, to the first /api/health answer);
#   - p50/p99 latency, one request at a time on a kept-alive connection, of a
#     word search, vehicle words ("2015 corolla brake pads"), a misspelt word,
#     an OEM number, a superseded number, a year/make/model filter with a
#     category, the category counts, /api/vehicle, a list page, one part and
#     its public page;
#   - beside each kind, the database alone: a shop started again with its
#     statements logged answers the same kinds of request, and the statements
#     each request ran are run again on the bare database with its own client
#     (psql; for SQLite, Python's sqlite3 module), no HTTP and no shop.
# The catalogue cache is off (SHOP_CATALOGUE_CACHE=false), so every request
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
# Knobs: SCALE_SIZES ("10000 100000 1000000"), SCALE_REQUESTS (200 per kind),
# BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), BENCH_SKIP_POSTGRES=1,
# SHOP_BIN (default: cargo build --profile quick-release).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIZES=${SCALE_SIZES:-10000 100000 1000000}
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

# Starts the shop on database URL $1 (empty: SQLite) with data folder $2;
# sets URL and STARTED_IN (seconds from start to the first health answer).
# With $3 = sql, the shop logs each statement it runs, as JSON lines.
start_shop() {
  local data=$2 log=warn,shop=info format=text
  if [[ ${3:-} == sql ]]; then
    log=warn,shop=info,shop::sql=trace format=json
  fi
  mkdir -p "$data"
  local began
  began=$(date +%s.%N)
  SHOP_LISTEN=127.0.0.1:0 SHOP_DATA_DIR="$data" SHOP_DATABASE_URL="$1" SHOP_DEMO_DATA=false \
    SHOP_ADMIN_EMAIL=admin@example.com SHOP_ADMIN_PASSWORD="$ADMIN_PASSWORD" SHOP_AUTH_RATE_LIMIT=0 \
    SHOP_CATALOGUE_CACHE=false SHOP_REQUEST_TIMEOUT=120s NO_COLOR=1 RUST_LOG=$log SHOP_LOG_FORMAT=$format \
    "$SHOP_BIN" serve >>"$data/shop.log" 2>&1 &
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

run_size() { # $1 database label, $2 size
  local label=$1 size=$2 url=""
  local data=${SCALE_KEEP:-$WORK}/data-$label-$size
  if [[ $label == PostgreSQL ]]; then
    PG_DB=shop_scale_bench_${size}_$(date +%s)_$RANDOM
    psql "$PG_BASE/postgres" -qAtc "CREATE DATABASE \"$PG_DB\"" >/dev/null
    url=$PG_BASE/$PG_DB
  fi
  echo "== $label, $size parts"
  start_shop "$url" "$data"
  python3 "$ROOT/bench/lib/scale.py" load "$URL" "$ADMIN_PASSWORD" "$size" "$SHOP_PID" "$WORK/load.json"
  if [[ -n $url ]]; then
    psql "$url" -qAtc "VACUUM ANALYZE" >/dev/null
  fi
  local rss_idle
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
  python3 "$ROOT/bench/lib/scale.py" bare "$URL" "$size" "$REQUESTS" "$label" "$WORK/load.json" \
    "$data/shop.log" "${url:-$data/shop.db}" >>"$RECORDS"
  stop_shop
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
  run_size SQLite "$size"
  if [[ ${BENCH_SKIP_POSTGRES:-} != 1 ]]; then
    run_size PostgreSQL "$size"
  fi
done

mkdir -p "$RESULTS_DIR"
python3 "$ROOT/bench/lib/scale.py" report "$RECORDS" "$RESULTS_DIR/scale-$STAMP.md" "$RESULTS_DIR/scale-$STAMP.svg"
cat "$RESULTS_DIR/scale-$STAMP.md"
