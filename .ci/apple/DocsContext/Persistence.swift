// Names the state-persistence docs take as given (Persisting State, StatePersistence's comments).
public import Foundation
public import ReMVVMMiddleware
public import ReMVVMStore

private func given<T>() -> T { fatalError("DocsContext is type-checked, never run") }

// `ToggleFavorite` itself is declared with the other docs' app types
// (ViewModelsAndMiddleware.swift).
public enum ToggleFavoriteReducer: Reducer {
    public static func reduce(state: AppState, with action: ToggleFavorite) -> AppState {
        var state = state
        if state.favorites.remove(action.id) == nil { state.favorites.insert(action.id) }
        return state
    }
}

/// The file a persistence saves to.
public var url: URL { given() }
/// A second file, for a second persistence.
public var other: URL { given() }
/// The persistence of the docs' favorites.
@MainActor public var saved: StatePersistence<AppState, Set<Int>> { given() }
