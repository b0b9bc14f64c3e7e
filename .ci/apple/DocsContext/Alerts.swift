// Names the alerts docs take as given (ReMVVMMiddleware's AlertState, AlertButton, AlertTapped
// and the article "Alerts and Confirmation Dialogs").
public import ReMVVMMiddleware
public import ReMVVMStore

private func given<T>() -> T { fatalError("DocsContext is type-checked, never run") }

/// The values the buttons of the docs' detail screen's alerts deliver.
public enum DetailAlert: Hashable, Codable, Sendable {
    case confirmDeletion
    case openSettings
}

/// The docs' app reducer of alert taps.
public enum DetailAlertReducer: Reducer {
    public static func reduce(state: AppState, with action: AlertTapped<DetailAlert>) -> AppState { state }
}
