import Benchmark
import Dispatch
import Foundation
import Workloads

// Each measured iteration performs `scaledIterations.count` (1,000) operations of one workload,
// and package-benchmark divides by that scaling factor, so every number is per dispatch (per
// view-model creation for `factory`). The workload is built and warmed in the setup closure,
// outside the measured region.

let benchmarks: @Sendable () -> Void = {
    let maxDuration = Duration.milliseconds(
        Int(ProcessInfo.processInfo.environment["REMVVM_BENCH_MS"] ?? "") ?? 1_000
    )
    let maxIterations = Int(ProcessInfo.processInfo.environment["REMVVM_BENCH_ITERATIONS"] ?? "") ?? 10_000
    for kind in WorkloadKind.allCases {
        Benchmark(
            name(of: kind),
            configuration: .init(
                metrics: [.throughput, .wallClock, .mallocCountTotal],
                warmupIterations: 3,
                scalingFactor: .kilo,
                maxDuration: maxDuration,
                maxIterations: maxIterations
            ),
            closure: { benchmark, workload in
                let count = benchmark.scaledIterations.count
                let measured = WaitingForMainActor(benchmark)
                onMainActor {
                    measured.value.startMeasurement()
                    workload.run(count)
                    measured.value.stopMeasurement()
                }
            },
            setup: { () async -> any Workload in
                let workload = await kind.make()
                await workload.prepare()
                return workload
            }
        )
    }
}

/// The dotted benchmark name of a workload, e.g. `Store.dispatch.d0`.
func name(of kind: WorkloadKind) -> String {
    switch kind {
    case .floor: "Floor.direct"
    case .factory, .factory1: "ViewModelFactory.create." + kind.rawValue.dropFirst("factory.".count)
    case .compare10, .compare100k: "IdentifiedArray.equal." + kind.rawValue.dropFirst("compare.".count)
    // The ideal engine (BoundWorkloads.swift), not the store: named apart from `Store.dispatch`.
    case .boundD0, .boundMW1, .boundMW1typed, .boundMW1borrowed: "Ideal." + kind.rawValue
    default: "Store.dispatch." + kind.rawValue
    }
}

/// Runs `body` on the main actor, where the store lives: package-benchmark calls benchmark
/// closures on another thread while the main thread serves the main queue.
func onMainActor(_ body: @MainActor () -> Void) {
    if Thread.isMainThread {
        MainActor.assumeIsolated(body)
    } else {
        DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }
}

/// Carries the benchmark to the main thread: its own thread waits in `DispatchQueue.main.sync`
/// meanwhile, so the two threads never use it at the same time.
struct WaitingForMainActor<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
