#!/usr/bin/env bash
# CI smoke pass: builds the benchmarks, runs every workload briefly and fails when a workload
# allocates more per operation than its limit in report.py. Malloc counts are deterministic;
# times on a shared CI machine are not, so they are printed but never gated.
set -euo pipefail
cd "$(dirname "$0")"

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# A few iterations of 1,000 operations each are enough for exact malloc counts.
export REMVVM_BENCH_MS="${REMVVM_BENCH_MS:-50}"
export REMVVM_BENCH_ITERATIONS="${REMVVM_BENCH_ITERATIONS:-20}"
swift package --allow-writing-to-package-directory benchmark \
    --no-progress --format jmh --path "$results" >"$results/log" 2>&1 \
    || { cat "$results/log"; exit 1; }

python3 report.py "$results"/*.jmh.json --check-mallocs
