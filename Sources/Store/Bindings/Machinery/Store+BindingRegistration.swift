// What `register(binding:)` and a binding's `set` do to a store: the registry, the reducer of
// each value type's binding action, and the reports.

extension Store {
    /// The store's registry of bindable parts, made at the first registration or lookup.
    var bindingRegistry: BindingRegistry<State> {
        attachment(BindingRegistry<State>.self) { BindingRegistry() }
    }

    /// Registers the part at `keyPath` as `name`, and, for the first part of its value type,
    /// the reducer of `BindingAction<Value>`: it sets the part the action's name maps to.
    func registerBinding<Value: Sendable>(_ keyPath: WritableKeyPath<State, Value>, named name: String) {
        register(keyPath, named: name, of: Value.self) { $0.add(keyPath, named: name) }
    }

    /// Registers a part of the screens' states in navigation entries, named `name`: for
    /// ReMVVMMiddleware's `register(binding:forEach:case:)`, which says how to set and read it in
    /// an entry (`set` returns `false` when the entry does not show the part; `get` gives `nil`
    /// when the entry is gone, `.some(nil)` when it shows another screen).
    package func registerEntryBinding<Value: Sendable>(
        _ keyPath: AnyKeyPath, named name: String,
        set: @escaping @MainActor (inout State, Int, Value) -> Bool,
        get: @escaping @MainActor (State, Int) -> Value??
    ) {
        register(keyPath, named: name, of: Value.self) {
            $0.add(entryPart: keyPath, named: name, set: set, get: get)
        }
    }

    /// Adds a part to the registry with `add`, unless its name is empty, reporting a refusal;
    /// then makes sure its value type has its reducer.
    private func register<Value: Sendable>(
        _ keyPath: AnyKeyPath, named name: String, of _: Value.Type,
        _ add: (BindingRegistry<State>) -> BindingRegistry<State>.Registration
    ) {
        guard !name.isEmpty else {
            reportInvalidBinding(keyPath, because: "its name is empty")
            return
        }
        if case .refused(let reason) = add(bindingRegistry) {
            reportInvalidBinding(keyPath, because: reason)
            return
        }
        installBindingReducer(for: Value.self)
    }

    /// The name and the reader of an entry part registered with ``registerEntryBinding``.
    package func entryBinding<Value>(_ keyPath: AnyKeyPath, of _: Value.Type) -> (
        name: String, get: @MainActor (State, Int) -> Value??
    )? {
        let registry = bindingRegistry
        guard let name = registry.name(of: keyPath),
            let get = registry.entryGetter(named: name, of: Value.self)
        else { return nil }
        return (name, get)
    }

    /// The reducer of `BindingAction<Value>`, once per value type.
    private func installBindingReducer<Value: Sendable>(for _: Value.Type) {
        let registry = bindingRegistry
        guard registry.needsReducer(for: Value.self) else { return }
        // The reducer stays pure: it reads the registry, which changes only at registration, and
        // reports through the store, weakly held (the store holds the reducer).
        engine.registerClosure(BindingAction<Value>.self, at: \State.self) { [weak self] state, action in
            if let entry = action.entry {
                guard let set = registry.entrySetter(named: action.path, of: Value.self) else {
                    self?.diagnosticsHandler(Self.unknownPartDiagnostic(action))
                    return
                }
                if !set(&state, entry, action.value) {
                    self?.diagnosticsHandler(Self.entryNotShowingDiagnostic(action))
                }
                return
            }
            guard let part = registry.keyPath(named: action.path, of: Value.self) else {
                self?.diagnosticsHandler(Self.unknownPartDiagnostic(action))
                return
            }
            state[keyPath: part] = action.value
        }
    }

    package func reportInvalidBinding(_ keyPath: AnyKeyPath, because reason: String) {
        diagnosticsHandler(
            StoreDiagnostic(
                kind: .invalidBinding,
                message: "register(binding: \(keyPath)) did nothing: \(reason)."))
    }

    /// The report of a binding set on a part no registration declared.
    func reportUnregisteredBinding(_ keyPath: AnyKeyPath) {
        diagnosticsHandler(
            StoreDiagnostic(
                kind: .unregisteredBinding,
                message: "A binding of \(keyPath) was set, but that part is not registered; the state did "
                    + "not change. Declare it with store.register(binding:)."))
    }

    /// The report of a binding action whose name no part of its value type has.
    static func entryNotShowingDiagnostic<Value>(_ action: BindingAction<Value>) -> StoreDiagnostic {
        StoreDiagnostic(
            kind: .unregisteredBinding,
            message:
                "\(ValueText.action(action, limit: 200)): entry \(action.entry ?? 0) is not shown, or its "
                + "screen is not the one that holds \(action.path); the state did not change.")
    }

    static func unknownPartDiagnostic<Value>(_ action: BindingAction<Value>) -> StoreDiagnostic {
        StoreDiagnostic(
            kind: .unregisteredBinding,
            message: "\(ValueText.action(action, limit: 200)) names no registered part of type "
                + "\(TypeName.of(Value.self)); the state did not change. Declare the part with "
                + "store.register(binding:named:) under that name.")
    }
}
