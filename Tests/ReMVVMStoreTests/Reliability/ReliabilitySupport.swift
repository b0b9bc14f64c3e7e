import Foundation
import ReMVVMStore
import Testing

/// Shared tools of the reliability suites: load sizes, memory readings (seeded randomness is
/// ReMVVMTestSupport's `SeededGenerator`).
enum Reliability {
    /// The value of an environment variable, or `nil`.
    static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }

    /// An integer from the environment, for scaling loads up in CI; `defaultValue` otherwise.
    static func integer(_ name: String, default defaultValue: Int) -> Int {
        environment(name).flatMap { Int($0) } ?? defaultValue
    }

    /// How many seeded runs a model check makes: `full` in the test suite, a tenth under the
    /// sanitizers (`REMVVM_SANITIZED=1`, set by `.ci/reliability.sh`), which look for races and
    /// memory errors rather than wrong states, and run each step ten times slower.
    static func modelCheckRuns(_ full: Int) -> Int {
        isSanitized ? max(full / 10, 1) : full
    }

    /// The size of a load (chained dispatches, repetitions): `full` in the test suite, a tenth
    /// under the sanitizers, as ``modelCheckRuns(_:)``. A tenth is still far more than a wrong
    /// engine survives (a recursive dispatch is 100,000 frames deep); the full size runs in the
    /// plain test step, and in the release soak step for the load suites.
    static func loadSize(_ full: Int) -> Int {
        modelCheckRuns(full)
    }

    /// Whether the tests run under a sanitizer (`REMVVM_SANITIZED=1`, set by
    /// `.ci/reliability.sh`): its instrumentation holds references of its own, so a test of
    /// which node a write reused checks only the values there.
    static var isSanitized: Bool {
        environment("REMVVM_SANITIZED") == "1"
    }

    /// Whether the soak tests are switched on (`REMVVM_SOAK=1`): they take a release build and a
    /// minute of CPU, so the default test run leaves them out.
    static var isSoakEnabled: Bool {
        environment("REMVVM_SOAK") == "1"
    }

    /// The base seed of the seeded tests: `REMVVM_SEED` when set (to replay a failure), a fixed
    /// value otherwise so that CI runs are repeatable.
    static var baseSeed: UInt64 {
        environment("REMVVM_SEED").flatMap { UInt64($0) } ?? 0x5EED_2026
    }

    /// The resident set size of this process in bytes, read from `/proc/self/statm` (its second
    /// field counts resident pages); `nil` where the file does not exist.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
            return nil
        }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The address of a local variable of the caller's frame: how deep the stack is right now.
    @inline(never)
    static func stackAddress() -> UInt {
        var marker = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}

extension Reliability {
    /// Collects the diagnostics a store reports, so tests can assert on them instead of stderr.
    @MainActor
    final class DiagnosticsLog {
        private(set) var entries: [StoreDiagnostic] = []

        var kinds: [StoreDiagnostic.Kind] { entries.map(\.kind) }

        func install<State: StoreState>(on store: Store<State>) {
            store.diagnosticsHandler = { [weak self] diagnostic in self?.entries.append(diagnostic) }
        }

        func count(of kind: StoreDiagnostic.Kind) -> Int {
            entries.count { $0.kind == kind }
        }
    }
}
