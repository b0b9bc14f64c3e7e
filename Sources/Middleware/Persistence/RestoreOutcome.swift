#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What ``StatePersistence/restore(into:)`` found in its file.
///
/// ```swift
/// var state = AppState(factory: factory)
/// switch try saved.restore(into: &state) {
/// case .restored: break                          // the part holds the saved value
/// case .missing: break                           // the first launch: the default stays
/// case .setAside(let url): logger.error("kept the unreadable state as \(url.path)")
/// }
/// ```
public enum RestoreOutcome: Equatable, Sendable {
    /// The file held a saved value, which is now in the state.
    case restored
    /// There is no file yet, or not even its folder: the state keeps its default.
    case missing
    /// The file could not be restored (unreadable, not JSON, JSON of another shape, or
    /// written by a newer version of the app), so it was renamed to this URL, whose name says
    /// why and when, and the state keeps its default.
    case setAside(URL)
}
