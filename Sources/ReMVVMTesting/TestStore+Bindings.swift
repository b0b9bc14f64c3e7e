public import ReMVVMStore

extension TestStore {
    /// Sends the setting of a declared part, as a view's binding makes it, and checks the state
    /// right after its reduce.
    ///
    /// ```swift
    /// struct Draft: Equatable { var title = "" }
    /// struct Editor: StoreState, Equatable { var draft = Draft() }
    ///
    /// let store = TestStore(with: Editor())
    /// store.register(binding: \.draft.title, named: "draft.title")
    /// try await store.send(binding: \.draft.title, to: "Dune") { $0.draft.title = "Dune" }
    /// ```
    ///
    /// It is ``send(_:timeout:filePath:line:assert:)`` of the `BindingAction` that the part's
    /// binding dispatches, with the part's registered name, so everything `send` checks holds:
    /// exhaustivity, actions left unreceived, the wait for a middleware that deferred it. Unlike
    /// `StoreBinding.set(_:)`, it sends a value equal to the current one too (a step the test
    /// asked for; its state must not change). A part that was not declared fails the step,
    /// naming it, and sends nothing. A binding set by a view model under test, through
    /// ``store``, is received instead: `receive(BindingAction<String>.self)`.
    ///
    /// - Parameters:
    ///   - keyPath: The part, declared with `register(binding:)`.
    ///   - value: The part's new value.
    ///   - timeout: How long to wait for a middleware that deferred `next`; ``timeout`` if `nil`.
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    ///   - update: Changes the state before into the expected state after.
    /// - Returns: The work the action set off; see ``send(_:timeout:filePath:line:assert:)``.
    /// - Throws: ``TestStoreFailure`` when the part was not declared, or as `send` does.
    @discardableResult
    public func send<Value: Sendable>(
        binding keyPath: WritableKeyPath<State, Value>,
        to value: Value,
        timeout: Duration? = nil,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws -> TestStoreTask {
        guard let name = store.bindingName(of: keyPath) else {
            try step("send binding \(keyPath)", filePath, line) {
                throw StepFailure(
                    "send binding \(keyPath): that part is not registered; declare it with "
                        + "register(binding:) before sending it.")
            }
            preconditionFailure("internal inconsistency: a failing step returned")
        }
        return try await send(
            BindingAction(path: name, value: value), timeout: timeout, filePath: filePath, line: line,
            assert: update)
    }

    /// The part at `keyPath` of the test store's state, as a view reads and sets it: the binding
    /// of the store underneath (`Store.binding(_:)`). A set dispatches the part's
    /// `BindingAction` as a view's would, so the test receives it, as any action it did not send.
    ///
    /// ```swift
    /// struct Draft: Equatable { var title = "" }
    /// struct Editor: StoreState, Equatable { var draft = Draft() }
    ///
    /// let store = TestStore(with: Editor())
    /// store.register(binding: \.draft.title, named: "draft.title")
    /// store.binding(\.draft.title).set("Dune")
    /// try await store.receive(BindingAction<String>.self) { $0.draft.title = "Dune" }
    /// ```
    ///
    /// To send the part's action as a step of its own, use ``send(binding:to:timeout:filePath:line:assert:)``.
    ///
    /// - Parameter keyPath: The part, declared with `register(binding:)`.
    /// - Returns: The binding.
    public func binding<Value: Sendable>(_ keyPath: WritableKeyPath<State, Value>) -> StoreBinding<
        State, Value
    > {
        store.binding(keyPath)
    }
}

extension TestStore {
    /// Sends the setting of a part of the state of the screen in navigation entry `entry`, as
    /// its `EntryBinding` (ReMVVMMiddleware) would, and checks the change as ``send(_:timeout:filePath:line:assert:)``
    /// does.
    ///
    /// <!-- snippet: given store: TestStore<AppState> -->
    /// ```swift
    /// var recording = RecordState()
    /// recording.note = "Ran late"
    /// try await store.send(binding: \RecordState.note, entry: 2, to: "Ran late") {
    ///     $0.navigation[id: 2]?.screen = .record(recording)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part of the screen's state, declared with `register(binding:forEach:case:)`.
    ///   - entry: The navigation entry.
    ///   - value: The part's new value.
    ///   - timeout: How long to wait for the action's pass; ``timeout`` unless given.
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    ///   - update: Sets what the test expects to change in the state.
    /// - Returns: The action's work, to wait for with `finish()`.
    /// - Throws: ``TestStoreFailure`` when the part is not registered or the step fails.
    @discardableResult
    public func send<Payload, Value: Sendable>(
        binding part: WritableKeyPath<Payload, Value>,
        entry: Int,
        to value: Value,
        timeout: Duration? = nil,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws -> TestStoreTask {
        let name = store.entryBinding(part, of: Value.self)?.name ?? "\(part) (not registered)"
        return try await send(
            BindingAction(path: name, value: value, entry: entry), timeout: timeout, filePath: filePath,
            line: line, assert: update)
    }
}
