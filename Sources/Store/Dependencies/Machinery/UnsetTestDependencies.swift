#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The `uuid` and `date` of a `TestStore` whose test did not set them: a test that reads them
// should say what they give, so the first draw of each is a failure of the test, at the line
// that created the test store, where `$0.uuid` or `$0.date` belongs. Draws then go on with
// counted ids and one fixed date, so the test does not fail again for the same reason.

extension UUIDGenerator {
    /// The `uuid` of a test store made at `filePath`:`line` whose test did not set one.
    static func unset(createdAt filePath: StaticString, line: UInt) -> UUIDGenerator {
        counting { number in
            if number == 0 {
                reportUnset("uuid", "`$0.uuid = .incrementing` or `.constant(...)`", filePath, line)
            }
        }
    }
}

extension DateGenerator {
    /// The `date` of a test store made at `filePath`:`line` whose test did not set one.
    static func unset(createdAt filePath: StaticString, line: UInt) -> DateGenerator {
        let hasReported = Locked(false)
        return DateGenerator {
            let isFirst = hasReported.withLock { reported in
                defer { reported = true }
                return !reported
            }
            if isFirst { reportUnset("date", "`$0.date = .constant(...)`", filePath, line) }
            return Date(timeIntervalSinceReferenceDate: 0)
        }
    }
}

private func reportUnset(_ name: String, _ setting: String, _ filePath: StaticString, _ line: UInt) {
    UnrecordedTestStoreIssues.report(
        TestStoreIssue(
            """
            A reducer drew from the \(name) dependency of this TestStore, and the test did not set \
            it. Set it in the TestStore's initializer: \(setting).
            """,
            filePath: filePath, line: line))
}
