// The actions of one type that an action journal holds, in their own type: keeping one is an
// append to a typed array, made where the type is known, with no existential to make, move
// and destroy (callgrind, `history`: a ring of `any StoreAction` cost 130 instructions per
// action, most of them in the value witnesses that wrote and destroyed the existentials).

/// The actions of one type a journal holds, oldest first, read back as `any StoreAction`.
@MainActor
@usableFromInline
protocol KeptColumn: AnyObject {
    /// How many actions the column holds.
    var count: Int { get }
    /// The action `offset` places after the oldest held.
    func action(at offset: Int) -> any StoreAction
    /// Forgets the `count` oldest actions.
    func removeFirst(_ count: Int)
    /// Forgets the `count` newest actions.
    func removeLast(_ count: Int)
}

/// The actions of type `Action` a journal holds, from `front` on: those before it were
/// forgotten, and go at once when they are as many as those held (so forgetting one costs
/// O(1) amortized, and the column never holds more than twice what it keeps).
@MainActor
@usableFromInline
final class TypedColumn<Action: StoreAction>: KeptColumn {
    @exclusivity(unchecked) @usableFromInline var values: [Action] = []
    private var front = 0

    @usableFromInline
    init() {}

    @usableFromInline var count: Int { values.count - front }

    @usableFromInline func action(at offset: Int) -> any StoreAction {
        values[front + offset]
    }

    @usableFromInline func removeFirst(_ count: Int) {
        front += count
        if front * 2 >= values.count {
            values.removeFirst(front)
            front = 0
        }
    }

    @usableFromInline func removeLast(_ count: Int) {
        values.removeLast(count)
    }
}
