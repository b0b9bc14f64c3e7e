/// The store's subscriptions that run before or after its subscribers, or read the cause of a
/// change (``Store/subscribe(to:timing:_:)-b5t9``, the deprecated
/// ``StateObserver``s and the engine's own), told of every change the engine applies
/// (``DispatchEngine/commit(_:cause:)``), in the order they were added: those that run before
/// the subscribers, then, after them, the others.
///
/// A subscription made by `subscribe` stops when it is cancelled or released, as every
/// ``StoreSubscription`` does: its entry holds it and checks, before each call, that something
/// else still does (a uniqueness check, one load). One made by the deprecated
/// `observeChanges(_:)`, or by the engine for itself, is kept by the store until cancelled.
///
/// The observers of one timing are composed into one function, rebuilt when one is added or
/// cancelled: a change then makes one call and retains one context, however many features
/// there are, where a loop over a list retained each observer's context and subscription
/// (callgrind, `persist`: 120 instructions per dispatch for one observer).
///
/// An observer added while a change is being told (from a subscriber's `willChange` or
/// `didChange`, or from another observer) waits in ``waiting`` until the change was told to
/// everyone: it is not told about that change, and the cause made for it (or the placeholder
/// chosen when no observer read causes) never reaches it. Which change is being told is read
/// from the subscriber list, which counts its notifications, and the waiting observers are
/// added by the last function the change calls, ``after``, made to add them at its end: the
/// engine's `commit` pays nothing for it (a counter of the changes being told, set there, cost
/// `d0` 28 instructions per dispatch, callgrind, and a call at the end of a change cost
/// `history` 14).
@MainActor
@usableFromInline
final class ChangeObservers<State: StoreState> {
    @usableFromInline typealias Body = @MainActor (State, State, StateChangeCause) -> Void

    private struct Entry {
        let body: Body
        let readsCause: Bool
        let gate: SubscriptionGate
        /// Whether the body checks the gate itself (a body made by `subscribe`), so that the
        /// composed function need not.
        let checksGate: Bool
    }

    private var entries: (before: [Entry], after: [Entry]) = ([], [])
    /// Observers added while a change that tells the observers was told, added once it was.
    private var waiting: [(entry: Entry, timing: SubscriptionTiming)] = []
    /// The notification (``SubscriberList/serial``) during which an observer was added at
    /// once because the change tells no observer (the store had none when it began).
    private var addedAtOnceDuring: UInt64 = 0
    /// The notification during which the last observer was cancelled: that change still tells
    /// the observers, although there are none now.
    private var emptiedDuring: UInt64 = 0
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    /// The observers that run before the subscribers as one function, lent to the engine
    /// without a retain (assumption 12 in Unchecked.swift): a retain and a release of a closure's
    /// context for each call cost `persist` 44 instructions per dispatch, and two atomic
    /// operations (callgrind; 15 ns over `d0` before, package-benchmark).
    @exclusivity(unchecked) @usableFromInline private(set) var before:
        UncheckedReference<ComposedObservers<State>>?
    /// The observers that run after the subscribers, lent as `before` is.
    @exclusivity(unchecked) @usableFromInline private(set) var after:
        UncheckedReference<ComposedObservers<State>>?
    /// Whether the engine is calling `after`: then a rebuild keeps the functions it replaces.
    @exclusivity(unchecked) @usableFromInline var isTellingAfter = false
    /// What `before` and `after` lend.
    private var composed: (before: ComposedObservers<State>?, after: ComposedObservers<State>?)
    /// Functions replaced while a change was being told, which may be the ones running: kept
    /// until the engine ends the change (``releaseRetired()``).
    private var retired: [ComposedObservers<State>] = []
    @exclusivity(unchecked) @usableFromInline private(set) var hasRetired = false
    /// Whether there is no observer and no journal: then a change tells nothing but the
    /// subscribers, and builds no ``StateChangeCause``.
    @exclusivity(unchecked) @usableFromInline private(set) var isEmpty = true
    /// Whether there is an observer (before or after the subscribers); the journals aside.
    @exclusivity(unchecked) @usableFromInline private(set) var hasEntries = false
    /// The first of the store's ``ActionJournal``s, each told of every action before the
    /// subscribers, in the order they were added (each names the `next`); `nil` for none.
    /// Lent without a retain (assumption 11 in Unchecked.swift): `journals` holds it.
    @exclusivity(unchecked) @usableFromInline private(set) var journal:
        UncheckedReference<ActionJournal<State>>?
    /// The journals, in the order they were added, with the subscriptions that end them.
    private var journals = Chain<ActionJournal<State>>()
    /// The first of the store's ``ActionTap``s, each told of the actions it names with the
    /// observers that run before the subscribers (each names the `next`); `nil` for none. Lent
    /// without a retain (assumption 11 in Unchecked.swift): `taps` holds it.
    @exclusivity(unchecked) @usableFromInline private(set) var tap: UncheckedReference<ActionTap<State>>?
    private var taps = Chain<ActionTap<State>>()
    /// Whether an observer reads the cause of a change; when none does, a change makes none.
    @exclusivity(unchecked) @usableFromInline private(set) var readCause = false
    /// Whether observers wait for the change being told to end.
    @exclusivity(unchecked) private var hasWaiting = false
    /// The store's subscriber list, whose notifications say whether a change is being told.
    private weak var list: SubscriberList<State>?

