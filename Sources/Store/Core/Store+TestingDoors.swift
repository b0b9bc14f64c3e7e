// Package-only doors for ReMVVMTesting's TestStore and TestClock: what they need of a store's
// engine, reached without making the engine's own types package.

/// A clock that waits for the tasks of the stores that use it: ReMVVMTesting's `TestClock`. A
/// store whose dependencies hold one hands it its running tasks when it is made.
package protocol StoreTaskWatchingClock: AnyObject, Sendable {
    /// Makes the clock wait for the tasks `runningTasks` returns: those with an id, and how many
    /// without one; `nil` once their store is gone.
    @MainActor
    func watchTasks(_ runningTasks: @escaping @MainActor @Sendable () -> StoreRunningTasks?)
}

/// The running tasks of one store, as a ``StoreTaskWatchingClock`` sees them.
package struct StoreRunningTasks {
    /// The tasks started with an id, cancelled or not, in the order they started.
    package var identified: [RunningTask]
    /// How many tasks started without an id run.
    package var withoutID: Int
}

extension StoreTaskWatchingClock {
    /// Watches the tasks of the store `tracker` belongs to.
    @MainActor
    func watch<State: StoreState>(_ tracker: EffectTracker<State>) {
        watchTasks { [weak tracker] in
            tracker.map { StoreRunningTasks(identified: $0.identifiedTasks, withoutID: $0.tasksWithoutID) }
        }
    }
}

/// How one pass of an action through a store's middleware ended, as a `TestStore` follows it.
package enum StorePassOutcome: Equatable, Sendable {
    /// The action reached its reducer.
    case reduced
    /// The action reached the end of the chain and no reducer is registered for it.
    case unhandled
    /// A middleware stopped the action.
    case blocked
    /// A middleware kept its dispatcher without calling `next` yet.
    case deferred
}

/// The work one action sent by a `TestStore` sets off: everything its dispatch runs, and the
/// tasks it starts, are counted here while it is current (see SentActionWork.swift).
@MainActor
package final class SentWork {
    private let work = SentActionWork()

    package init() {}

    /// Whether every task the action set off ended.
    package var isFinished: Bool { work.isFinished }

    /// One line per task the action set off that still runs.
    package var runningDescriptions: [String] { work.runningDescriptions }

    /// Runs `body` with this work current: what it dispatches, and the tasks started meanwhile,
    /// count here.
    package func whileCurrent(_ body: () -> Void) {
        SentActionWork.$current.withValue(work, operation: body)
    }
}

extension Store {
    /// The store's dependencies, to change: a `TestStore` sets its test values once, right
    /// after making the store.
    package var changeableDependencies: DependencyValues {
        get { engine.dependencies }
        set { engine.dependencies = newValue }
    }

    /// Calls `passEnded` at the end of each pass of an action through the chain (with the
    /// action, how it ended, the state after it and the pass's context), and `tasksChanged`
    /// when a task starts or ends; tasks started while a ``SentWork`` is current count there.
    /// For the one `TestStore` over this store.
    package func followWork(
        passEnded: @escaping @MainActor (any StoreAction, StorePassOutcome, State, AnyObject?) -> Void,
        tasksChanged: @escaping @MainActor () -> Void
    ) {
        let tracker = engine.effectTracker()
        tracker.onEnded = passEnded
        tracker.onTasksChanged = tasksChanged
        tracker.followsSentActions = true
        engine.watchTaskWatchingClock()
    }

    /// Whether no counted task runs and no middleware holds an action without calling `next`.
    package var isWorkIdle: Bool { engine.effectTracker().isIdle }

    /// One line per pending thing: each held action, each running task.
    package var pendingWork: [String] { engine.effectTracker().pendingDescription }

    /// Reports `message` as a diagnostic of `kind` through the store's diagnostics handler.
    package func report(_ kind: StoreDiagnostic.Kind, _ message: String) {
        engine.report(kind, message)
    }

    /// The name the part at `keyPath` was registered under with `register(binding:)`, if it was.
    package func bindingName(of keyPath: AnyKeyPath) -> String? {
        bindingRegistry.name(of: keyPath)
    }
}

extension DependencyValues {
    /// A `TestStore`'s dependencies before its test sets any: each key's test value, and a
    /// `uuid` and a `date` whose first draw fails the test at the line that made the test store.
    package static func forTestStore(createdAt filePath: StaticString, line: UInt) -> DependencyValues {
        var values = DependencyValues(context: .test)
        values.uuid = .unset(createdAt: filePath, line: line)
        values.date = .unset(createdAt: filePath, line: line)
        return values
    }
}
