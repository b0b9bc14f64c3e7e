// The storage of one action's pass through its middleware (``DispatchContext``), and the
// queue's work and container. Storage only: the machine's events (DispatchMachine.swift)
// write it.

/// The storage of one action on its way through the middleware stack: its route, its outcome,
/// the pooled level handles, and the completions that wait for a deferred chain.
///
/// Storage only: the engine decides what happens (``DispatchEngine``). Most actions go through
/// synchronously; their route then keeps the context and its levels for its next action
/// (``ActionRoute/spareContext``), so dispatching allocates nothing. A deferred chain's context
/// is not kept: the chain holds it until it ends.
@MainActor
@usableFromInline
final class DispatchContext<State: StoreState> {
    /// The engine, valid while the context is on the engine's stack (assumption 4 in
    /// Unchecked.swift): a checked reference would cost a load per middleware.
    @usableFromInline let engineReference: UncheckedReference<DispatchEngine<State>>
    /// The engine, for a context that outlived its dispatch.
    @usableFromInline let link: EngineLink<State>
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    /// The route of the action, lent: the engine's table keeps it as long as the engine lives
    /// (assumption 3). The route keeps the context in its pool, so a strong reference back would
    /// be a cycle; and a deferred level that holds its context never reads the route once the
    /// engine is gone.
    @usableFromInline let routeReference: UncheckedReference<ActionRoute<State>>
    @exclusivity(unchecked) @usableFromInline var outcome = DispatchOutcome.inProgress
    /// The first level of the chain being resumed, whose `next` settles the kept completions.
    @exclusivity(unchecked) @usableFromInline var resumedLevel: Int?
    /// The level whose middleware kept its dispatcher, while the outcome is `deferred`.
    @exclusivity(unchecked) @usableFromInline var deferredLevel: Int?
    /// Whether the engine is running this context's chain right now.
    @exclusivity(unchecked) @usableFromInline var isOnStack = false
    /// The level handles, reused while nothing else holds them.
    @exclusivity(unchecked) @usableFromInline var levels: [DispatchLevel] = []
    /// Completions of levels that are no longer on the stack, waiting for the reduce.
    @exclusivity(unchecked) @usableFromInline var keptCompletions:
        [(level: Int, run: @MainActor (State) -> Void)] = []

    @usableFromInline
    init(engine: DispatchEngine<State>, route: ActionRoute<State>) {
        engineReference = UncheckedReference(engine)
        routeReference = UncheckedReference(route)
        link = engine.link
    }

    /// The route, retained for the caller: for paths off the dispatch's hot path.
    @inlinable
    var route: ActionRoute<State> { routeReference.object }

    /// The engine, retained for the caller: for paths off the dispatch's hot path.
    @inlinable
    var engine: DispatchEngine<State> { engineReference.object }

    /// A new handle for middleware `index` of the context's route.
    @usableFromInline
    func newLevel(_ index: Int, route: ActionRoute<State>) -> DispatchLevel {
        DispatchLevel(index: index, link: link, context: self, route: route, step: route.steps[index])
    }
}

// MARK: - The queue

/// Work that arrived while the store was busy.
@usableFromInline
enum PendingWork<State: StoreState> {
    /// A dispatched action, processed from the top of the middleware stack.
    case action(any StoreAction)
    /// A deferred chain whose `next` was called while the store was busy, or a change of the
    /// state that waits for the store to be idle.
    case resume(@MainActor (DispatchEngine<State>) -> Void)
}

/// A first-in first-out queue.
///
/// An array with a read index, emptied whenever the last element is read, so the steady state
/// of a chain (take one, add one) reuses the same storage and never grows.
@usableFromInline
struct FIFO<Element> {
    @usableFromInline var items: [Element] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { head == items.count }

    @inlinable
    mutating func append(_ element: Element) {
        items.append(element)
    }

    /// Inlinable so that it is specialized for the element: unspecialized, emptying the array
    /// looked up its type's metadata at each call (callgrind, the `chain` workload).
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }
}
