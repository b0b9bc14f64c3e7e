import ReMVVMStore
import ReMVVMTestSupport
import Testing

// Random programs run against the store and against a reference model: a plain interpreter of
// DESIGN.md's rules (a FIFO queue, the middleware chain, a fold of the reducers, subscribers
// told about each change). After every step the two must agree on the state; at the end on every
// subscriber's history, the completions that ran and the diagnostics reported.

private struct ModelState: StoreState {
    let factory: any ViewModelFactory = InitializableViewModelFactory()
    var snapshot = Snapshot()
}

private struct Snapshot: Equatable, CustomStringConvertible {
    var value = 0
    var bumps = 0
    /// Counts reduced actions.
    var version = 0
    /// The sources of the reduced `Bump`s, in order: shows the FIFO order of queued dispatches.
    var trail: [Int] = []

    var description: String { "value \(value), bumps \(bumps), version \(version), trail \(trail)" }
}

private struct Add: StoreAction { let amount: Int }
private struct Multiply: StoreAction { let factor: Int }
/// Dispatched by middleware, completions and subscribers; `source` says which.
private struct Bump: StoreAction { let source: Int }
/// Has no reducer.
private struct Orphan: StoreAction {}

/// The reducers, shared by the store and the reference so that only the machinery differs.
private enum Fold {
    static func add(_ state: Snapshot, _ amount: Int) -> Snapshot {
        var state = state
        state.value = (state.value + amount) % 1000
        state.version += 1
        return state
    }

    static func multiply(_ state: Snapshot, _ factor: Int) -> Snapshot {
        var state = state
        state.value = (state.value * factor) % 1000
        state.version += 1
        return state
    }

    static func bump(_ state: Snapshot, _ source: Int) -> Snapshot {
        var state = state
        state.bumps += 1
        state.trail.append(source)
        state.version += 1
        return state
    }
}

private enum AddReducer: Reducer {
    static func reduce(state: ModelState, with action: Add) -> ModelState {
        ModelState(snapshot: Fold.add(state.snapshot, action.amount))
    }
}

private enum MultiplyReducer: Reducer {
    static func reduce(state: ModelState, with action: Multiply) -> ModelState {
        ModelState(snapshot: Fold.multiply(state.snapshot, action.factor))
    }
}

private enum BumpReducer: Reducer {
    static func reduce(state: ModelState, with action: Bump) -> ModelState {
        ModelState(snapshot: Fold.bump(state.snapshot, action.source))
    }
}

// MARK: - Programs

/// One middleware of a program's stack.
private enum MiddlewareSpec: CustomStringConvertible {
    /// Blocks `Add`s whose amount is a multiple of `modulus`, and `Bump`s when the state's bump
    /// count is one short of a multiple of it.
    case blocker(modulus: Int)
    /// Replaces every `Add` with one that adds 3 more.
    case replacer
    /// For `Add`: dispatches `Bump(source)` before `next`, and/or `Bump(source + 1)` from its
    /// completion.
    case announcer(source: Int, before: Bool, inCompletion: Bool)
    /// Logs its completion with the state's version, for every action.
    case logger(index: Int)
    /// Typed, for `Multiply`: keeps the dispatcher; the program calls `next` later, or never.
    case deferrer
    /// Typed, for `Multiply`: replaces an even factor with the next odd one.
    case oddFactors
    /// Typed, for `Orphan`: blocks it.
    case orphanBlocker

    var description: String {
        switch self {
        case .blocker(let modulus): "blocker(\(modulus))"
        case .replacer: "replacer"
        case .announcer(let source, let before, let inCompletion):
            "announcer(\(source), before: \(before), completion: \(inCompletion))"
        case .logger(let index): "logger(\(index))"
        case .deferrer: "deferrer"
        case .oddFactors: "oddFactors"
        case .orphanBlocker: "orphanBlocker"
        }
    }
}

