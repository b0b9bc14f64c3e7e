import ReMVVMStore

/// The view models made for the entries of one store's navigation state, kept while their
/// entry is on display.
///
/// The store keeps it (`Store.attachment`) for as long as it lives, one per state and screen
/// type. Its observer, added when the navigation was registered, runs at every change before
/// the subscribers are told: the view models of entries that left are unsubscribed and let go
/// there, in the change that removed their entry (a dispatch, a jump, a replay), before any
/// view model is told about that change.
@MainActor
final class EntryViewModels<State: StoreState, Screen: Sendable> {
    private let navigation: KeyPath<State, NavigationState<Screen>>
    /// Per entry identifier, its view models by type and key.
    private var viewModels: [Int: [EntryViewModelKey: Any]] = [:]

    init(navigation: KeyPath<State, NavigationState<Screen>>) {
        self.navigation = navigation
    }

    /// The number of entries that have view models.
    var entryCount: Int { viewModels.count }

    func viewModel<VM>(for entry: NavigationEntry<Screen>, key: String?, in store: Store<State>) -> VM? {
        let slotKey = EntryViewModelKey(type: ObjectIdentifier(VM.self), key: key)
        if let kept = viewModels[entry.id]?[slotKey] as? VM { return kept }
        guard store.state[keyPath: navigation].contains(id: entry.id) else {
            store.diagnosticsHandler(
                StoreDiagnostic(
                    kind: .navigationEntryNotShown,
                    message: "no \(VM.self) for the entry \(entry.id) (\(entry.screen)): it is not "
                        + "on display, so its view model would never be released."
                ))
            return nil
        }
        guard let made: VM = store.viewModel(key: key) else { return nil }
        viewModels[entry.id, default: [:]][slotKey] = made
        return made
    }

    /// Lets go of the view models of entries that are no longer on display.
    func stateChanged(to state: State, from oldState: State, in store: Store<State>?) {
        guard !viewModels.isEmpty else { return }
        let new = state[keyPath: navigation]
        if NavigationDiff.sameEntries(oldState[keyPath: navigation], new) { return }
        var shown = Set<Int>()
        for entry in new.entries { shown.insert(entry.id) }
        let gone = viewModels.keys.filter { !shown.contains($0) }
        for id in gone {
            guard let released = viewModels.removeValue(forKey: id) else { continue }
            for viewModel in released.values {
                if let subscriber = viewModel as? any StoreSubscriber {
                    store?.remove(ifSubscribed: subscriber)
                }
            }
        }
    }
}
