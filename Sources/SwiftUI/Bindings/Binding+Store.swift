#if canImport(SwiftUI)
    public import ReMVVMMiddleware
    public import ReMVVMStore
    public import SwiftUI

    extension Binding {
        /// A SwiftUI binding of a part of the store's state: a control reads the part, and its
        /// edits dispatch the part's `BindingAction`, traced, recorded and undone like any other
        /// action.
        ///
        /// <!-- snippet: given store: Store<Editor> -->
        /// ```swift
        /// TextField("Title", text: Binding(store.binding(\.draft.title)))
        /// ```
        ///
        /// Declare the part with `store.register(binding:)` first. An edit that leaves the value
        /// as it is dispatches nothing.
        ///
        /// - Parameter binding: The store's binding of the part, `store.binding(_:)`.
        @MainActor
        public init<State: StoreState>(_ binding: StoreBinding<State, Value>) where Value: Sendable {
            let access = BindingAccess(binding)
            self.init(get: { @MainActor in access.get() }, set: { @MainActor in access.set($0) })
        }

        /// A SwiftUI binding of a part of the state of the screen in a navigation entry: a
        /// control reads it, and its edits dispatch the part's `BindingAction` for that entry.
        ///
        /// <!-- snippet: given entry: NavigationEntry<Screen> -->
        /// ```swift
        /// TextField("Notes", text: Binding(store.binding(\RecordState.note, entry: entry.id), default: ""))
        /// ```
        ///
        /// Declare the part with `store.register(binding:forEach:case:)` first.
        ///
        /// - Parameters:
        ///   - binding: The store's binding of the part, `store.binding(_:entry:)`.
        ///   - fallback: What the control shows while the entry shows no such part (a view may
        ///     draw once more while its screen leaves).
        @MainActor
        public init<State: StoreState>(_ binding: EntryBinding<State, Value>, default fallback: Value)
        where Value: Sendable {
            let access = BindingAccess(binding, fallback: fallback)
            self.init(get: { @MainActor in access.get() }, set: { @MainActor in access.set($0) })
        }
    }
#endif
