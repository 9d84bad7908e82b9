#!/usr/bin/env bash
# Search latency on a 10,000-part catalogue, on SQLite and on PostgreSQL:
# the shop (release build) is started on a fresh database of each kind, the
# catalogue is seeded through the API as the admin (POST /api/part, each part
# with a part number, two OEM numbers, a superseded number, a category and a
# vehicle it fits, three in four of those naming an engine and two in three an
# axle), and then one client asks GET /api/part?...&limit=20 in turn, one
# request at a time on a kept-alive connection, for
#   - a word search   (q = two word prefixes, e.g. "brak pad"),
#   - an OEM search   (q = an OEM number written without its dash),
#   - a vehicle filter (make, model and year),
#   - a qualified vehicle filter (make, model, year, engine and position),
#   - a superseded-number search (q = an old number written without its dash),
#   - a vehicle-words search (q = a model year, a model and a word: "2012 corolla pad"),
#   - a misspelt search   (q = a word with two letters swapped and a prefix: "bkrae pad").
# The engines, axles and old numbers come from a random sequence of their
# own, so the catalogue and the first three kinds' queries are the same as
# before they were added; the last two kinds' queries from a third one.
# On PostgreSQL the database is vacuumed after seeding, as autovacuum would.
# The catalogue cache is off (SHOP_CATALOGUE_CACHE=false): every search reaches the database.
# It prints p50 and p99 latency (ms, as the client sees it) and the mean
# number of matches per kind. The queries come from a fixed seed, so runs
# are comparable.
#
# Knobs (environment): SEARCH_PARTS (10000), SEARCH_REQUESTS (300 per kind),
# BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), BENCH_SKIP_POSTGRES=1,
# SHOP_BIN (default: cargo build --release, then target/release/shop).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PARTS=${SEARCH_PARTS:-10000}
REQUESTS=${SEARCH_REQUESTS:-300}
PG_BASE=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432}
ADMIN_PASSWORD=search-bench-$RANDOM$RANDOM
WORK=$(mktemp -d /tmp/shop-search-bench.XXXXXX)
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
  (cd "$ROOT" && cargo build --release -p shop)
  SHOP_BIN=$ROOT/target/release/shop
fi