/// One step of a program. `pick` chooses among the candidates at the time the step runs.
private enum Step: CustomStringConvertible {
    case add(Int)
    case multiply(Int)
    case bump
    case orphan
    /// An object subscriber; it may dispatch a `Bump` or add a child subscriber from `didChange`.
    case addObject(dispatches: Bool, spawns: Bool)
    case addClosure
    case addSelection
    /// Adds a subscribed object again: must not duplicate it.
    case addAgain(pick: Int)
    /// `store.remove(subscriber:)`; the program keeps holding the object.
    case remove(pick: Int)
    /// Adds a removed object back.
    case readd(pick: Int)
    /// Drops the program's last reference to a subscriber (and its children), or to a token.
    case release(pick: Int)
    case cancel(pick: Int)
    /// Calls `next` on a deferred dispatcher.
    case resume(pick: Int)
    /// Drops a deferred dispatcher without calling `next`.
    case drop(pick: Int)
    /// Calls `next` again on a dispatcher that already called it.
    case nextAgain(pick: Int)

    var description: String {
        switch self {
        case .add(let amount): "add(\(amount))"
        case .multiply(let factor): "multiply(\(factor))"
        case .bump: "bump"
        case .orphan: "orphan"
        case .addObject(let dispatches, let spawns): "addObject(dispatches: \(dispatches), spawns: \(spawns))"
        case .addClosure: "addClosure"
        case .addSelection: "addSelection"
        case .addAgain(let pick): "addAgain(\(pick))"
        case .remove(let pick): "remove(\(pick))"
        case .readd(let pick): "readd(\(pick))"
        case .release(let pick): "release(\(pick))"
        case .cancel(let pick): "cancel(\(pick))"
        case .resume(let pick): "resume(\(pick))"
        case .drop(let pick): "drop(\(pick))"
        case .nextAgain(let pick): "nextAgain(\(pick))"
        }
    }
}

private struct Program: CustomStringConvertible {
    let seed: UInt64
    var middleware: [MiddlewareSpec] = []
    var steps: [Step] = []

    init(seed: UInt64) {
        self.seed = seed
        var random = SeededGenerator(seed: seed)
        for index in 0..<Int.random(in: 0...4, using: &random) {
            let spec: MiddlewareSpec =
                switch Int.random(in: 0..<7, using: &random) {
                case 0: .blocker(modulus: Int.random(in: 2...5, using: &random))
                case 1: .replacer
                case 2:
                    .announcer(
                        source: 10 * (index + 1),
                        before: random.chance(60),
                        inCompletion: random.chance(60)
                    )
                case 3: .logger(index: index)
                case 4: .deferrer
                case 5: .oddFactors
                default: .orphanBlocker
                }
            middleware.append(spec)
        }
        for _ in 0..<Int.random(in: 5...40, using: &random) {
            let pick = Int.random(in: 0..<1000, using: &random)
            let roll = Int.random(in: 0..<100, using: &random)
            let step: Step =
                switch roll {
                case 0..<28: .add(Int.random(in: 0...9, using: &random))
                case 28..<38: .multiply(Int.random(in: 0...5, using: &random))
                case 38..<42: .bump
                case 42..<45: .orphan
                case 45..<55: .addObject(dispatches: random.chance(40), spawns: random.chance(25))
                case 55..<59: .addClosure
                case 59..<63: .addSelection
                case 63..<65: .addAgain(pick: pick)
                case 65..<70: .remove(pick: pick)
                case 70..<73: .readd(pick: pick)
                case 73..<80: .release(pick: pick)
                case 80..<84: .cancel(pick: pick)
                case 84..<93: .resume(pick: pick)
                case 93..<96: .drop(pick: pick)
                default: .nextAgain(pick: pick)
                }
            steps.append(step)
        }
    }

    var description: String {
        "seed \(seed) (replay: REMVVM_SEED=\(seed) REMVVM_MODEL_PROGRAMS=1)\n"
            + "middleware: \(middleware)\nsteps: \(steps.map(\.description).joined(separator: ", "))"
    }
}

// MARK: - The store side

/// Everything the store's subscribers and middleware record.
@MainActor
private final class Journal {
    var histories: [String: [String]] = [:]
    var completions: [String] = []
    /// Dispatchers kept by the deferring middleware, oldest first.
    var deferred: [Dispatcher<Multiply, ModelState>] = []
    /// Children added by spawning subscribers, per parent: the program holds them.
    var children: [String: [ChildSubscriber]] = [:]