    init() {}

    /// Gives the store's subscriber list, which says whether a change is being told; the engine
    /// gives it when it is made, so that every addition and cancel knows.
    func tell(_ list: SubscriberList<State>) {
        self.list = list
    }

    /// Adds `observer`, kept by the store until it is cancelled; `list` is the store's
    /// subscriber list, which says whether a change is being told.
    func add(_ observer: StateObserver<State>, subscribers list: SubscriberList<State>) -> StoreSubscription {
        self.list = list
        return add(observer)
    }

    /// Adds `observer`, kept until it is cancelled, for the engine's own observers: the list is
    /// the one given before, if any (an observer added before any list was given is added at
    /// once).
    func add(_ observer: StateObserver<State>) -> StoreSubscription {
        add(
            observer.body, readsCause: observer.readsCause, timing: observer.timing.subscriptionTiming,
            gate: SubscriptionGate(endsWhenReleased: false), checksGate: false)
    }

    /// Adds `body`, run before or after the subscribers as `timing` says, until `gate`'s
    /// subscription ends; `checksGate` says whether the body checks the gate itself.
    func add(
        _ body: @escaping Body,
        readsCause: Bool,
        timing: SubscriptionTiming,
        gate: SubscriptionGate,
        checksGate: Bool,
        subscribers list: SubscriberList<State>
    ) -> StoreSubscription {
        self.list = list
        return add(body, readsCause: readsCause, timing: timing, gate: gate, checksGate: checksGate)
    }

    /// As ``add(_:readsCause:timing:gate:checksGate:subscribers:)``, with the list given before,
    /// if any (the engine's own observers).
    func add(
        _ body: @escaping Body, readsCause: Bool, timing: SubscriptionTiming, gate: SubscriptionGate,
        checksGate: Bool
    ) -> StoreSubscription {
        precondition(timing != .withSubscribers, "internal inconsistency: observers run before or after")
        let subscription = gate.subscription
        let entry = Entry(body: body, readsCause: readsCause, gate: gate, checksGate: checksGate)
        guard let list else {
            append(entry, timing)
            subscription.onCancel = { [weak self] in self?.rebuild() }
            rebuild()
            return subscription
        }
        subscription.onCancel = { [weak self, unowned list] in self?.cancelled(during: list) }
        if hasWaiting || tellsObservers(list) {
            waiting.append((entry, timing))
            if !hasWaiting {
                hasWaiting = true
                rebuild()
            }
            return subscription
        }
        if list.notifying > 0 { addedAtOnceDuring = list.serial }
        append(entry, timing)
        rebuild()
        return subscription
    }

    /// Whether a change is being told whose observers are told after this call: one that
    /// began with observers (the engine's `commit` read ``hasEntries`` as `true`). While the
    /// after-subscribers observers run, the notification is over and additions are let in:
    /// the function that runs them was read before.
    private func tellsObservers(_ list: SubscriberList<State>) -> Bool {
        guard list.notifying > 0 else { return false }
        if emptiedDuring == list.serial { return true }
        // Only an addition during this notification makes a store that began with no observer
        // have one, and that addition noted it in `addedAtOnceDuring`.
        return hasEntries && addedAtOnceDuring != list.serial
    }

    private func cancelled(during list: SubscriberList<State>) {
        if tellsObservers(list) { emptiedDuring = list.serial }
        rebuild()
    }

    private func addWaiting() {
        let added = waiting
        waiting.removeAll()
        hasWaiting = false
        for (entry, timing) in added where !entry.gate.isGone() { append(entry, timing) }
        rebuild()
    }

    private func append(_ entry: Entry, _ timing: SubscriptionTiming) {
        switch timing {
        case .beforeSubscribers: entries.before.append(entry)
        case .withSubscribers, .afterSubscribers: entries.after.append(entry)
        }
    }

    private func rebuild() {
        waiting.removeAll { $0.entry.gate.isGone() }
        hasWaiting = !waiting.isEmpty
        entries.before.removeAll { $0.gate.isGone() }
        entries.after.removeAll { $0.gate.isGone() }
        var after = Self.compose(entries.after)
        if hasWaiting {
            // Runs at the end of the change being told: the observers that wait join then.
            let composed = after
            after = { [unowned self] state, oldState, cause in
                composed?(state, oldState, cause)
                addWaiting()
            }
        }
        // The functions being called may be the ones replaced: kept until the engine ends the
        // change. Only a change that began with observers calls them (the engine read
        // `hasEntries`); replaced during another, they never ran and go at once.
        if isTellingAfter || list.map(tellsObservers) == true {
            retired += [composed.before, composed.after].compactMap { $0 }
            hasRetired = !retired.isEmpty
        }
        composed = (nil, nil)
        if let before = Self.compose(entries.before) { composed.before = ComposedObservers(before) }
        if let after { composed.after = ComposedObservers(after) }
        self.before = composed.before.map(UncheckedReference.init)
        self.after = composed.after.map(UncheckedReference.init)
        hasEntries = !entries.before.isEmpty || !entries.after.isEmpty
        noteWhetherEmpty()
        // Two scans, not one of the two arrays joined, which allocated at each add and cancel.
        readCause = entries.before.contains { $0.readsCause } || entries.after.contains { $0.readsCause }
    }

