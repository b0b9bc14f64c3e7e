import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// Edge cases of screens that own their state (Sources/Middleware/Navigation/
// StoreRegistering+ScreenCases.swift, Machinery/ScreenCase.swift) and of tasks that end with
// their place (Sources/Store/Places/), found by a review: each failed before its fix, except
// the ones marked "pin", which pin a behaviour the review checked.

// MARK: - A small app

private struct RVRecording: Hashable, Sendable {
    var seconds = 0
}

private struct RVForm: Hashable, Sendable {
    var title = ""
}

/// A payload whose `Double` can hold NaN (a number the user typed, `Double("nan")`).
private struct RVGauge: Hashable, Sendable {
    var level: Double
}

/// A reference a payload holds (an image, a recorder handle): tells when the payload is let go.
private final class RVBlob: Hashable, Sendable {
    static func == (lhs: RVBlob, rhs: RVBlob) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

private struct RVHeavy: Hashable, Sendable {
    var blob: RVBlob
    var count = 0
}

/// A screen state equal by identity, as apps often make the states of navigation screens.
private struct RVNote: Hashable, Sendable {
    let id: Int
    var text: String
    static func == (lhs: RVNote, rhs: RVNote) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

private enum RVScreen: Hashable, Sendable {
    case list
    case note(RVNote)
    case record(RVRecording)
    case form(RVForm)
    case gauge(RVGauge)
    case heavy(RVHeavy)
}

private struct RVApp: StoreState, Equatable {
    var navigation = NavigationState(root: RVScreen.list)
    var saved: [String] = []
}

private struct RVSecondPassed: StoreAction { let entry: Int }
private struct RVAppeared: StoreAction { let entry: Int }
private struct RVSetLevel: StoreAction {
    let entry: Int
    let level: Double
}
private struct RVBump: StoreAction { let entry: Int }
private struct RVAppend: StoreAction {
    let entry: Int
    let text: String
}
/// An app reducer that rewrites a note's text through the subscript.
private struct RVRewrite: StoreAction {
    let entry: Int
    let text: String
}
/// The recorder is done: the app keeps the meeting and closes the recorder, in one change.
private struct RVFinished: StoreAction { let entry: Int }
private struct RVSaved: StoreAction { let title: String }
/// The app shows another screen in the recorder's entry (the subscript, in place).
private struct RVShowForm: StoreAction { let entry: Int }
/// A deep link: the app rebuilds its navigation from scratch, in one change.
private struct RVDeepLink: StoreAction {}
/// An app reducer that replaces the screen of an entry, keeping its case.
private struct RVResetRecording: StoreAction {
    let entry: Int
    let seconds: Int
}

private enum RVSecondPassedReducer: Reducer {
    static func reduce(state: RVRecording, with action: RVSecondPassed) -> RVRecording {
        RVRecording(seconds: state.seconds + 1)
    }
}

private enum RVSetLevelReducer: Reducer {
    static func reduce(state: RVGauge, with action: RVSetLevel) -> RVGauge { RVGauge(level: action.level) }
}

private enum RVBumpReducer: Reducer {
    static func reduce(state: RVHeavy, with action: RVBump) -> RVHeavy {
        var state = state
        state.count += 1
        return state
    }
}

private enum RVAppendReducer: Reducer {
    static func reduce(state: RVNote, with action: RVAppend) -> RVNote {
        RVNote(id: state.id, text: state.text + action.text)
    }
}

private enum RVRewriteReducer: Reducer {
    static func reduce(state: RVApp, with action: RVRewrite) -> RVApp {
        var state = state
        if case .note(let note)? = state.navigation[id: action.entry]?.screen {
            state.navigation[id: action.entry]?.screen = .note(RVNote(id: note.id, text: action.text))
        }
        return state
    }
}

private enum RVFinishedReducer: Reducer {
    static func reduce(state: RVApp, with action: RVFinished) -> RVApp {
        var state = state
        state.saved.append("meeting")
        state.navigation[id: action.entry] = nil
        return state
    }
}

private enum RVSavedReducer: Reducer {
    static func reduce(state: RVApp, with action: RVSaved) -> RVApp {
        var state = state
        state.saved.append(action.title)
        return state
    }
}

private enum RVShowFormReducer: Reducer {
    static func reduce(state: RVApp, with action: RVShowForm) -> RVApp {
        var state = state
        state.navigation[id: action.entry]?.screen = .form(RVForm(title: "notes"))
        return state
    }
}

private enum RVDeepLinkReducer: Reducer {
    static func reduce(state: RVApp, with action: RVDeepLink) -> RVApp {
        var state = state
        state.navigation = NavigationState(root: .list)
        state.navigation.apply(.push(.record(RVRecording(seconds: 100))))
        return state
    }
}

private enum RVResetRecordingReducer: Reducer {
    static func reduce(state: RVApp, with action: RVResetRecording) -> RVApp {
        var state = state
        state.navigation[id: action.entry]?.screen = .record(RVRecording(seconds: action.seconds))
        return state
    }
}

/// When a recorder appears, ticks every second on the store's clock until cancelled.
private struct RVTimer: Middleware {
    func applyMiddleware(for state: RVApp, action: RVAppeared, dispatcher: Dispatcher<RVAppeared, RVApp>) {
        dispatcher.next()
        dispatcher.task {
            while (try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))) != nil {
                dispatcher.dispatch(action: RVSecondPassed(entry: action.entry))
            }
        }
    }
}

