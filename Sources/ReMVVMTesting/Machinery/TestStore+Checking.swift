import ReMVVMStore

// How TestStore records what the store reduced, checks it against a step, and reports a
// failing step.

extension TestStore {
    // MARK: - Recording

    func passEnded(
        _ action: any StoreAction,
        outcome: StorePassOutcome,
        state: State,
        context: AnyObject?
    ) {
        var step: Step?
        if outcome == .reduced {
            step = Step(action: action, before: latestState, after: state)
            if let reduced = lastReducedAction, Self.describe(reduced) != Self.describe(action) {
                step?.reduced = reduced
            }
            lastReducedAction = nil
            latestState = state
        }
        if let sending, sending.outcome == nil || sending.outcome == .deferred,
            sending.isFirstPass || (context != nil && sending.context === context)
        {
            sending.isFirstPass = false
            sending.outcome = outcome
            sending.step = step
            if outcome == .deferred {
                sending.wasDeferred = true
                sending.context = context
            }
            return
        }
        if let step {
            unreceived.append(step)
            updateLedger()
        }
    }

    // MARK: - The action as reduced

    /// `title`, the step's title naming the action as sent, followed by the action the reducer
    /// got when a middleware replaced it: `send AddBook(id: nil), which a middleware replaced
    /// with AddBook(id: 4)`.
    static func title(_ title: String, sent: any StoreAction, reduced: (any StoreAction)?) -> String {
        guard let reduced else { return title }
        let reducedText = describe(reduced)
        guard reducedText != describe(sent) else { return title }
        return "\(title), which a middleware replaced with \(reducedText)"
    }

    // MARK: - Checking

    func checkNothingUnreceived(before title: String) throws {
        guard !unreceived.isEmpty else { return }
        if exhaustivity != .on {
            for step in unreceived { reportSkipped(step.actionAsReduced) }
            unreceived.removeAll()
            return
        }
        let lines = unreceived.map { "  \($0.text)" }
        unreceived.removeAll()
        throw StepFailure(
            ([
                "\(title): \(lines.count) action\(lines.count == 1 ? " was" : "s were") reduced and not received:"
            ]
                + lines).joined(separator: "\n")
        )
    }

    func check(_ step: Step, update: ((inout State) throws -> Void)?, title: String) throws {
        try check(
            expected: exhaustivity == .on ? step.before : step.after, actual: step.after, update: update,
            title: title)
        if exhaustivity == .off(listingSkipped: true) { reportSkippedChanges(of: step, update: update) }
    }

    // MARK: - Listing what is skipped

    /// Reports each change of `step` that `update` did not set: what an exhaustive test store
    /// would have failed on. `update` runs once more, on the state before the action; when it
    /// throws there, nothing is reported.
    func reportSkippedChanges(of step: Step, update: ((inout State) throws -> Void)?) {
        var expected = step.before
        if let update {
            do { try update(&expected) } catch { return }
        }
        if ValueDiff.equatableEqual(expected, step.after) == true { return }
        for difference in ValueDiff.differences(from: expected, to: step.after) {
            let change =
                switch difference.kind {
                case .changed: "\(difference.path): \(difference.from) -> \(difference.to)"
                case .added: "\(difference.path) added: \(difference.to)"
                case .removed: "\(difference.path) removed"
                case .reordered: "\(difference.path): order \(difference.from) -> \(difference.to)"
                }
            reportSkipped("the change \(change)")
        }
    }

    /// Reports `action`, reduced and skipped without being received.
    func reportSkipped(_ action: any StoreAction) {
        reportSkipped("the action \(Self.describe(action)), reduced and not received")
    }

    /// Reports `what` as skipped at the current step, when ``exhaustivity`` lists what it skips:
    /// through the diagnostics handler of the store underneath, which does not fail the test.
    func reportSkipped(_ what: String) {
        guard exhaustivity == .off(listingSkipped: true) else { return }
        let location = currentStep.map { "\(Self.fileName($0.filePath)):\($0.line): \($0.title): " } ?? ""
        store.report(.assertionSkipped, "\(location)skipped \(what)")
    }

