/// The action a ``StoreBinding`` dispatches when a view sets a part of the state: the part's
/// name and its new value.
///
/// A store reduces it once the part was declared with `register(binding:)`; it is an action like
/// any other: it goes through the middleware, a tracer shows it, a recorder logs it (it is
/// `Codable` when its value is), a replayer and the histories bring it back.
///
/// ```swift
/// struct Draft: Equatable { var title = "" }
/// struct Editor: StoreState { var draft = Draft() }
///
/// let store = Store(with: Editor())
/// store.register(binding: \.draft.title, named: "draft.title")
/// store.binding(\.draft.title).set("Dune")
/// // dispatched: BindingAction<String>(path: "draft.title", value: "Dune")
/// ```
///
/// The part is named by ``path``, a stable text (`draft.title`), not by its key path: a log
/// written today replays in tomorrow's build. A replayer knows the binding actions of each value
/// type it is given: `ActionReplayer(types: [BindingAction<String>.self, ...])`.
public struct BindingAction<Value: Sendable>: StoreAction {
    /// The name of the part, as it was registered: `draft.title`.
    public let path: String
    /// The part's new value.
    public let value: Value
    /// The navigation entry whose screen holds the part, for a part of a screen's state
    /// (ReMVVMMiddleware's `register(binding:forEach:case:)`); `nil` for a part of the state.
    public let entry: Int?

    /// Creates the setting of the part named `path`: what a ``StoreBinding`` dispatches, and
    /// what a test or an exported session sends.
    ///
    /// ```swift
    /// store.dispatch(action: BindingAction(path: "draft.title", value: "Dune"))
    /// ```
    ///
    /// A name that the store did not register changes nothing and is reported as
    /// ``StoreDiagnostic/Kind/unregisteredBinding``.
    ///
    /// - Parameters:
    ///   - path: The name the part was registered with.
    ///   - value: The part's new value.
    ///   - entry: The navigation entry whose screen holds the part; `nil` for a part of the state.
    public init(path: String, value: Value, entry: Int? = nil) {
        self.path = path
        self.value = value
        self.entry = entry
    }
}

extension BindingAction: Equatable where Value: Equatable {}
extension BindingAction: Hashable where Value: Hashable {}
extension BindingAction: Encodable where Value: Encodable {}
extension BindingAction: Decodable where Value: Decodable {}
