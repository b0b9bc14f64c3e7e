/// A programmer error or a dropped action that a ``Store`` reports instead of failing silently.
///
/// Every store reports through one handler, ``Store/diagnosticsHandler``. The default,
/// ``standardError``, writes one line to standard error in debug builds. Tests install their
/// own handler and assert on what it receives:
///
/// ```swift
/// var reported: [StoreDiagnostic] = []
/// store.diagnosticsHandler = { reported.append($0) }
/// store.dispatch(action: ActionWithoutReducer())
/// #expect(reported.map(\.kind) == [.unhandledAction])
/// ```
public struct StoreDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// An action reached the end of the middleware stack, but no reducer is registered for
        /// its type: the state did not change and no subscriber was told.
        case unhandledAction
        /// A middleware called `next` a second time for one action; the second call did nothing.
        case nextCalledTwice
        /// A second reducer was registered for an action type that already has one.
        case duplicateReducer
        /// A typed middleware expects another state type than the store's, so it never runs.
        case middlewareStateMismatch
        /// A view model subscribes to another state type than the store's, so it is not told.
        case subscriberStateMismatch
        /// ``ReMVVM/Config/initialize(with:)`` was called again; the new store replaced the old.
        case configReinitialized
        /// ``ReMVVMDriven`` was used before ``ReMVVM/Config/initialize(with:)``.
        case configNotInitialized
        /// A middleware that records actions to a file could not open or write it (an
        /// unwritable path, a full disk) and stopped recording; the store goes on.
        case recordingFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// One line that says what went wrong, naming the types involved, and how to fix it.
    public let message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: One line that names the types involved.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message, prefixed with `ReMVVM:`.
    public var description: String { "ReMVVM: \(message)" }

    /// The default handler: writes ``description`` as one line to standard error in debug
    /// builds, and does nothing in release builds.
    public static let standardError: @MainActor @Sendable (StoreDiagnostic) -> Void = { diagnostic in
        #if DEBUG
            writeToStandardError(diagnostic.description + "\n")
        #endif
    }
}