/// The same timer, started from inside a first task (after an await, say a permission asked).
private struct RVNestedTimer: Middleware {
    func applyMiddleware(for state: RVApp, action: RVAppeared, dispatcher: Dispatcher<RVAppeared, RVApp>) {
        dispatcher.next()
        dispatcher.task {
            dispatcher.task {
                while (try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))) != nil {
                    dispatcher.dispatch(action: RVSecondPassed(entry: action.entry))
                }
            }
        }
    }
}

/// When a recorder appears: after 1 s, the recording is finished (dispatched by the entry's task).
private struct RVFinishAfterASecond: Middleware {
    func applyMiddleware(for state: RVApp, action: RVAppeared, dispatcher: Dispatcher<RVAppeared, RVApp>) {
        dispatcher.next()
        dispatcher.task {
            try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))
            dispatcher.dispatch(action: RVFinished(entry: action.entry))
        }
    }
}

/// The app's save of a finished meeting: an action of no place, whose work must not end with
/// the recorder's entry.
private struct RVSaver: Middleware {
    func applyMiddleware(for state: RVApp, action: RVFinished, dispatcher: Dispatcher<RVFinished, RVApp>) {
        dispatcher.next()
        dispatcher.task {
            try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))
            dispatcher.dispatch(action: RVSaved(title: "written"))
        }
    }
}

/// The timer, started from the completion of `next`.
private struct RVCompletionTimer: Middleware {
    func applyMiddleware(for state: RVApp, action: RVAppeared, dispatcher: Dispatcher<RVAppeared, RVApp>) {
        dispatcher.next { _ in
            dispatcher.task {
                while (try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))) != nil {
                    dispatcher.dispatch(action: RVSecondPassed(entry: action.entry))
                }
            }
        }
    }
}

private struct RVHeavyAppeared: StoreAction { let entry: Int }

@MainActor
private final class RVLog {
    var diagnostics: [StoreDiagnostic] = []
    var kinds: [StoreDiagnostic.Kind] { diagnostics.map(\.kind) }
}

@MainActor
private func makeRVStore(
    middleware: [any AnyMiddleware] = [RVTimer()], clock: TestClock = TestClock()
) -> (Store<RVApp>, RVLog) {
    let store = Store(with: RVApp(), middleware: middleware) { $0.clock = clock }
    registerRV(on: store)
    let log = RVLog()
    store.diagnosticsHandler = { log.diagnostics.append($0) }
    return (store, log)
}

@MainActor
private func registerRV(on store: Store<RVApp>) {
    store.register(navigation: \.navigation)
    store.register(
        reducer: RVSecondPassedReducer.self, forEach: \.navigation, case: RVScreen.record, id: \.entry)
    store.register(reducer: RVSetLevelReducer.self, forEach: \.navigation, case: RVScreen.gauge, id: \.entry)
    store.register(reducer: RVBumpReducer.self, forEach: \.navigation, case: RVScreen.heavy, id: \.entry)
    store.register(reducer: RVAppendReducer.self, forEach: \.navigation, case: RVScreen.note, id: \.entry)
    store.register(reducer: RVRewriteReducer.self)
    store.register(RVAppeared.self, forEach: \.navigation, case: RVScreen.record, id: \.entry)
    store.register(RVHeavyAppeared.self, forEach: \.navigation, case: RVScreen.heavy, id: \.entry)
    store.register(reducer: RVFinishedReducer.self)
    store.register(reducer: RVSavedReducer.self)
    store.register(reducer: RVShowFormReducer.self)
    store.register(reducer: RVDeepLinkReducer.self)
    store.register(reducer: RVResetRecordingReducer.self)
}

// MARK: - Findings

