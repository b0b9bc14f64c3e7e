/// One task the store counts, started with an id by
/// ``Dispatcher/task(id:cancelInFlight:_:)``: what cancelling it by id needs, and what a
/// `TestStore` timeout says about it.
@MainActor
@usableFromInline
package final class RunningTask {
    /// The task with an id whose work is running, for the code it runs: a dispatch reads it to
    /// know whether it is dropped, a `TestClock` sleep to know whose sleep it is. Tasks
    /// started inside the work (`Task { }`) inherit it.
    @TaskLocal package static var current: RunningTask?

    /// The number of tasks with an id started before this one, in any store: a `TestClock`
    /// wakes sleepers with the same deadline in the order their tasks started.
    package let sequence: UInt64
    private static var started: UInt64 = 0
    /// The sequence the next task takes.
    static var nextSequence: UInt64 { started }

    /// The id: an existential, not an `AnyHashable`, which would box every id in a new
    /// allocation (the `task.id` benchmark: one more malloc per task).
    let id: any Hashable & Sendable
    /// The type of the middleware whose dispatcher started the task, when known.
    let startedBy: (any Any.Type)?
    /// The task running the work; set right after it was made.
    var task: Task<Void, Never>?
    /// Whether the task was cancelled by id (``Dispatcher/cancelTasks(id:)``,
    /// ``Store/cancelTasks(id:)``, a newer task with `cancelInFlight`); cancelling the `Task`
    /// handle counts too, in ``dropsDispatches``.
    private(set) var isCancelled = false
    /// The place the task was started for (a row, an optional part, a navigation entry), when
    /// the action its middleware handled was addressed to one, or when it was started from the
    /// work of a task of that place.
    let place: PlaceKey?
    /// The tracker, and so the store, that counts the task: a task started from its work takes
    /// its place only in the same store.
    var tracker: ObjectIdentifier?
    /// How reports name that place.
    let placeName: (@MainActor () -> String)?
    /// Whether the task was cancelled because its place left the state: what it dispatches
    /// afterwards is reported, naming the place.
    private(set) var placeWent = false

    init(
        id: any Hashable & Sendable, startedBy: (any Any.Type)?, place: PlaceKey? = nil,
        placeName: (@MainActor () -> String)? = nil
    ) {
        self.id = id
        self.startedBy = startedBy
        self.place = place
        self.placeName = placeName
        sequence = Self.started
        Self.started &+= 1
    }

    /// Cancels the work: `CancellationError` reaches what it awaits, and what it dispatches
    /// from now on is dropped.
    func cancel() {
        isCancelled = true
        task?.cancel()
    }

    /// Cancels the work because its place left the state.
    func cancelAsPlaceWent() {
        placeWent = true
        cancel()
    }

    /// Whether the task was started with an id equal to `other`.
    func hasID<ID: Hashable>(_ other: ID) -> Bool {
        (id as? ID) == other
    }

    /// The number of tasks with an id running, in every store.
    static var runningCount = 0

    /// Whether a dispatch made now comes from the work of a task with an id that was cancelled
    /// since: such dispatches are dropped. Not generic and out of line: a call to the engine's
    /// generic method there, even one never made, cost the `chain` workload 215 instructions
    /// per dispatch (callgrind); the task-local lookup happens only while a task with an id
    /// runs.
    @usableFromInline
    @inline(never)
    static func dropsDispatchNow() -> Bool {
        guard runningCount > 0, let current else { return false }
        return current.dropsDispatches
    }

    /// The place the task of the work running now was started for, when it was cancelled
    /// because that place left the state: a dropped dispatch is reported then.
    static var goneCurrentPlace: String? {
        guard let current, current.placeWent else { return nil }
        return current.placeName?()
    }

    /// Whether a dispatch made by this task's work now is dropped.
    var dropsDispatches: Bool {
        isCancelled || task?.isCancelled == true
    }
}
