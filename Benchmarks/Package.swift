// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so the library carries no benchmark dependency. Run `./run.sh` for
// the table of results, `./ci-smoke.sh` for the allocation gate that CI runs.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ReMVVM", path: ".."),
        // The trait brings in the malloc interposer that the mallocCountTotal metric needs.
        .package(
            url: "https://github.com/ordo-one/benchmark.git",
            from: "1.38.1",
            traits: ["MallocInterposer"]
        ),
        // Counts allocations for the CI check without the benchmark harness, which builds fast.
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
    ],
    targets: [
        // The workloads, shared by the benchmarks and by the profiling driver.
        .target(
            name: "Workloads",
            dependencies: [.product(name: "ReMVVM", package: "ReMVVM")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Runs one workload without the benchmark harness, for valgrind --tool=callgrind.
        .executableTarget(
            name: "remvvm-profile",
            dependencies: ["Workloads"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Counts mallocs per operation of every workload and fails above the limits: the CI check.
        .executableTarget(
            name: "remvvm-malloc-check",
            dependencies: [
                "Workloads",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Checks in a release build what the engine lends without a retain: the CI check.
        .executableTarget(
            name: "remvvm-lending-check",
            dependencies: [.product(name: "ReMVVM", package: "ReMVVM")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "ReMVVMBenchmarks",
            dependencies: [
                "Workloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ReMVVMBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