    /// Fails unless `actual` equals `expected` changed by `update`.
    func check(
        expected: State, actual: State, update: ((inout State) throws -> Void)?, title: String
    ) throws {
        var expected = expected
        try update?(&expected)
        if let equal = ValueDiff.equatableEqual(expected, actual) {
            if equal { return }
        }
        let differences = ValueDiff.differences(from: expected, to: actual)
        guard !differences.isEmpty else { return }
        let lines = differences.map { difference in
            // A row only one side has reads as any missing element: `expected no element`.
            let order = difference.kind == .reordered ? "order " : ""
            return "  \(difference.path): expected \(order)\(difference.from), got \(difference.to)"
        }
        throw StepFailure(
            (["\(title): the state differs from the expected one:"] + lines).joined(separator: "\n"))
    }

    func failure(_ headline: String, pending: Bool) -> StepFailure {
        var lines = [headline]
        let held = store.pendingWork
        if !held.isEmpty {
            lines.append("Still pending:")
            lines += held.map { "  \($0)" }
        }
        if !unreceived.isEmpty {
            lines.append("Reduced and not received:")
            lines += unreceived.map { "  \($0.text)" }
        }
        return StepFailure(lines.joined(separator: "\n"))
    }

    // MARK: - Steps

    /// What a step throws inside; ``step(_:_:_:_:)`` gives it the step's file and line.
    struct StepFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// Runs one step: its failures name `filePath` and `line`, and the ledger learns about it.
    func step(
        _ title: String, _ filePath: StaticString, _ line: UInt, _ body: () async throws -> Void
    ) async throws {
        noteStep(title, filePath, line)
        do {
            try await body()
            updateLedger()
        } catch {
            throw failed(error, filePath, line)
        }
    }

    /// Runs one synchronous step; see ``step(_:_:_:_:)``.
    func step(
        _ title: String, _ filePath: StaticString, _ line: UInt, _ body: () throws -> Void
    ) throws {
        noteStep(title, filePath, line)
        do {
            try body()
            updateLedger()
        } catch {
            throw failed(error, filePath, line)
        }
    }

    func noteStep(_ title: String, _ filePath: StaticString, _ line: UInt) {
        currentStep = (title, filePath, line)
        let file = Self.fileName(filePath)
        ledger.entry.withLock {
            $0.lastStep = "\(title) at \(file):\(line)"
            $0.lastStepLocation = (filePath, line)
        }
    }

    /// The failure a step throws for `error`: a step's own, or one the assertion closure threw.
    /// It is recorded as an issue of the running test first, when a reporter is there.
    func failed(_ error: any Error, _ filePath: StaticString, _ line: UInt) -> TestStoreFailure {
        ledger.entry.withLock { $0.stepFailed = true }
        let message = (error as? StepFailure)?.message ?? "the assertion closure threw \(error)"
        let isRecorded = TestStoreIssues.report(TestStoreIssue(message, filePath: filePath, line: line))
        return TestStoreFailure(message, filePath: filePath, line: line, isRecordedAsIssue: isRecorded)
    }

    /// Writes down what would be left unasserted if the test ended now.
    func updateLedger() {
        var leftOver = store.pendingWork.map { "still pending: \($0)" }
        leftOver += unreceived.map { "reduced and not received: \($0.text)" }
        let isExhaustive = exhaustivity == .on
        ledger.entry.withLock {
            $0.leftOver = leftOver
            $0.isExhaustive = isExhaustive
        }
    }

    /// Waits until `condition` holds or `limit` passed; returns whether it holds.
    ///
    /// Counts at most 50 ms per check: when other work holds the main actor for longer (tests
    /// running in parallel), the time it held it does not use up the wait, so the effects
    /// waited for, which need the main actor too, get their turn before the wait gives up.
    func wait(_ limit: Duration, until condition: () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        var waited = Duration.zero
        var last = clock.now
        while !condition() {
            if waited >= limit || Task.isCancelled { return false }
            try? await Task.sleep(for: .milliseconds(1))
            let now = clock.now
            waited += min(now - last, .milliseconds(50))
            last = now
        }
        return true
    }

    /// An action as failures show it, as `ValueText` writes actions: its qualified type and
    /// its value, `FavoritesFeature.Toggle(id: 3)`, `NavigationAction<Screen>.push(.list)`.
    static func describe(_ action: any StoreAction) -> String {
        ValueText.action(action, limit: ValueDiff.testStoreValueLimit)
    }

    /// The last component of a `#filePath`.
    static func fileName(_ filePath: StaticString) -> String {
        TestStoreIssue.fileName(filePath)
    }

    static func show(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
