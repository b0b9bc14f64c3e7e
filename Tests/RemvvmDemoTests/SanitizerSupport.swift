import Foundation

/// The size of a load (fuzzed lines, killed runs): `full` in the test suite, a tenth under the
/// sanitizers (`REMVVM_SANITIZED=1`, set by `.ci/reliability.sh`), which look for races and
/// memory errors rather than wrong states, and run each step ten times slower.
func loadSize(_ full: Int) -> Int {
    ProcessInfo.processInfo.environment["REMVVM_SANITIZED"] == "1" ? max(full / 10, 1) : full
}
