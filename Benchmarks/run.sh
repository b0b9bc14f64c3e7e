#!/usr/bin/env bash
# Runs every benchmark and prints one table: median ns per operation, ratio to the floor,
# mallocs per operation, then the time targets of issue 5 with this run's ratios.
#
#   Benchmarks/run.sh                      # about 1 s per workload
#   REMVVM_BENCH_MS=3000 Benchmarks/run.sh # longer runs, steadier medians
#   Benchmarks/run.sh --filter 'Store.*'   # extra arguments go to `swift package benchmark`
set -euo pipefail
cd "$(dirname "$0")"

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

export REMVVM_BENCH_MS="${REMVVM_BENCH_MS:-1000}"
swift package --allow-writing-to-package-directory benchmark \
    --no-progress --format jmh --path "$results" "$@" >"$results/log" 2>&1 \
    || { cat "$results/log"; exit 1; }

echo "ReMVVM benchmarks, $(date -u '+%Y-%m-%d'), $(nproc) cores, $(uname -m)," \
    "$(swift --version 2>/dev/null | head -1 | sed 's/ (.*//')"
echo
python3 report.py "$results"/*.jmh.json
