/// A programmer error or a dropped action that a ``Store`` reports instead of failing silently.
///
/// Every store reports through one handler, ``Store/diagnosticsHandler``. The default,
/// ``standardError``, writes one line to standard error in debug builds. Tests install their
/// own handler and assert on what it receives:
///
/// ```swift
/// struct ActionWithoutReducer: StoreAction {}
///
/// var reported: [StoreDiagnostic] = []
/// store.diagnosticsHandler = { reported.append($0) }
/// store.dispatch(action: ActionWithoutReducer())
/// #expect(reported.map(\.kind) == [.unhandledAction])
/// ```
public struct StoreDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong: the store's own kinds below, and those a module of ready-made
    /// middleware adds for its own failures (ReMVVMMiddleware's `recordingFailed`).
    ///
    /// A module adds a kind as a static constant, so handlers compare it as any other:
    ///
    /// ```swift
    /// extension StoreDiagnostic.Kind {
    ///     static let uploadFailed = StoreDiagnostic.Kind("uploadFailed")
    /// }
    /// ```
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's name, as its constant is named.
        public let name: String

        /// Creates a kind; declare each as a static constant in an extension of `Kind`.
        ///
        /// - Parameter name: The name of the constant.
        public init(_ name: String) {
            self.name = name
        }

        /// The kind's name.
        public var description: String { name }

        /// An action reached the end of the middleware stack, but no reducer is registered for
        /// its type: the state did not change and no subscriber was told.
        public static let unhandledAction = Kind("unhandledAction")
        /// A middleware called `next` a second time for one action; the second call did nothing.
        public static let nextCalledTwice = Kind("nextCalledTwice")
        /// A second reducer was registered for an action type that already has one.
        public static let duplicateReducer = Kind("duplicateReducer")
        /// A typed middleware expects another state type than the store's, so it never runs.
        public static let middlewareStateMismatch = Kind("middlewareStateMismatch")
        /// A view model subscribes to another state type than the store's, so it is not told;
        /// or ``Store/remove(anySubscriber:)`` got a subscriber of another state type, which was
        /// never subscribed, so nothing was removed.
        public static let subscriberStateMismatch = Kind("subscriberStateMismatch")
        /// A task started with ``Dispatcher/task(id:cancelInFlight:_:)`` threw an error other
        /// than `CancellationError` before it was cancelled; the store ignored the error.
        public static let taskFailed = Kind("taskFailed")
        /// ``ReMVVM/Config/initialize(with:)`` was called again; the new store replaced the old.
        public static let configReinitialized = Kind("configReinitialized")
        /// ``ReMVVMDriven`` was used before ``ReMVVM/Config/initialize(with:)``.
        public static let configNotInitialized = Kind("configNotInitialized")
        /// An action of a reducer registered with ``Store/register(reducer:forEach:id:)`` named
        /// a row that is not in the collection; the state did not change. The message names the
        /// action, the id and the collection's key path.
        public static let rowNotFound = Kind("rowNotFound")
        /// An action of a reducer registered with ``Store/register(reducer:ifLet:)`` reached
        /// its part while it was `nil`; the state did not change.
        public static let partIsNil = Kind("partIsNil")
        /// A task that a middleware started for a place (a row of a list, a part that may be
        /// `nil`, a navigation entry) dispatched an action after the place left the state: the
        /// store had cancelled the task then, and dropped the action. The message names the
        /// action and the place.
        public static let actionFromGonePlace = Kind("actionFromGonePlace")
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
