/// Sends a view model's actions up to whoever owns it: a parent view model, the store, or a
/// test.
///
/// A view model takes a responder in its initializer and sends the actions it does not handle
/// itself. A parent adapts its own responder to a child's action type with ``pullback(_:)``, and
/// a test passes a responder that records what was sent.
///
/// <!-- snippet: given listResponder: Responder<ListAction> -->
/// ```swift
/// @MainActor
/// final class RowViewModel {
///     enum ResponderAction { case selected(id: Int) }
///     private let responder: Responder<ResponderAction>
///     init(responder: Responder<ResponderAction>) { self.responder = responder }
///     func tap() { responder.send(.selected(id: 7)) }
/// }
///
/// enum ListAction { case open(rowAction: RowViewModel.ResponderAction) }
///
/// let row = RowViewModel(responder: listResponder.pullback { .open(rowAction: $0) })
/// let preview = RowViewModel(responder: .noop)
/// ```
public struct Responder<Action>: Sendable {
    private let handler: @MainActor (Action) -> Void

    /// Creates a responder that calls `send` for each action.
    ///
    /// - Parameter send: Handles an action sent up the chain.
    public nonisolated init(_ send: @escaping @MainActor (Action) -> Void) {
        handler = send
    }

    /// Sends `action` up the chain.
    ///
    /// - Parameter action: The action the view model does not handle itself.
    @MainActor
    public func send(_ action: Action) {
        handler(action)
    }

    /// A responder that ignores every action: for previews and tests that do not look at them.
    public static var noop: Self { Self { _ in } }

    /// Adapts this responder to a child whose actions become this responder's actions.
    ///
    /// <!-- snippet: given parent: Responder<ListAction> -->
    /// ```swift
    /// let child: Responder<Row.Action> = parent.pullback { .row($0) }
    /// ```
    ///
    /// - Parameter transform: Turns a child action into an action of this responder.
    /// - Returns: A responder for the child's action type.
    public func pullback<Child>(
        _ transform: @escaping @MainActor (Child) -> Action
    ) -> Responder<Child> {
        let handler = self.handler
        return Responder<Child> { handler(transform($0)) }
    }

    /// Adapts this responder to a child, forwarding only the actions that `transform` maps.
    ///
    /// <!-- snippet: given parent: Responder<ListAction> -->
    /// ```swift
    /// let child: Responder<Row.Action> = parent.compactPullback { action in
    ///     if case .tapped(let id) = action { return .open(id) }
    ///     return nil   // the parent does not care about other row actions
    /// }
    /// ```
    ///
    /// - Parameter transform: Turns a child action into an action of this responder, or returns
    ///   `nil` to drop it.
    /// - Returns: A responder for the child's action type.
    public func compactPullback<Child>(
        _ transform: @escaping @MainActor (Child) -> Action?
    ) -> Responder<Child> {
        let handler = self.handler
        return Responder<Child> { child in
            if let action = transform(child) { handler(action) }
        }
    }
}