@MainActor
@Suite("Screens and their places: edge cases")
struct ScreenPlaceEdgeCaseTests {
    // Finding 1. A plain `dispatcher.task` inherits the task-local `RunningTask.current` of
    // the task whose work dispatched the action: a task started by a middleware of an action
    // of NO place, while it handles an action that a place's task dispatched, is treated as
    // that place's task once the place goes. Its dispatches are dropped and blamed on the place.
    @Test(
        "work started for an action of no place does not end with the entry whose task dispatched that action"
    )
    func saveStartedFromAnEntrysTaskSurvivesTheEntry() async {
        let clock = TestClock()
        let (store, log) = makeRVStore(middleware: [RVFinishAfterASecond(), RVSaver()], clock: clock)
        store.dispatch(action: NavigationAction.push(RVScreen.record(RVRecording())))
        let entry = store.state.navigation.top.id
        store.dispatch(action: RVAppeared(entry: entry))
        await clock.advance(by: .seconds(1))  // the recorder finishes: closed, and the save starts
        #expect(store.state.navigation.entries.map(\.screen) == [.list])
        await clock.advance(by: .seconds(1))  // the save ends
        await store.idle()
        #expect(store.state.saved == ["meeting", "written"])
        #expect(log.kinds.isEmpty, "\(log.diagnostics)")
    }

    // Finding 2. `dispatcher.task` called from inside a place's task is not a task of that
    // place: `DispatchEngine.place(of:)` finds no action on the level (neither running nor
    // held), so the inner task is a plain task that outlives the entry.
    @Test("a task started from inside an entry's task ends with the entry")
    func nestedTaskEndsWithItsEntry() async {
        let clock = TestClock()
        let (store, log) = makeRVStore(middleware: [RVNestedTimer()], clock: clock)
        store.dispatch(action: NavigationAction.push(RVScreen.record(RVRecording())))
        let entry = store.state.navigation.top.id
        store.dispatch(action: RVAppeared(entry: entry))
        await clock.advance(by: .seconds(2))
        #expect(store.state.navigation.top.screen == .record(RVRecording(seconds: 2)))
        store.dispatch(action: NavigationAction<RVScreen>.pop(count: 1))
        await clock.advance(by: .seconds(3))
        // The timer went on: three ticks for an entry that is gone, each reported.
        #expect(log.kinds.isEmpty, "\(log.diagnostics)")
    }

    // Finding 3. The place of an entry is its id alone; `NavigationDiff.removedIDs` compares
    // ids only. A state whose ids start over (a navigation rebuilt with
    // `NavigationState(root:)` in one change) gives the old id to a new screen, and the old
    // screen's task ticks the new one.
    @Test("a navigation rebuilt in one change ends the tasks of the entries it replaced")
    func rebuiltNavigationEndsOldTasks() async {
        let clock = TestClock()
        let (store, log) = makeRVStore(clock: clock)
        store.dispatch(action: NavigationAction.push(RVScreen.record(RVRecording())))
        let entry = store.state.navigation.top.id
        store.dispatch(action: RVAppeared(entry: entry))
        await clock.advance(by: .seconds(1))
        store.dispatch(action: RVDeepLink())
        #expect(store.state.navigation.top.id == entry)  // the id given again, to a new screen
        await clock.advance(by: .seconds(3))
        // The new recorder never appeared (nothing started its timer): it must still show 100.
        #expect(store.state.navigation.top.screen == .record(RVRecording(seconds: 100)))
        #expect(log.kinds.isEmpty, "\(log.diagnostics)")
    }