    func record(_ id: String, _ entry: String) {
        histories[id, default: []].append(entry)
    }
}

@MainActor
private final class ChildSubscriber: StoreSubscriber {
    let id: String
    unowned let journal: Journal

    init(id: String, journal: Journal) {
        self.id = id
        self.journal = journal
    }

    func didChange(state: ModelState, oldState: ModelState) {
        journal.record(id, "d\(state.snapshot.version)/\(oldState.snapshot.version)")
    }
}

@MainActor
private final class ObjectSubscriber: StoreSubscriber {
    let id: String
    let dispatches: Bool
    let spawns: Bool
    unowned let journal: Journal
    unowned let store: Store<ModelState>

    init(id: String, dispatches: Bool, spawns: Bool, journal: Journal, store: Store<ModelState>) {
        self.id = id
        self.dispatches = dispatches
        self.spawns = spawns
        self.journal = journal
        self.store = store
    }

    func willChange(state: ModelState) {
        journal.record(id, "w\(state.snapshot.version)")
    }

    func didChange(state: ModelState, oldState: ModelState) {
        let new = state.snapshot
        let old = oldState.snapshot
        journal.record(id, "d\(new.version)/\(old.version)")
        guard new.value != old.value else { return }
        if dispatches && new.value % 7 == 0 { store.dispatch(action: Bump(source: 0)) }
        if spawns && new.value % 5 == 0 {
            let child = ChildSubscriber(
                id: "\(id).\(journal.children[id, default: []].count)", journal: journal)
            journal.children[id, default: []].append(child)
            store.add(subscriber: child)
        }
    }
}

private struct BlockerMiddleware: AnyMiddleware {
    let modulus: Int

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        if let add = action as? Add, add.amount % modulus == 0 { return }
        if action is Bump, let state = state as? ModelState, state.snapshot.bumps % modulus == modulus - 1 {
            return
        }
        dispatcher.next()
    }
}

private struct ReplacerMiddleware: AnyMiddleware {
    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        guard let add = action as? Add else { return dispatcher.next() }
        dispatcher.next(action: Add(amount: add.amount + 3) as? Action)
    }
}

private struct AnnouncerMiddleware: AnyMiddleware {
    let source: Int
    let before: Bool
    let inCompletion: Bool

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        guard action is Add else { return dispatcher.next() }
        if before { dispatcher.dispatch(action: Bump(source: source)) }
        guard inCompletion else { return dispatcher.next() }
        let source = self.source
        dispatcher.next { _ in dispatcher.dispatch(action: Bump(source: source + 1)) }
    }
}

private struct LoggerMiddleware: AnyMiddleware {
    let index: Int
    let journal: Journal

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        let index = self.index
        let journal = self.journal
        dispatcher.next { state in
            journal.completions.append("m\(index):v\((state as? ModelState)?.snapshot.version ?? -1)")
        }
    }
}

private struct DeferringMiddleware: Middleware {
    let journal: Journal

    func applyMiddleware(
        for state: ModelState, action: Multiply, dispatcher: Dispatcher<Multiply, ModelState>
    ) {
        journal.deferred.append(dispatcher)
    }
}

private struct OddFactorsMiddleware: Middleware {
    func applyMiddleware(
        for state: ModelState, action: Multiply, dispatcher: Dispatcher<Multiply, ModelState>
    ) {
        dispatcher.next(action: action.factor % 2 == 0 ? Multiply(factor: action.factor + 1) : nil)
    }
}

private struct OrphanBlockerMiddleware: Middleware {
    func applyMiddleware(for state: ModelState, action: Orphan, dispatcher: Dispatcher<Orphan, ModelState>) {}
}

// MARK: - The reference model

/// DESIGN.md's dispatch rules as a plain interpreter: no pooling, no boxes, no fast paths.
private struct Reference {
    enum Action {
        case add(Int)
        case multiply(Int)
        case bump(Int)
        case orphan
    }

