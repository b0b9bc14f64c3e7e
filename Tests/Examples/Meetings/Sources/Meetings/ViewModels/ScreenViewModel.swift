import ReMVVM

/// The view model of one screen on display: its view state, made from the store's state for
/// its entry and kept current while the store changes, and its events, turned into actions.
///
/// Each screen's view model is one of these with its own view state and events
/// (`ListViewModel`, `FormViewModel`, ...), made by its `init?(store:entry:)`.
///
/// An `ObservableViewModel`: SwiftUI observes it through `objectWillChange` on iOS 16 and
/// through Observation as well from iOS 17, and a new view state is announced only when it
/// differs.
@MainActor
final class ScreenViewModel<ViewState: Equatable, Event>: ObservableViewModel<ViewState>, ViewModeling,
    StoreSubscriber
{
    /// The identifier of the screen's navigation entry.
    let entry: Int
    private weak var store: Store<AppState>?
    private let viewState: @MainActor (AppState) -> ViewState?
    private let action: @MainActor (Event, ViewState) -> (any StoreAction)?

    /// `nil` when the entry does not show this screen.
    init?(
        store: Store<AppState>, entry: Int,
        state viewState: @escaping @MainActor (AppState) -> ViewState?,
        send action: @escaping @MainActor (Event, ViewState) -> (any StoreAction)?
    ) {
        guard let state = viewState(store.state) else { return nil }
        self.entry = entry
        self.store = store
        self.viewState = viewState
        self.action = action
        super.init(state: state)
        store.add(subscriber: self)
    }

    func send(event: Event) {
        guard let store, let action = action(event, state) else { return }
        store.dispatch(action: action)
    }

    func didChange(state: AppState, oldState: AppState) {
        if let new = viewState(state) { update(new) }
    }
}

extension AppState {
    /// The screen of the entry `id`, when it is shown.
    func screen(_ id: Int) -> Screen? { navigation[id: id]?.screen }
}
