public import ReMVVMStore

extension StoreRegistering {
    /// Declares a part of a screen's own state that a view may set directly: the part at
    /// `part` of the payload of one case of the app's screen enum, in every navigation entry whose
    /// screen is that case.
    ///
    /// ```swift
    /// if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    ///     store.register(binding: \RecordState.note, forEach: \.navigation, case: Screen.record)
    /// }
    /// store.binding(\RecordState.note, entry: 2).set("Ran late")
    /// // dispatched: BindingAction<String>(path: "RecordState.note", value: "Ran late", entry: 2)
    /// ```
    ///
    /// The part is named after its key path with its root type (`RecordState.note`), which needs
    /// the key path's text: macOS 14, iOS 17, tvOS 17, watchOS 10 and later (and Linux). Before,
    /// use ``register(binding:named:forEach:case:)``. A set dispatches a `BindingAction` that
    /// names its entry; it goes through the middleware and is traced, recorded, replayed, undone
    /// and kept like any other action. An entry that is not shown, or shows another case, is
    /// reported as `StoreDiagnostic.Kind.unregisteredBinding`, and nothing changes.
    ///
    /// A key path is registered once: a screen state shown by two cases (`.new(FormState)` and
    /// `.edit(FormState)`), or in two navigations, binds its parts in one of them.
    ///
    /// - Parameters:
    ///   - part: The part of the screen's state.
    ///   - navigation: The navigation in the state.
    ///   - embed: The case's constructor, such as `Screen.record`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public func register<Screen: Equatable & Sendable, Payload, Value: Sendable>(
        binding part: WritableKeyPath<Payload, Value>,
        forEach navigation: WritableKeyPath<State, NavigationState<Screen>>,
        case embed: @escaping (Payload) -> Screen
    ) {
        guard let name = BindingName.derivedWithRoot(from: part) else {
            _storeBeingSetUp.reportInvalidBinding(
                part,
                because: "no stable name can be derived from its key path (a computed property or a "
                    + "subscript on the path); name it with register(binding:named:forEach:case:)")
            return
        }
        register(binding: part, named: name, forEach: navigation, case: embed)
    }

    /// Declares a part of a screen's own state that a view may set directly, under the name
    /// `name`: as ``register(binding:forEach:case:)``, on every system.
    ///
    /// ```swift
    /// store.register(binding: \RecordState.note, named: "record.note", forEach: \.navigation, case: Screen.record)
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part of the screen's state.
    ///   - name: The part's name in the actions that set it: stable across builds, since logs
    ///     keep it. It must differ from every other part's.
    ///   - navigation: The navigation in the state.
    ///   - embed: The case's constructor, such as `Screen.record`.
    public func register<Screen: Equatable & Sendable, Payload, Value: Sendable>(
        binding part: WritableKeyPath<Payload, Value>,
        named name: String,
        forEach navigation: WritableKeyPath<State, NavigationState<Screen>>,
        case embed: @escaping (Payload) -> Screen
    ) {
        let screenCase = ScreenCase(embed)
        _storeBeingSetUp.registerEntryBinding(
            part, named: name,
            set: { state, entry, value in
                guard
                    let (_, found) = screenCase.payload(
                        of: entry, in: state[keyPath: navigation].shownEntries)
                else { return false }
                var payload = found
                payload[keyPath: part] = value
                state[keyPath: navigation][id: entry]?.screen = embed(payload)
                return true
            },
            get: { state, entry in
                let entries = state[keyPath: navigation].shownEntries
                guard entries.contains(where: { $0.id == entry }) else { return .none }
                return .some(screenCase.payload(of: entry, in: entries)?.payload[keyPath: part])
            })
    }
}