    enum Completion {
        case dispatch(Int)
        case log(Int)
    }

    enum Kind {
        case object(dispatches: Bool, spawns: Bool)
        case child
        case closure
        case selection
    }

    struct Subscriber {
        let id: String
        let kind: Kind
        var isActive = true
        var children = 0
    }

    struct Chain {
        var action: Action
        var level: Int
        var completions: [Completion]
    }

    let stack: [MiddlewareSpec]
    var state = Snapshot()
    var subscribers: [Subscriber] = []
    var histories: [String: [String]] = [:]
    var completions: [String] = []
    var unhandled = 0
    var nextCalledTwice = 0
    var queue: [Action] = []
    var deferred: [Chain] = []

    init(stack: [MiddlewareSpec]) {
        self.stack = stack
    }

    /// A top-level dispatch: the action and everything it queues.
    mutating func dispatch(_ action: Action) {
        run(Chain(action: action, level: 0, completions: []))
        drain()
    }

    mutating func resume(_ chain: Chain) {
        run(chain)
        drain()
    }

    private mutating func drain() {
        while !queue.isEmpty {
            run(Chain(action: queue.removeFirst(), level: 0, completions: []))
        }
    }

    private mutating func run(_ chain: Chain) {
        var chain = chain
        while chain.level < stack.count {
            switch (stack[chain.level], chain.action) {
            case (.blocker(let modulus), .add(let amount)) where amount % modulus == 0:
                return
            case (.blocker(let modulus), .bump) where state.bumps % modulus == modulus - 1:
                return
            case (.replacer, .add(let amount)):
                chain.action = .add(amount + 3)
            case (.announcer(let source, let before, let inCompletion), .add):
                if before { queue.append(.bump(source)) }
                if inCompletion { chain.completions.append(.dispatch(source + 1)) }
            case (.logger(let index), _):
                chain.completions.append(.log(index))
            case (.deferrer, .multiply):
                chain.level += 1
                deferred.append(chain)
                return
            case (.oddFactors, .multiply(let factor)) where factor % 2 == 0:
                chain.action = .multiply(factor + 1)
            case (.orphanBlocker, .orphan):
                return
            default:
                break
            }
            chain.level += 1
        }
        let old = state
        switch chain.action {
        case .add(let amount): state = Fold.add(state, amount)
        case .multiply(let factor): state = Fold.multiply(state, factor)
        case .bump(let source): state = Fold.bump(state, source)
        case .orphan:
            unhandled += 1
            return
        }
        notify(state, old)
        for completion in chain.completions.reversed() {
            switch completion {
            case .dispatch(let source): queue.append(.bump(source))
            case .log(let index): completions.append("m\(index):v\(state.version)")
            }
        }
    }

    private mutating func notify(_ new: Snapshot, _ old: Snapshot) {
        var spawned: [Subscriber] = []
        for index in subscribers.indices where subscribers[index].isActive {
            let id = subscribers[index].id
            switch subscribers[index].kind {
            case .object(let dispatches, let spawns):
                histories[id, default: []] += ["w\(new.version)", "d\(new.version)/\(old.version)"]
                guard new.value != old.value else { continue }
                if dispatches && new.value % 7 == 0 { queue.append(.bump(0)) }
                if spawns && new.value % 5 == 0 {
                    spawned.append(Subscriber(id: "\(id).\(subscribers[index].children)", kind: .child))
                    subscribers[index].children += 1
                }
            case .child, .closure:
                histories[id, default: []].append("d\(new.version)/\(old.version)")
            case .selection:
                if new.value != old.value { histories[id, default: []].append("k\(new.value)/\(old.value)") }
            }
        }
        // Added during the notification: told from the next change on.
        subscribers += spawned
    }

    mutating func add(_ id: String, _ kind: Kind) {
        subscribers.append(Subscriber(id: id, kind: kind))
    }

    /// Stops telling `id`; with `children`, also the children it spawned.
    mutating func deactivate(_ id: String, children: Bool) {
        for index in subscribers.indices
        where subscribers[index].id == id || (children && subscribers[index].id.hasPrefix(id + ".")) {
            subscribers[index].isActive = false
        }
    }

