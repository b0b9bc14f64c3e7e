/// Keeps the view models made for context objects, such as screens, for as long as the context
/// lives.
///
/// Asking again with the same context, view-model type and key returns the instance made the
/// first time. The store holds each context weakly: once a context is deallocated, its view
/// models are released on the store's next use (Linux has no runtime hook that runs when an
/// arbitrary object is deallocated, so the release happens at the next call, not inside the
/// context's `deinit`).
///
/// ```swift
/// let viewModels = ViewModelStore()
/// let first: LoginViewModel? = viewModels.viewModel(for: screen, factory: factory)
/// let again: LoginViewModel? = viewModels.viewModel(for: screen, factory: factory)
/// // first === again
/// ```
/// Machinery of the package: the store of ReMVVMStore keeps one, and clients reach it through
/// `Store.viewModel(for:key:)`.
@MainActor
@usableFromInline
package final class ViewModelStore {
    struct Key: Hashable {
        let type: ObjectIdentifier
        let key: String?
    }

    @usableFromInline
    final class Slot {
        weak var context: AnyObject?
        var viewModels: [Key: Any] = [:]

        init(context: AnyObject) { self.context = context }
    }

    var slots: [ObjectIdentifier: Slot] = [:] {
        didSet { hasNoSlots = slots.isEmpty }
    }
    /// Whether ``slots`` is empty, kept apart for the store's hot path: reading `slots` there
    /// made a dynamic exclusivity check, 76 of a plain dispatch's 965 instructions (callgrind,
    /// `d0`). Only the main actor touches it, and nothing reads it while it is being set. Read
    /// through the inlinable ``isEmpty``: read directly from the store's module, a `package`
    /// stored property is checked dynamically all the same (82 instructions).
    @exclusivity(unchecked) @usableFromInline var hasNoSlots = true

    /// Creates an empty store.
    package nonisolated init() {}

    /// Whether no context holds view models; cheap, for the store's hot path.
    @inlinable
    package var isEmpty: Bool { hasNoSlots }

    /// The number of live contexts that hold view models.
    package var contextCount: Int {
        releaseViewModelsOfDeallocatedContexts()
        return slots.count
    }

    /// Returns the view model kept for `context`, `VM` and `key`, making it with `create` the
    /// first time.
    ///
    /// ```swift
    /// let viewModels = ViewModelStore()
    /// let viewModel: LoginViewModel? = viewModels.viewModel(for: screen) { LoginViewModel() }
    /// ```
    ///
    /// - Parameters:
    ///   - context: The object whose lifetime bounds the view model's.
    ///   - key: Tells apart view models of one type for one context.
    ///   - create: Makes the view model when none is kept; a `nil` result is not kept.
    /// - Returns: The kept or new view model, or `nil` when `create` made none.
    /// - Complexity: O(1) on average, plus O(*c*) to release the view models of deallocated
    ///   contexts, where *c* is the number of contexts.
    package func viewModel<VM>(
        for context: AnyObject,
        key: String? = nil,
        create: () -> VM?
    ) -> VM? {
        releaseViewModelsOfDeallocatedContexts()
        let id = ObjectIdentifier(context)
        let slot: Slot
        if let existing = slots[id] {
            slot = existing
        } else {
            slot = Slot(context: context)
            slots[id] = slot
        }
        let slotKey = Key(type: ObjectIdentifier(VM.self), key: key)
        if let kept = slot.viewModels[slotKey] as? VM { return kept }
        guard let made = create() else { return nil }
        slot.viewModels[slotKey] = made
        return made
    }

    /// Returns the view model kept for `context`, `VM` and `key`, making it with `factory` the
    /// first time.
    ///
    /// - Parameters:
    ///   - context: The object whose lifetime bounds the view model's.
    ///   - key: Tells apart view models of one type for one context, and is passed to `factory`.
    ///   - factory: Makes the view model when none is kept.
    /// - Returns: The kept or new view model, or `nil` when the factory made none.
    package func viewModel<VM>(
        for context: AnyObject,
        key: String? = nil,
        factory: any ViewModelFactory
    ) -> VM? {
        viewModel(for: context, key: key) { factory.create(key: key) }
    }

    /// Releases the view models of every context that was deallocated.
    ///
    /// Each call to ``viewModel(for:key:create:)`` does this first; call it directly to release
    /// them sooner, for example after a screen was closed.
    @usableFromInline
    package func releaseViewModelsOfDeallocatedContexts() {
        guard slots.values.contains(where: { $0.context == nil }) else { return }
        slots = slots.filter { $0.value.context != nil }
    }
}
