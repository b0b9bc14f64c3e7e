import ReMVVMMiddleware
import ReMVVMStore

/// What a SwiftUI `Binding` made from a store's binding reads and sends: the part's value, and
/// the binding's `set`, which dispatches the part's `BindingAction`.
@MainActor
struct BindingAccess<Value> {
    let get: @MainActor () -> Value
    let set: @MainActor (Value) -> Void

    init<State>(_ binding: StoreBinding<State, Value>) {
        get = binding.get
        set = binding.set
    }

    /// The access to a part of an entry's screen: `fallback` while the entry shows no such
    /// part (a view may draw once more while its screen leaves).
    init<State>(_ binding: EntryBinding<State, Value>, fallback: Value) {
        get = { binding.get() ?? fallback }
        set = binding.set
    }
}