    /// Moves a removed object to the end of the list, active again.
    mutating func reactivate(_ id: String) {
        guard let index = subscribers.firstIndex(where: { $0.id == id }) else { return }
        var subscriber = subscribers.remove(at: index)
        subscriber.isActive = true
        subscribers.append(subscriber)
    }
}

// MARK: - Running a program on both

@MainActor
private final class Run {
    let program: Program
    let journal = Journal()
    let diagnostics = Reliability.DiagnosticsLog()
    let store: Store<ModelState>
    var reference: Reference

    /// Subscribed objects the program holds, by id.
    var objects: [String: ObjectSubscriber] = [:]
    /// Removed objects the program still holds.
    var removed: [String: ObjectSubscriber] = [:]
    var tokens: [String: StoreSubscription] = [:]
    /// Dispatchers whose `next` already ran.
    var spent: [Dispatcher<Multiply, ModelState>] = []
    var nextID = 0
    var mismatch: String?

    init(program: Program) {
        self.program = program
        reference = Reference(stack: program.middleware)
        let journal = self.journal
        let middleware: [any AnyMiddleware] = program.middleware.map { spec in
            switch spec {
            case .blocker(let modulus): BlockerMiddleware(modulus: modulus)
            case .replacer: ReplacerMiddleware()
            case .announcer(let source, let before, let inCompletion):
                AnnouncerMiddleware(source: source, before: before, inCompletion: inCompletion)
            case .logger(let index): LoggerMiddleware(index: index, journal: journal)
            case .deferrer: DeferringMiddleware(journal: journal)
            case .oddFactors: OddFactorsMiddleware()
            case .orphanBlocker: OrphanBlockerMiddleware()
            }
        }
        store = Store(with: ModelState(), middleware: middleware)
        store.register(reducer: AddReducer.self)
        store.register(reducer: MultiplyReducer.self)
        store.register(reducer: BumpReducer.self)
        diagnostics.install(on: store)
    }

    func execute() {
        // Deferred dispatchers hold the middleware that holds the journal: let them go.
        defer {
            journal.deferred.removeAll()
            spent.removeAll()
        }
        for (index, step) in program.steps.enumerated() {
            perform(step)
            if store.state.snapshot != reference.state {
                mismatch =
                    "after step \(index) (\(step)): store \(store.state.snapshot), reference \(reference.state)"
                return
            }
            if journal.deferred.count != reference.deferred.count {
                mismatch =
                    "after step \(index) (\(step)): \(journal.deferred.count) deferred, expected "
                    + "\(reference.deferred.count)"
                return
            }
        }
        compareEnd()
    }

    private func makeID() -> String {
        nextID += 1
        return "s\(nextID)"
    }

