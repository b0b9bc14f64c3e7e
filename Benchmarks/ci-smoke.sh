#!/usr/bin/env bash
# CI smoke pass for the benchmarks: builds the allocation check and the benchmark executable,
# then fails when a workload allocates more per operation than its limit
# (`WorkloadKind.mallocLimit` in Sources/Workloads/Workload.swift). Malloc counts are
# deterministic in steady state; times on a shared CI machine are not, so none are gated.
#
#   Benchmarks/ci-smoke.sh
#   REMVVM_SMOKE_SKIP_BENCHMARK_BUILD=1 Benchmarks/ci-smoke.sh   # the check alone, faster
set -euo pipefail
cd "$(dirname "$0")"

echo "Building the allocation check (release)"
swift build -c release --product remvvm-malloc-check
.build/release/remvvm-malloc-check

echo
echo "Building the lending check (release)"
swift build -c release --product remvvm-lending-check
.build/release/remvvm-lending-check

if [[ "${REMVVM_SMOKE_SKIP_BENCHMARK_BUILD:-}" != 1 ]]; then
    echo
    echo "Building the benchmarks (release)"
    swift build -c release --product ReMVVMBenchmarks
fi
