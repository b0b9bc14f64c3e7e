#if canImport(Testing)
    import ReMVVMStore
    package import Testing

    /// For this package's own tests, which make a ``TestStore`` fail on purpose: runs `body`,
    /// collecting the test store's issues instead of recording them, and returns the failure it
    /// threw.
    ///
    /// The step that threw must have reported the same failure as exactly one issue at its file
    /// and line first, and nothing else may have been reported; otherwise the calling test
    /// records an issue at `sourceLocation`. A body that throws nothing returns `nil`.
    @MainActor
    package func caughtTestStoreFailure(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async -> TestStoreFailure? {
        let (error, issues) = await TestStoreIssues.collect { () async -> (any Error)? in
            do {
                try await body()
                return nil
            } catch {
                return error
            }
        }
        guard let error else {
            #expect(issues.isEmpty, "issues without a thrown failure", sourceLocation: sourceLocation)
            return nil
        }
        guard let failure = error as? TestStoreFailure else {
            Issue.record(error, "not a TestStoreFailure", sourceLocation: sourceLocation)
            return nil
        }
        let reported = issues.map { "\($0.filePath):\($0.line): \($0.message)" }
        #expect(
            reported == ["\(failure.filePath):\(failure.line): \(failure.message)"]
                && failure.isRecordedAsIssue,
            "the failure thrown was not the one issue reported",
            sourceLocation: sourceLocation
        )
        return failure
    }
#endif
