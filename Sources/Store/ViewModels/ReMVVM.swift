/// The namespace of the global configuration that ``ReMVVMDriven`` screens use.
///
/// ```swift
/// let store = Store(with: initialState, middleware: [LoginMiddleware(navigator: navigator)])
/// ReMVVM.Config.initialize(with: store)
/// ```
public enum ReMVVM {
    /// The store that ``ReMVVMDriven`` objects use.
    @MainActor
    public enum Config {
        static var store: (any ErasedStore)?

        /// Makes `store` the one that ``ReMVVMDriven`` objects get view models from and
        /// dispatch to.
        ///
        /// Call it once at start-up. Calling it again with another store replaces the store and
        /// reports
        /// ``StoreDiagnostic/Kind/configReinitialized`` through the new store's
        /// ``Store/diagnosticsHandler``.
        ///
        /// - Parameter store: The application's store.
        public static func initialize<State: StoreState>(with store: Store<State>) {
            if let previous = Self.store, previous !== store {
                store.engine.report(
                    .configReinitialized,
                    "ReMVVM.Config.initialize(with:) was called again; the store of "
                        + "\(previous.stateTypeName) was replaced by the store of \(TypeName.of(State.self))."
                )
            }
            Self.store = store
        }

        /// Whether ``initialize(with:)`` was called.
        public static var isInitialized: Bool { store != nil }

        /// Receives what the configuration reports while it has no store, such as
        /// ``StoreDiagnostic/Kind/configNotInitialized``.
        ///
        /// Once ``initialize(with:)`` was called, reports go to that store's
        /// ``Store/diagnosticsHandler``; before, there is no store, so they come here. The
        /// default, ``StoreDiagnostic/standardError``, writes one line to standard error in debug
        /// builds. Tests and apps with their own logging replace it:
        ///
        /// ```swift
        /// ReMVVM.Config.diagnosticsHandler = { diagnostic in logger.error("\(diagnostic)") }
        /// ```
        public static var diagnosticsHandler: @MainActor (StoreDiagnostic) -> Void =
            StoreDiagnostic.standardError
    }

    /// What a ``ReMVVMDriven`` object uses: view models from the configured store, and
    /// dispatching to it.
    @MainActor
    public struct Provider {
        /// Returns the view model of type `VM` for `context`, kept as long as the context
        /// lives; see ``Store/viewModel(for:key:)``.
        ///
        /// - Parameters:
        ///   - context: The object whose lifetime bounds the view model's, usually `self`.
        ///   - key: Tells apart view models of one type.
        /// - Returns: The view model, or `nil` when the factory makes none or
        ///   ``Config/initialize(with:)`` was not called (reported through
        ///   ``Config/diagnosticsHandler``).
        public func viewModel<VM>(for context: AnyObject, key: String? = nil) -> VM? {
            guard let store = Config.store else {
                Self.reportNotInitialized("viewModel(for:)")
                return nil
            }
            return store.erasedViewModel(for: context, key: key)
        }

        /// Dispatches `action` to the configured store.
        ///
        /// ```swift
        /// remvvm.dispatch(action: LogoutAction())
        /// ```
        ///
        /// Before ``Config/initialize(with:)`` there is no store: the action is dropped and
        /// ``StoreDiagnostic/Kind/configNotInitialized`` is reported through
        /// ``Config/diagnosticsHandler``.
        ///
        /// - Parameter action: The action.
        public func dispatch(action: some StoreAction) {
            guard let store = Config.store else {
                Self.reportNotInitialized("dispatch(action: \(TypeName.of(type(of: action))))")
                return
            }
            store.erasedDispatch(action)
        }

        private static func reportNotInitialized(_ call: String) {
            Config.diagnosticsHandler(
                StoreDiagnostic(
                    kind: .configNotInitialized,
                    message: "remvvm.\(call) was used before ReMVVM.Config.initialize(with:); "
                        + "nothing happened. Initialize the config with your store at start-up."
                )
            )
        }
    }
}

extension Store: ErasedStore {
    var stateTypeName: String { TypeName.of(State.self) }

    func erasedViewModel<VM>(for context: AnyObject, key: String?) -> VM? {
        viewModel(for: context, key: key)
    }

    func erasedDispatch(_ action: any StoreAction) {
        dispatch(action: action)
    }
}
