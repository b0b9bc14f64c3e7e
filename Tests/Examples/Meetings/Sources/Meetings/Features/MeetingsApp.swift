import Foundation
import ReMVVM

/// The app put together: its store, with the series restored from a file and saved to it.
@MainActor
struct MeetingsApp {
    let store: Store<AppState>
    let persistence: StatePersistence<AppState, IdentifiedArray<Series>>
    let restored: RestoreOutcome?

    init(file: URL, recording: URL? = nil, dependencies: (inout DependencyValues) -> Void = { _ in }) {
        persistence = StatePersistence(fileURL: file, at: \.series)
        var state = AppState()
        restored = try? persistence.restore(into: &state)
        let recorder: [any AnyMiddleware] = recording.map { [ActionRecorder(fileURL: $0)] } ?? []
        store = Store(
            with: state, middleware: recorder + Self.middleware + [persistence], dependencies: dependencies)
        Self.register(on: store)
    }

    /// The undo of the series (not of the screens), and the recorder's work.
    static var middleware: [any AnyMiddleware] {
        [UndoHistory<AppState>(limit: 100, at: \.series), RecordEffects()]
    }

    /// Registers the app's reducers on a store or a test store.
    static func register(on store: some StoreRegistering<AppState>) {
        store.register(navigation: \.navigation)
        store.register(reducer: AlertReducer.self, alertsIn: \.navigation)
        store.registerForm()
        store.registerRecorder()
    }
}