# Starts the shop on database URL $1 (empty: SQLite in the work folder); sets URL.
start_shop() {
  local data=$WORK/data-$RANDOM
  mkdir -p "$data"
  SHOP_LISTEN=127.0.0.1:0 SHOP_DATA_DIR="$data" SHOP_DATABASE_URL="$1" SHOP_DEMO_DATA=false \
    SHOP_ADMIN_EMAIL=admin@example.com SHOP_ADMIN_PASSWORD="$ADMIN_PASSWORD" SHOP_AUTH_RATE_LIMIT=0 \
    SHOP_WEB_DIR="$WORK/no-web-app" SHOP_CATALOGUE_CACHE=false NO_COLOR=1 RUST_LOG=warn,shop=info \
    "$SHOP_BIN" serve >"$data/shop.log" 2>&1 &
  SHOP_PID=$!
  URL=""
  for _ in $(seq 1 300); do
    URL=$(grep -o 'shop listening on http://127.0.0.1:[0-9]*' "$data/shop.log" | head -1 | sed 's/.* on //' || true)
    [[ -n $URL ]] && return
    kill -0 "$SHOP_PID" 2>/dev/null || break
    sleep 0.1
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

# Seeds and measures; $1 names the database, $2 is the PostgreSQL URL to
# VACUUM ANALYZE after seeding (what autovacuum does after a bulk load: until
# then the GIN index has no statistics and the planner scans instead).
measure() {
  python3 - "$URL" "$ADMIN_PASSWORD" "$PARTS" "$REQUESTS" "$1" "${2:-}" <<'PY'
import http.client, json, random, statistics, subprocess, sys, time, urllib.parse

url, password, parts, requests, label, pg_url = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
host, port = urllib.parse.urlparse(url).hostname, urllib.parse.urlparse(url).port
conn = http.client.HTTPConnection(host, port, timeout=30)

def call(method, path, body=None, token=None):
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, response.getheader("x-total-count"), data

status, _, data = call("POST", "/api/auth/login", {"email": "admin@example.com", "password": password})
assert status == 200, data
token = json.loads(data)["token"]

rng = random.Random(8)
extra = random.Random(9)  # engines, axles and old numbers
engines = ["1.6L L4", "1.8L L4", "2.0L L4", "2.5L L4", "3.5L V6", "5.0L V8"]
positions = ["front", "rear", "left", "right", "front-left", "rear-right"]
kinds = ["Brake Pad", "Brake Disc", "Oil Filter", "Air Filter", "Spark Plug", "Ignition Coil",
         "Water Pump", "Drive Belt", "Shock Absorber", "Control Arm", "Wheel Bearing", "Headlight Bulb"]
adjectives = ["Ceramic", "Vented", "Heavy-Duty", "Long-Life", "Premium", "Remanufactured", "Sport", "OE-Quality"]
categories = ["Brakes", "Engine", "Filters", "Suspension", "Steering", "Electrical", "Lighting",
              "Cooling", "Exhaust", "Transmission", "Body", "Interior", "Wheels & Tyres", "Other"]
vehicles = [(make, model) for make, models in [
    ("Toyota", ["Corolla", "Camry", "RAV4", "Yaris"]), ("Honda", ["Civic", "Accord", "CR-V"]),
    ("Ford", ["F-150", "Focus", "Fiesta", "Mustang"]), ("Volkswagen", ["Golf", "Passat", "Polo"]),
    ("BMW", ["3 Series", "5 Series", "X3"]), ("Nissan", ["Altima", "Qashqai"]),
    ("Hyundai", ["i30", "Tucson"]), ("Kia", ["Sportage", "Rio"])] for model in models]
oems = []
replaced = []
started = time.monotonic()
for i in range(1, parts + 1):
    kind = rng.choice(kinds)
    make, model = rng.choice(vehicles)
    year_from = rng.randint(1995, 2018)
    oem = [f"{rng.randint(10000, 99999)}-{rng.randint(10000, 99999)}", f"{rng.randint(100, 999)}-{rng.randint(1000, 9999)}-A"]
    oems.append(oem[0])
    body = {
        "name": f"{rng.choice(adjectives)} {kind} {i}",
        "description": f"{kind} for the {make} {model}, made to the original maker's specification. Batch {i}.",
        "price": f"{rng.randint(100, 50000) / 100:.2f}", "availableQuantity": rng.randint(0, 500),
        "minimumOrder": 1, "img": "/api/image/none.jpg", "sku": f"SB-{i:06d}",
        "category": rng.choice(categories), "oemNumbers": oem,
        "fitments": [{"make": make, "model": model, "yearFrom": year_from, "yearTo": year_from + rng.randint(0, 8)}],
    }
    fitment = body["fitments"][0]
    if extra.random() < 0.75:
        fitment["engine"] = extra.choice(engines)
    if extra.random() < 2 / 3:
        fitment["axle"] = extra.choice(["front", "rear"])
    body["replaces"] = [f"{extra.randint(10000, 99999)}-{extra.randint(10000, 99999)}-OLD"]
    replaced.append(body["replaces"][0])
    status, _, data = call("POST", "/api/part", body, token)
    assert status == 201, data
seeded = time.monotonic() - started
if pg_url:
    subprocess.run(["psql", pg_url, "-qAtc", "VACUUM ANALYZE"], check=True)

words = ["brak pad", "oil filt", "vent disc", "spark", "ceram brake", "water pum", "long life", "headl bulb"]
typed = random.Random(10)  # the vehicle-words and misspelt searches
part_words = ["pad", "disc", "filter", "plug", "pump", "belt", "bearing", "bulb"]
misspelt = ["braek pad", "oil fitler", "vetned disc", "sprak plug", "cermaic brake", "watre pump", "log life", "headlihgt bulb"]
queries = {
    "word search": lambda: {"q": rng.choice(words)},
    "OEM search": lambda: {"q": rng.choice(oems).replace("-", "")},
    "vehicle filter": lambda: dict(zip(["make", "model"], rng.choice(vehicles)), year=rng.randint(1998, 2024)),
    "qualified filter": lambda: dict(zip(["make", "model"], extra.choice(vehicles)), year=extra.randint(1998, 2024),
                                     engine=extra.choice(engines), position=extra.choice(positions)),
    "superseded search": lambda: {"q": extra.choice(replaced).replace("-", "")},
    "vehicle words": lambda: {"q": f"{typed.randint(1998, 2024)} {typed.choice(vehicles)[1].lower()} {typed.choice(part_words)}"},
    "misspelt search": lambda: {"q": typed.choice(misspelt)},
}
print(f"{label}: {parts} parts seeded through the API in {seeded:.0f} s")
for name, make_query in queries.items():
    for _ in range(20):  # warm-up
        call("GET", "/api/part?" + urllib.parse.urlencode({**make_query(), "limit": 20}))
    times, matches = [], []
    for _ in range(requests):
        path = "/api/part?" + urllib.parse.urlencode({**make_query(), "limit": 20})
        t0 = time.perf_counter()
        status, total, data = call("GET", path)
        times.append((time.perf_counter() - t0) * 1000)
        assert status == 200, data
        matches.append(int(total))
    times.sort()
    p50 = times[len(times) // 2]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"  {name:17} p50 {p50:6.2f} ms   p99 {p99:6.2f} ms   mean matches {statistics.mean(matches):7.1f}")
PY
}

echo "== SQLite"
start_shop ""
measure "SQLite"
stop_shop

if [[ ${BENCH_SKIP_POSTGRES:-} != 1 ]]; then
  echo "== PostgreSQL"
  PG_DB=shop_search_bench_$(date +%s)_$RANDOM
  psql "$PG_BASE/postgres" -qAtc "CREATE DATABASE \"$PG_DB\"" >/dev/null
  start_shop "$PG_BASE/$PG_DB"
  measure "PostgreSQL" "$PG_BASE/$PG_DB"
  stop_shop
fi
