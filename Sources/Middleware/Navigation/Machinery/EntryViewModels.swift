import ReMVVMStore

/// The view models made for the entries of one store's navigation state, kept while their
/// entry is on display.
///
/// The store keeps it (`Store.attachment`) for as long as it lives, one per state and screen
/// type. Its subscription, made when the navigation was registered and kept here, runs at
/// every change before the subscribers are told: the view models of entries that left are unsubscribed and let go
/// there, in the change that removed their entry (a dispatch, a jump, a replay), before any
/// view model is told about that change.
@MainActor
final class EntryViewModels<State: StoreState, Screen: Sendable> {
    private let navigation: KeyPath<State, NavigationState<Screen>>
    /// Per entry identifier, its view models by type and key.
    private var viewModels: [Int: [EntryViewModelKey: Any]] = [:]
    /// Per entry identifier, the view models of rows shown on it, each with a check that its
    /// row is still in its list.
    private var rowViewModels:
        [Int: [RowViewModelKey: (viewModel: Any, isShown: @MainActor (State) -> Bool)]] = [:]

    /// The subscriptions that tell it of the changes: kept as long as the store keeps it.
    private var subscriptions: [StoreSubscription] = []

    init(navigation: KeyPath<State, NavigationState<Screen>>) {
        self.navigation = navigation
    }

    /// Keeps `subscription` for as long as the store keeps this object.
    func keep(_ subscription: StoreSubscription) {
        subscriptions.append(subscription)
    }

    /// Whether no view model is kept, of an entry or of a row: read at every change, so a
    /// flag of its own. Reading the dictionaries looked up their generic metadata at each
    /// change (callgrind, `app`: 425 instructions per dispatch). `@exclusivity(unchecked)`:
    /// only the main actor touches it, and no access to it spans a call.
    @exclusivity(unchecked) private(set) var isEmpty = true

    private func noteChange() {
        isEmpty = viewModels.isEmpty && rowViewModels.isEmpty
    }

    func viewModel<VM, Rows: IdentifiedCollection>(
        for entry: NavigationEntry<Screen>, in rows: KeyPath<State, Rows>, id: Rows.Element.ID,
        in store: Store<State>
    ) -> VM? where Rows.Element.ID: Sendable {
        let slotKey = RowViewModelKey(type: ObjectIdentifier(VM.self), rows: rows, id: AnyHashable(id))
        if let kept = rowViewModels[entry.id]?[slotKey]?.viewModel as? VM { return kept }
        guard store.state[keyPath: navigation].contains(id: entry.id) else {
            report(
                .navigationEntryNotShown, VM.self,
                "the entry \(entry.id) (\(ValueText.value(entry.screen))) is not on display", in: store)
            return nil
        }
        guard store.state[keyPath: rows][id: id] != nil else {
            report(.rowNotFound, VM.self, "the row \(String(reflecting: id)) is not in \(rows)", in: store)
            return nil
        }
        guard let made: VM = store.unboundViewModel(id: id) else { return nil }
        rowViewModels[entry.id, default: [:]][slotKey] = (made, { $0[keyPath: rows][id: id] != nil })
        isEmpty = false
        return made
    }

    private func report(_ kind: StoreDiagnostic.Kind, _ type: Any.Type, _ why: String, in store: Store<State>)
    {
        store.diagnosticsHandler(
            StoreDiagnostic(
                kind: kind,
                message:
                    "no \(TypeName.of(type)) for a row: \(why), so its view model would never be released."))
    }

    func viewModel<VM>(for entry: NavigationEntry<Screen>, key: String?, in store: Store<State>) -> VM? {
        let slotKey = EntryViewModelKey(type: ObjectIdentifier(VM.self), key: key)
        if let kept = viewModels[entry.id]?[slotKey] as? VM { return kept }
        guard store.state[keyPath: navigation].contains(id: entry.id) else {
            store.diagnosticsHandler(
                StoreDiagnostic(
                    kind: .navigationEntryNotShown,
                    message:
                        "no \(TypeName.of(VM.self)) for the entry \(entry.id) "
                        + "(\(ValueText.value(entry.screen))): it is not "
                        + "on display, so its view model would never be released."
                ))
            return nil
        }
        guard let made: VM = store.unboundViewModel(key: key) else { return nil }
        viewModels[entry.id, default: [:]][slotKey] = made
        isEmpty = false
        return made
    }

    /// Lets go of the view models of entries that are no longer on display, and of rows that
    /// left their list.
    func stateChanged(to state: State, from oldState: State, in store: Store<State>?) {
        let new = state[keyPath: navigation]
        if !NavigationDiff.sameEntries(oldState[keyPath: navigation], new) {
            var shown = Set<Int>()
            for entry in new.entries { shown.insert(entry.id) }
            for id in viewModels.keys where !shown.contains(id) {
                guard let released = viewModels.removeValue(forKey: id) else { continue }
                release(released.values, in: store)
            }
            for id in rowViewModels.keys where !shown.contains(id) {
                guard let released = rowViewModels.removeValue(forKey: id) else { continue }
                release(released.values.map(\.viewModel), in: store)
            }
        }
        // Rows that left their list, on entries still shown.
        for (entryID, rows) in rowViewModels {
            let gone = rows.filter { !$0.value.isShown(state) }
            guard !gone.isEmpty else { continue }
            for key in gone.keys { rowViewModels[entryID]?[key] = nil }
            if rowViewModels[entryID]?.isEmpty == true { rowViewModels[entryID] = nil }
            release(gone.values.map(\.viewModel), in: store)
        }
        noteChange()
    }

    private func release(_ released: some Sequence<Any>, in store: Store<State>?) {
        for viewModel in released {
            if let subscriber = viewModel as? any StoreSubscriber {
                store?.remove(ifSubscribed: subscriber)
            }
        }
    }
}
