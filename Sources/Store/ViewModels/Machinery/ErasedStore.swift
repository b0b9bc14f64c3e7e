/// A store with its state type erased, so the global configuration can hold any store.
@MainActor
protocol ErasedStore: AnyObject {
    var stateTypeName: String { get }
    func erasedViewModel<VM>(for context: AnyObject, key: String?) -> VM?
    func erasedDispatch(_ action: any StoreAction)
}
