/// A ``HeldAction`` of one action type.
@usableFromInline
final class ActionBox<Action: StoreAction>: HeldAction {
    @usableFromInline let action: Action

    @inlinable
    init(_ action: Action) {
        self.action = action
    }
}