    // Finding 3, through time travel: `ActionHistory.skip` recomputes the ids, so the id of a
    // removed recorder goes to another recorder, whose state the old timer then changes.
    @Test("a skip that gives an entry's id to another screen ends the old screen's tasks")
    func skipReusingAnIDEndsOldTasks() async {
        let clock = TestClock()
        let history = ActionHistory<RVApp>()
        let store = Store(with: RVApp(), middleware: [RVTimer(), history]) { $0.clock = clock }
        registerRV(on: store)
        history.register(on: store)
        let log = RVLog()
        store.diagnosticsHandler = { log.diagnostics.append($0) }
        store.dispatch(action: NavigationAction.push(RVScreen.record(RVRecording())))  // 1: entry 2
        store.dispatch(action: RVAppeared(entry: 2))  // 2: its timer
        // 3: entry 3
        store.dispatch(action: NavigationAction.push(RVScreen.record(RVRecording(seconds: 100))))
        await clock.advance(by: .seconds(1))
        #expect(
            store.state.navigation.entries.map(\.screen) == [
                .list, .record(RVRecording(seconds: 1)), .record(RVRecording(seconds: 100)),
            ])
        history.skip(1)  // without the first push, the second recorder is entry 2
        #expect(store.state.navigation.entries.map(\.id) == [1, 2])
        // The recorded tick for entry 2 is replayed as recorded: it reaches the new entry 2.
        #expect(store.state.navigation.top.screen == .record(RVRecording(seconds: 101)))
        await clock.advance(by: .seconds(3))
        // The first recorder's timer ended with the skip: it no longer ticks entry 2.
        #expect(store.state.navigation.top.screen == .record(RVRecording(seconds: 101)))
        #expect(log.kinds.isEmpty, "\(log.diagnostics)")
    }

    // Finding 5. The Mirror path accepts a payload only when `embed(payload) == screen`: a
    // payload that is not equal to itself (a NaN) never matches, so its entry takes no action.
    @Test("a screen whose payload holds a NaN still takes its actions")
    func nanPayloadIsMatched() {
        let (store, log) = makeRVStore()
        store.dispatch(action: NavigationAction.push(RVScreen.gauge(RVGauge(level: .nan))))
        let entry = store.state.navigation.top.id
        store.dispatch(action: RVSetLevel(entry: entry, level: 1))
        #expect(store.state.navigation.top.screen == .gauge(RVGauge(level: 1)))
        #expect(log.kinds.isEmpty, "\(log.diagnostics)")
    }

    // Pin (finding 6, documented): a registration keeps the payload it wrote last and the
    // entries' storage of the version before, to allocate nothing; a screen that left is let
    // go at the next action of its case.
    @Test("pin: the state of a popped screen is let go at the next action of its case")
    func poppedScreenStateIsReleased() {
        let (store, _) = makeRVStore()
        weak var weakBlob: RVBlob?
        do {
            let blob = RVBlob()
            weakBlob = blob
            store.dispatch(action: NavigationAction.push(RVScreen.heavy(RVHeavy(blob: blob))))
        }
        store.dispatch(action: RVBump(entry: store.state.navigation.top.id))
        store.dispatch(action: NavigationAction<RVScreen>.pop(count: 1))
        #expect(store.state.navigation.entries.map(\.screen) == [.list])
        store.dispatch(action: NavigationAction.push(RVScreen.heavy(RVHeavy(blob: RVBlob()))))
        store.dispatch(action: RVBump(entry: store.state.navigation.top.id))
        #expect(weakBlob == nil, "the popped screen's payload is still held")
    }

    // Pin: a task started from the completion of `next` is a task of the entry.
    @Test("pin: a task started from next's completion ends with its entry")
    func completionTaskEndsWithItsEntry() async {
        let clock = TestClock()
        let (store, log) = makeRVStore(middleware: [RVCompletionTimer()], clock: clock)
        store.dispatch(action: NavigationAction.push(RVScreen.record(RVRecording())))
        store.dispatch(action: RVAppeared(entry: store.state.navigation.top.id))
        await clock.advance(by: .seconds(1))
        store.dispatch(action: NavigationAction<RVScreen>.pop(count: 1))
        await clock.advance(by: .seconds(2))
        await store.idle()
        #expect(log.kinds.isEmpty, "\(log.diagnostics)")
    }

    // Pin: the payloads an effect-only registration keeps do not grow with the entries it
    // saw: `ScreenCase.remember` prunes `known` once it holds as many payloads as entries are
    // shown, so with two entries shown it keeps `last` and at most one more, both of entries
    // that went (finding 6), however many came and went.
    @Test("pin: an effect-only registration keeps a bounded number of payloads of the entries that went")
    func effectOnlyCacheIsBounded() {
        let (store, _) = makeRVStore()
        var blobs: [() -> RVBlob?] = []
        for _ in 0..<50 {
            let blob = RVBlob()
            blobs.append { [weak blob] in blob }
            store.dispatch(action: NavigationAction.push(RVScreen.heavy(RVHeavy(blob: blob))))
            store.dispatch(action: RVHeavyAppeared(entry: store.state.navigation.top.id))
            store.dispatch(action: NavigationAction<RVScreen>.pop(count: 1))
        }
        #expect(blobs.count { $0() != nil } <= 2)
    }

    // Pin: the spare entries buffer is only reused when uniquely held: a state kept by someone
    // (a view model, a checkpoint, a test) is never written through it.
    @Test("pin: a state held elsewhere is never changed by a later write through the spare buffer")
    func heldStatesStayAsTheyWere() {
        let (store, _) = makeRVStore()
        store.dispatch(action: NavigationAction.push(RVScreen.record(RVRecording())))
        let entry = store.state.navigation.top.id
        var held: [RVApp] = [store.state]
        for _ in 0..<6 {
            store.dispatch(action: RVSecondPassed(entry: entry))
            held.append(store.state)
        }
        // Replays through the same registration, from held states, in between.
        let replayed = store.reduced([RVSecondPassed(entry: entry)], from: held[2])
        store.dispatch(action: RVSecondPassed(entry: entry))
        held.append(store.state)
        for (seconds, state) in held.enumerated() {
            #expect(state.navigation.top.screen == .record(RVRecording(seconds: seconds)))
        }
        #expect(replayed.navigation.top.screen == .record(RVRecording(seconds: 3)))
    }
}
