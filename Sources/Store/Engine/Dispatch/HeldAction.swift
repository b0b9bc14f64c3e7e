/// A copy of an action whose middleware returned without calling `next`, for a later `next`.
@usableFromInline
class HeldAction {
    @usableFromInline
    init() {}
}