    /// Lets go of the functions replaced during the change that just ended, none of which runs
    /// now: the engine calls it at the end of a change that told observers or journals.
    @usableFromInline
    func releaseRetired() {
        retired.removeAll()
        hasRetired = false
    }

    /// Adds `journal`, told of every action from the next change on, until the returned
    /// subscription is cancelled. Added during a change, it is not told of that one: the engine
    /// tells the journals before the subscribers, so that change's journals were already told.
    func add(journal: ActionJournal<State>) -> StoreSubscription {
        add(journal, to: \.journals)
    }

    /// Adds `tap`, told of the actions it names until the returned subscription is cancelled.
    /// The engine reads the taps when it sets the state, after the subscribers' `willChange`;
    /// a tap added from a `willChange` is told of that change when the store told taps or
    /// observers in it (it had one when the change began), else of the next; one added later
    /// in a change, of the next.
    func add(tap: ActionTap<State>) -> StoreSubscription {
        add(tap, to: \.taps)
    }

    private func add<Node>(_ node: Node, to chain: ReferenceWritableKeyPath<ChangeObservers, Chain<Node>>)
        -> StoreSubscription
    {
        let subscription = StoreSubscription()
        self[keyPath: chain].append(node, until: subscription)
        subscription.onCancel = { [weak self] in self?.relinkChains() }
        relinkChains()
        return subscription
    }

    /// ``isEmpty``, kept stored: the engine reads it at every change.
    private func noteWhetherEmpty() {
        isEmpty = !hasEntries && journal == nil && tap == nil
    }

    private func relinkChains() {
        journal = journals.relink().map(UncheckedReference.init)
        tap = taps.relink().map(UncheckedReference.init)
        noteWhetherEmpty()
    }

    /// One function that calls each entry's body in order; `nil` for none. A cancel during a
    /// change takes effect at once: the function in progress checks each entry's subscription,
    /// or the entry's body checks it itself, and whether it was released when that ends it. A
    /// released one is cancelled then, which drops its entry.
    ///
    /// A loop, not `reduce`, and no `Optional.map` on the result: a function passed through a
    /// generic parameter is wrapped in a conversion each way (callgrind, `persist`: 4
    /// conversions, 44 instructions per dispatch, around one observer).
    private static func compose(_ entries: [Entry]) -> Body? {
        var composed: Body?
        for entry in entries { composed = appending(entry, to: composed) }
        return composed
    }

    /// `composed`, then `entry`'s body.
    private static func appending(_ entry: Entry, to composed: Body?) -> Body {
        let body = entry.body
        let gate = entry.gate
        if gate.endsWhenReleased && !entry.checksGate {
            guard let composed else {
                return { state, oldState, cause in
                    if !gate.isClosed() { body(state, oldState, cause) }
                }
            }
            return { state, oldState, cause in
                composed(state, oldState, cause)
                if !gate.isClosed() { body(state, oldState, cause) }
            }
        }
        guard let composed else { return body }
        if entry.checksGate {
            return { state, oldState, cause in
                composed(state, oldState, cause)
                body(state, oldState, cause)
            }
        }
        let subscription = gate.subscription
        return { state, oldState, cause in
            composed(state, oldState, cause)
            if !subscription.isCancelled { body(state, oldState, cause) }
        }
    }
}

/// The observers of one timing, composed into one function; kept by ``ChangeObservers`` and
/// lent to the engine, which calls `body` without retaining its context (a `let` of an object
/// it holds).
@MainActor
@usableFromInline
final class ComposedObservers<State: StoreState> {
    @usableFromInline let body: ChangeObservers<State>.Body

    init(_ body: @escaping ChangeObservers<State>.Body) {
        self.body = body
    }
}

/// What the engine tells in turn, each naming the `next`: a store's journals, or its taps.
@MainActor
protocol ChainLink: AnyObject {
    var next: Self? { get set }
}

extension ActionJournal: ChainLink {}
extension ActionTap: ChainLink {}

/// The links of one kind a store has, in the order they were added, each until its
/// subscription is cancelled.
@MainActor
struct Chain<Link: ChainLink> {
    private var links: [(link: Link, subscription: StoreSubscription)] = []

    mutating func append(_ link: Link, until subscription: StoreSubscription) {
        links.append((link, subscription))
    }

    /// Drops the links whose subscription was cancelled, links the others in order, and
    /// returns the first.
    mutating func relink() -> Link? {
        for entry in links where entry.subscription.isCancelled { entry.link.next = nil }
        links.removeAll { $0.subscription.isCancelled }
        for (offset, entry) in links.enumerated() {
            entry.link.next = offset + 1 < links.count ? links[offset + 1].link : nil
        }
        return links.first?.link
    }
}
