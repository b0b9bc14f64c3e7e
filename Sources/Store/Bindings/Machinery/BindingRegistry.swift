// The parts of one store that views may set, by key path and by name. One per store, kept as
// the store's attachment, so `Store` has no field for a feature most stores do not use.

/// The parts of a store's state declared with `register(binding:)`: each key path with its
/// name, each name with its key path, and the value types whose ``BindingAction`` has its
/// reducer already.
@MainActor
final class BindingRegistry<State: StoreState> {
    /// What a registration did.
    enum Registration: Equatable {
        /// The part is registered under its name.
        case added
        /// The part was registered already; the message says under which name.
        case refused(String)
    }

    private var namesByPath: [AnyKeyPath: String] = [:]
    private var pathsByName: [String: AnyKeyPath] = [:]
    /// The value types whose binding action is reduced in this store.
    private var reducedValueTypes: Set<ObjectIdentifier> = []
    /// The parts of screens' states in navigation entries, by name: how to set one in an entry
    /// (`(inout State, Int, Value) -> Bool`, `false` when the entry does not show it), and how to
    /// read it (`(State, Int) -> Value??`: `nil` when the entry is gone, `.some(nil)` when it shows
    /// another screen).
    private var entryParts: [String: (set: Any, get: Any)] = [:]

    /// The name `keyPath` was registered with, or `nil`.
    func name(of keyPath: AnyKeyPath) -> String? {
        namesByPath[keyPath]
    }

    /// The part registered as `name`, when its value is a `Value`.
    func keyPath<Value>(named name: String, of _: Value.Type) -> WritableKeyPath<State, Value>? {
        pathsByName[name] as? WritableKeyPath<State, Value>
    }

    /// Registers `keyPath` as `name`, unless the part or the name is taken.
    func add(_ keyPath: AnyKeyPath, named name: String) -> Registration {
        if let existing = namesByPath[keyPath] {
            return .refused("\(keyPath) is registered already, as \"\(existing)\"")
        }
        if let other = pathsByName[name] {
            return .refused("the name \"\(name)\" is \(other)'s already")
        }
        namesByPath[keyPath] = name
        pathsByName[name] = keyPath
        return .added
    }

    /// Whether `BindingAction<Value>` needs its reducer still; notes that it has it from now on.
    /// Adds a part of the screens' states in navigation entries, named `name`.
    func add<Value>(
        entryPart keyPath: AnyKeyPath, named name: String,
        set: @escaping @MainActor (inout State, Int, Value) -> Bool,
        get: @escaping @MainActor (State, Int) -> Value??
    ) -> Registration {
        let registration = add(keyPath, named: name)
        if registration == .added { entryParts[name] = (set, get) }
        return registration
    }

    /// How to set the entry part named `name`, when it holds `Value`s.
    func entrySetter<Value>(named name: String, of _: Value.Type) -> (
        @MainActor (inout State, Int, Value) -> Bool
    )? {
        entryParts[name]?.set as? @MainActor (inout State, Int, Value) -> Bool
    }

    /// How to read the entry part named `name`, when it holds `Value`s.
    func entryGetter<Value>(named name: String, of _: Value.Type) -> (@MainActor (State, Int) -> Value??)? {
        entryParts[name]?.get as? @MainActor (State, Int) -> Value??
    }

    func needsReducer<Value>(for _: Value.Type) -> Bool {
        reducedValueTypes.insert(ObjectIdentifier(Value.self)).inserted
    }
}
