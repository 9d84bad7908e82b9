#!/usr/bin/env bash
# Searches typed as sentences, against a shop already running with a large
# catalogue (for instance one `make bench-scale` kept with SCALE_KEEP, or one
# loaded with `shop import`), started with SHOP_CATALOGUE_CACHE=false so
# every request reaches the database. For each search it asks
# GET /api/part?q=...&limit=20 (best match first) SENTENCE_RUNS times in
# turn, one request at a time, and prints the median and the slowest time
# (ms, as curl sees it) and the total of matches the shop answered.
#
#   bench/sentences.sh http://127.0.0.1:8080 [more shops to compare...]
#
# Knobs: SENTENCE_RUNS (7).
set -euo pipefail

RUNS=${SENTENCE_RUNS:-7}
SEARCHES=(
    "pads for 2015 corolla"
    "brake pads for corolla"
    "oil filter for the civic"
    "pads for"
    "pads for a corolla"
    "for the"
    "the"
    "brake pads"
    "2015 corolla brake pads"
)

if [ $# -eq 0 ]; then
    echo "usage: $0 SHOP_URL [SHOP_URL...]" >&2
    exit 2
fi

for base in "$@"; do
    echo "## $base ($RUNS runs each)"
    printf '%-28s %10s %10s %10s\n' search "p50 ms" "max ms" matches
    for q in "${SEARCHES[@]}"; do
        encoded=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$q")
        url="$base/api/part?q=$encoded&limit=20"
        times=()
        for _ in $(seq "$RUNS"); do
            times+=("$(curl -sf -o /dev/null -w '%{time_total}' "$url")")
        done
        total=$(curl -sf -D - -o /dev/null "$url" | tr -d '\r' | awk 'tolower($1) == "x-total-count:" {print $2}')
        printf '%s\n' "${times[@]}" | sort -n | awk -v q="$q" -v total="$total" '
            { t[NR] = $1 * 1000 }
            END { printf "%-28s %10.1f %10.1f %10s\n", q, t[int((NR + 1) / 2)], t[NR], total }'
    done
done
