#!/usr/bin/env bash
# /health with a check per request (HEALTH_CACHE_MS=0) against the default cached check (1000), interleaved,
# on the built service (one API process each, a scratch database per run). By hand, after `npm run build`:
#   BENCH_DATABASE_SERVER=postgresql://postgres@127.0.0.1:5432 bash bench/health-cache.sh
# Needs wrk (apt-get install wrk) and psql. The devnet is reused on DEVNET_PORT (default 8545) or started.
set -euo pipefail
cd "$(dirname "$0")/.."
server="${BENCH_DATABASE_SERVER:-postgresql://postgres@127.0.0.1:5432}"
port="${BENCH_PORT:-3911}"
for round in 1 2; do
  for cache in 0 1000; do
    db="bench_health_${RANDOM}"
    psql "$server/postgres" -qc "CREATE DATABASE $db"
    PORT=$port HOST=127.0.0.1 API_PROCESSES=1 LOG_LEVEL=error HEALTH_CACHE_MS=$cache DATA_DIR=.data \
      DATABASE_URL="$server/$db" node dist/src/main.js > /dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/health" > /dev/null && break; sleep 0.2; done
    wrk -t2 -c50 -d3s "http://127.0.0.1:$port/health" > /dev/null # warm-up
    echo "round $round, HEALTH_CACHE_MS=$cache: $(wrk -t2 -c50 -d10s --latency "http://127.0.0.1:$port/health" \
      | grep -E 'Requests/sec|99%' | tr -s ' ' | tr '\n' ' ')"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    psql "$server/postgres" -qc "DROP DATABASE $db WITH (FORCE)"
  done
done
echo "$(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
