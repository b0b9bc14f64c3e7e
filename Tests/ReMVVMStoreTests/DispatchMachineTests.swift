// The dispatch machine's events, one by one: each returns what the engine must do, and the
// tables in DispatchMachine.swift say what that is.

import Testing

@testable import ReMVVMStore

private struct Ping: StoreAction {}

private struct Counted: StoreState {
    var count = 0
}

@MainActor
@Suite("The dispatch machine's events")
struct DispatchMachineTests {
    @Test("work on an idle store runs now; on a busy one it waits, oldest first, until the queue finishes")
    func queue() {
        var queue = QueueState<Counted>()
        #expect(queue.arrive(.action(Ping())) == .runNow)
        #expect(queue.isBusy)
        var made = 0
        func work(_ tag: Int) -> PendingWork<Counted> {
            made += 1
            return .resume { _ in _ = tag }
        }
        // Busy: the work is made (only now) and queued.
        #expect(queue.arrive(work(1)) == .queued)
        #expect(queue.arrive(.action(Ping())) == .queued)
        #expect(made == 1)
        guard case .resume = queue.takeNext() else {
            Issue.record("the first work queued did not come out first")
            return
        }
        guard case .action(let action) = queue.takeNext() else {
            Issue.record("the second work queued did not come out second")
            return
        }
        #expect(action is Ping)
        #expect(queue.takeNext() == nil)
        queue.finish()
        #expect(!queue.isBusy)
        // Idle again: work runs now and is never made.
        #expect(queue.arrive(work(2)) == .runNow)
        #expect(made == 1)
    }

    @Test("dispatches from within the store count their depth")
    func innerDepth() {
        var queue = QueueState<Counted>()
        queue.enterInner()
        queue.enterInner()
        #expect(queue.innerDepth == 2)
        queue.leaveInner()
        #expect(queue.innerDepth == 1)
    }

    @Test("next continues a running level, resumes a deferred one, and is reported the second time")
    func next() {
        var running = LevelPhase.running
        #expect(running.nextCalled() == .continueChain)
        #expect(running == .passedOn)
        #expect(running.nextCalled() == .reportSecondCall)
        var deferred = LevelPhase.deferred
        #expect(deferred.nextCalled() == .resumeChain)
        #expect(deferred == .passedOn)
        #expect(LevelPhase.returnedWithoutNext(keptDispatcher: true) == .deferred)
        #expect(LevelPhase.returnedWithoutNext(keptDispatcher: false) == .blocked)
    }

    @Test("a pass's outcome decides what becomes of its context and its completions")
    func outcomes() {
        #expect(DispatchOutcome.reduced.end == .reuse)
        #expect(DispatchOutcome.deferred.end == .keepForResume)
        for ended in [DispatchOutcome.blocked, .unhandled, .inProgress] {
            #expect(ended.end == .forgetAndReuse)
        }
        #expect(CompletionOrder.afterNext(.reduced) == .runNow)
        #expect(CompletionOrder.afterNext(.deferred) == .keep)
        #expect(CompletionOrder.afterNext(.blocked) == .drop)
        #expect(CompletionOrder.kept(after: .reduced) == .runDeepestFirst)
        #expect(CompletionOrder.kept(after: .deferred) == .wait)
        #expect(CompletionOrder.kept(after: .unhandled) == .forget)
        #expect(CompletionOrder.beforeNext(phase: .running, isFirstResumedLevel: false) == .decideAfterNext)
        #expect(CompletionOrder.beforeNext(phase: .running, isFirstResumedLevel: true) == .keep)
        #expect(CompletionOrder.beforeNext(phase: .deferred, isFirstResumedLevel: false) == .keep)
        #expect(!CompletionOrder.mayRun(givenIn: .passedOn))
    }
}