    private func perform(_ step: Step) {
        switch step {
        case .add(let amount):
            store.dispatch(action: Add(amount: amount))
            reference.dispatch(.add(amount))
        case .multiply(let factor):
            store.dispatch(action: Multiply(factor: factor))
            reference.dispatch(.multiply(factor))
        case .bump:
            store.dispatch(action: Bump(source: 1))
            reference.dispatch(.bump(1))
        case .orphan:
            store.dispatch(action: Orphan())
            reference.dispatch(.orphan)
        case .addObject(let dispatches, let spawns):
            let id = makeID()
            let object = ObjectSubscriber(
                id: id, dispatches: dispatches, spawns: spawns, journal: journal, store: store)
            objects[id] = object
            store.add(subscriber: object)
            reference.add(id, .object(dispatches: dispatches, spawns: spawns))
        case .addClosure:
            let id = makeID()
            let journal = self.journal
            tokens[id] = store.subscribe(to: \.self) { state, oldState in
                journal.record(id, "d\(state.snapshot.version)/\(oldState.snapshot.version)")
            }
            reference.add(id, .closure)
        case .addSelection:
            let id = makeID()
            let journal = self.journal
            tokens[id] = store.subscribe(to: \.snapshot.value) { value, oldValue in
                journal.record(id, "k\(value)/\(oldValue)")
            }
            reference.add(id, .selection)
        case .addAgain(let pick):
            guard let id = choose(pick, from: objects.keys) else { return }
            store.add(subscriber: objects[id]!)
        case .remove(let pick):
            guard let id = choose(pick, from: objects.keys) else { return }
            let object = objects.removeValue(forKey: id)!
            store.remove(subscriber: object)
            removed[id] = object
            reference.deactivate(id, children: false)
        case .readd(let pick):
            guard let id = choose(pick, from: removed.keys) else { return }
            let object = removed.removeValue(forKey: id)!
            store.add(subscriber: object)
            objects[id] = object
            reference.reactivate(id)
        case .release(let pick):
            guard let id = choose(pick, from: Array(objects.keys) + Array(tokens.keys)) else { return }
            objects[id] = nil
            tokens[id] = nil
            journal.children[id] = nil
            reference.deactivate(id, children: true)
        case .cancel(let pick):
            guard let id = choose(pick, from: tokens.keys) else { return }
            tokens[id]!.cancel()
            reference.deactivate(id, children: false)
        case .resume(let pick):
            guard !journal.deferred.isEmpty, journal.deferred.count == reference.deferred.count else {
                return
            }
            let index = pick % journal.deferred.count
            let dispatcher = journal.deferred.remove(at: index)
            let chain = reference.deferred.remove(at: index)
            spent.append(dispatcher)
            dispatcher.next()
            reference.resume(chain)
        case .drop(let pick):
            guard !journal.deferred.isEmpty, journal.deferred.count == reference.deferred.count else {
                return
            }
            let index = pick % journal.deferred.count
            journal.deferred.remove(at: index)
            reference.deferred.remove(at: index)
        case .nextAgain(let pick):
            guard !spent.isEmpty else { return }
            spent[pick % spent.count].next()
            reference.nextCalledTwice += 1
        }
    }

    private func choose(_ pick: Int, from ids: some Collection<String>) -> String? {
        guard !ids.isEmpty else { return nil }
        let sorted = ids.sorted()
        return sorted[pick % sorted.count]
    }

    private func compareEnd() {
        var problems: [String] = []
        for id in Set(journal.histories.keys).union(reference.histories.keys).sorted() {
            let actual = journal.histories[id] ?? []
            let expected = reference.histories[id] ?? []
            if actual != expected {
                problems.append("history of \(id): store \(actual), reference \(expected)")
            }
        }
        if journal.completions != reference.completions {
            problems.append("completions: store \(journal.completions), reference \(reference.completions)")
        }
        let unhandled = diagnostics.count(of: .unhandledAction)
        let twice = diagnostics.count(of: .nextCalledTwice)
        if unhandled != reference.unhandled || twice != reference.nextCalledTwice
            || diagnostics.entries.count != unhandled + twice
        {
            problems.append(
                "diagnostics: store \(diagnostics.kinds), reference \(reference.unhandled) unhandled, "
                    + "\(reference.nextCalledTwice) next called twice")
        }
        if !problems.isEmpty { mismatch = problems.joined(separator: "\n") }
    }
}

@MainActor
@Suite("Model check")
struct ModelCheckTests {
    static let programs = Reliability.integer(
        "REMVVM_MODEL_PROGRAMS", default: Reliability.modelCheckRuns(10_000))

    @Test("10,000 random programs: the store agrees with a reference fold of the reducers")
    func randomProgramsAgreeWithReference() {
        let base = Reliability.baseSeed
        var failures = 0
        var dispatchedSteps = 0
        for index in 0..<Self.programs {
            let program = Program(seed: base &+ UInt64(index))
            let run = Run(program: program)
            run.execute()
            dispatchedSteps += run.reference.state.version
            if let mismatch = run.mismatch {
                Issue.record("\(program)\n\(mismatch)")
                failures += 1
                if failures == 3 { break }
            }
        }
        if failures == 0 {
            #expect(dispatchedSteps > Self.programs * 5, "the programs must reduce enough to mean anything")
        }
    }
}
