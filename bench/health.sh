#!/usr/bin/env bash
# GET /health req/s of the built service in each variant given, interleaved, one API process each, a scratch
# database per run. A variant is a checkout's directory, optionally followed by settings, in one argument:
#   bash bench/health.sh /path/main /path/branch                          # two builds, default settings
#   bash bench/health.sh ". HEALTH_CACHE_MS=0" ". HEALTH_CACHE_MS=1000"    # one build, two settings
# By hand, after `npm run build` in each checkout. BENCH_DATABASE_SERVER (default
# postgresql://postgres@127.0.0.1:5432), BENCH_PORT (3912). Needs wrk (apt-get install wrk) and psql. The devnet
# is reused on DEVNET_PORT (default 8545) or started by the service.
set -euo pipefail
server="${BENCH_DATABASE_SERVER:-postgresql://postgres@127.0.0.1:5432}"
port="${BENCH_PORT:-3912}"
for round in 1 2; do
  for variant in "$@"; do
    read -r root settings <<< "$variant"
    db="bench_health_${RANDOM}"
    psql "$server/postgres" -qc "CREATE DATABASE $db"
    # shellcheck disable=SC2086 # settings are NAME=value words
    (cd "$root" && exec env PORT=$port HOST=127.0.0.1 API_PROCESSES=1 LOG_LEVEL=error DATA_DIR=.data \
      DATABASE_URL="$server/$db" $settings node dist/src/main.js > /dev/null 2>&1) &
    pid=$!
    for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/health" > /dev/null && break; sleep 0.2; done
    wrk -t2 -c50 -d3s "http://127.0.0.1:$port/health" > /dev/null # warm-up
    echo "round $round, $variant: $(wrk -t2 -c50 -d10s --latency "http://127.0.0.1:$port/health" \
      | grep -E 'Requests/sec|99%' | tr -s ' ' | tr '\n' ' ')"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    psql "$server/postgres" -qc "DROP DATABASE $db WITH (FORCE)"
  done
done
echo "$(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
