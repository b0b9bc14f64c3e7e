// The CI allocation check: runs every workload and fails when one operation allocates more
// than its `mallocLimit`. Malloc counts are deterministic in steady state, so one pass of
// 1,000 operations per workload is exact; times are not measured here.
//
// The interposer counts only when its library is preloaded, as `ci-smoke.sh` does:
//
//     LD_PRELOAD=.build/release/libMallocInterposerSwift.so .build/release/remvvm-malloc-check
import Foundation
import MallocInterposerSwift
import Workloads

let operations = 1_000

/// Counts the mallocs `body` makes.
func countMallocs(_ body: () -> Void) -> Int {
    MallocInterposerSwift.reset()
    MallocInterposerSwift.hook()
    body()
    MallocInterposerSwift.unhook()
    return MallocInterposerSwift.getStatistics().mallocCount
}

/// A class instance, to check that the interposer counts at all.
final class Probe {}

@inline(never)
func allocateProbe() -> AnyObject { Probe() }

let probeCount = countMallocs { _ = allocateProbe() }
guard probeCount >= 1 else {
    print("remvvm-malloc-check: the malloc interposer counted nothing; preload it with")
    print("LD_PRELOAD=.build/release/libMallocInterposerSwift.so (see ci-smoke.sh).")
    exit(2)
}

/// Runs every workload and returns the names of those above their limit.
@MainActor
func check() async -> [String] {
    print("workload          mallocs/op  limit")
    print("------------------------------------")
    var failures: [String] = []
    for kind in WorkloadKind.allCases {
        let workload = kind.make()
        await workload.prepare()
        workload.run(operations)
        let perOperation = Double(countMallocs { workload.run(operations) }) / Double(operations)
        let verdict = perOperation <= kind.mallocLimit ? "" : "  ABOVE THE LIMIT"
        let name = kind.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
        print(
            "\(name) \(String(format: "%11.3f", perOperation)) \(String(format: "%6g", kind.mallocLimit))\(verdict)"
        )
        if !verdict.isEmpty { failures.append(kind.rawValue) }
    }
    return failures
}
let failures = await check()
if failures.isEmpty {
    print("\nMallocs per operation: every workload within its limit.")
} else {
    print("\nMallocs per operation above the limit: \(failures.joined(separator: ", "))")
    exit(1)
}
