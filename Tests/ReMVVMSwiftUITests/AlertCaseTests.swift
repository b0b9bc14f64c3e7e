import ReMVVMMiddleware
import ReMVVMStore
import Testing

@testable import ReMVVMSwiftUI

@MainActor
@Suite struct AlertCaseTests {
    let deletion = AlertState<MeetingAlert>(
        title: "Delete?", message: "This is permanent.",
        buttons: [.destructive("Yes, delete", action: .confirmDeletion), .cancel("Nevermind")])

    func shown(_ store: Store<MeetingsState>) -> ShownAlert? {
        AlertCase(Screen.alert).alert(store.state.navigation.top)
    }

    @Test("the alert of its own case is found; another case with the same payload is not")
    func findsItsCase() throws {
        let store = makeStore()
        #expect(shown(store) == nil)
        store.dispatch(action: NavigationAction.present(Screen.otherAlert(deletion)))
        #expect(shown(store) == nil)
        store.dispatch(action: NavigationAction<Screen>.dismiss)
        store.dispatch(action: NavigationAction.present(Screen.alert(deletion)))
        let alert = try #require(shown(store))
        #expect(alert.title == "Delete?")
        #expect(alert.message == "This is permanent.")
        #expect(alert.buttons.map(\.label) == ["Yes, delete", "Nevermind"])
        #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    }

    @Test("a button's tap closes the alert and delivers its value in one change")
    func tap() throws {
        let store = makeStore()
        store.dispatch(action: NavigationAction.present(Screen.alert(deletion)))
        let alert = try #require(shown(store))
        let entry = store.state.navigation.top.id
        let tap = try #require(alert.buttons[0].tap as? AlertTapped<MeetingAlert>)
        #expect(tap == AlertTapped(entry: entry, action: .confirmDeletion))
        var changes = 0
        let subscription = store.subscribe(to: \.self) { _, _ in changes += 1 }
        store.dispatch(action: alert.buttons[0].tap)
        #expect(changes == 1)
        #expect(store.state.deleted == 1)
        #expect(store.state.navigation.top.screen == .list)
        // SwiftUI reports the alert closed after the tap: nothing more is dispatched.
        #expect(alert.closedByTheSystem(in: store.state.navigation) == nil)
        subscription.cancel()
    }

    @Test("the system's closing taps the cancel button, or only closes when there is none")
    func dismissal() throws {
        let store = makeStore()
        let withCancel = AlertState<MeetingAlert>(
            title: "Leave?", buttons: [.default("Leave"), .cancel("Stay", action: .keepEditing)])
        store.dispatch(action: NavigationAction.present(Screen.alert(withCancel)))
        let alert = try #require(shown(store))
        let closing = try #require(alert.closedByTheSystem(in: store.state.navigation))
        #expect(
            closing as? AlertTapped<MeetingAlert>
                == AlertTapped(entry: store.state.navigation.top.id, action: .keepEditing))
        store.dispatch(action: closing)
        #expect(store.state.navigation.stacks.count == 1)
    }

    @Test("an alert without buttons shows one OK button that only closes")
    func okButton() throws {
        let store = makeStore()
        store.dispatch(action: NavigationAction.present(Screen.alert(AlertState(title: "Saved"))))
        let alert = try #require(shown(store))
        #expect(alert.buttons.map(\.label) == ["OK"])
        store.dispatch(action: alert.buttons[0].tap)
        #expect(store.state.navigation.top.screen == .list)
        #expect(store.state.deleted == 0)
    }
}

/// A screen enum whose alert cases label their payload, as `case alert(state:)`.
private enum LabeledScreen: Hashable, Sendable {
    case list
    case alert(state: AlertState<MeetingAlert>)
    case otherAlert(state: AlertState<MeetingAlert>)
}

@MainActor
@Suite struct LabeledAlertCaseTests {
    @Test("a case whose payload has a label is found, and another labeled case is not")
    func labeledPayload() throws {
        let alert = AlertState<MeetingAlert>(title: "Delete?", buttons: [.cancel("Nevermind")])
        var navigation = NavigationState(root: LabeledScreen.list)
        navigation.apply(.present(.alert(state: alert)))
        let shown = try #require(AlertCase(LabeledScreen.alert).alert(navigation.top))
        #expect(shown.title == "Delete?")
        #expect(shown.entry == navigation.top.id)
        #expect(AlertCase(LabeledScreen.otherAlert).alert(navigation.top) == nil)
        #expect(AlertCase(LabeledScreen.alert).alert(navigation.entries[0]) == nil)
    }
}

/// Holds back every alert tap until told to go on, as a middleware that asks a server first.
@MainActor
private final class HeldTaps {
    var pending: [Dispatcher<AlertTapped<MeetingAlert>, MeetingsState>] = []
}

private struct HoldTaps: Middleware {
    let held: HeldTaps
    func applyMiddleware(
        for state: MeetingsState, action: AlertTapped<MeetingAlert>,
        dispatcher: Dispatcher<AlertTapped<MeetingAlert>, MeetingsState>
    ) {
        held.pending.append(dispatcher)
    }
}

@MainActor
@Suite struct AlertTapsTests {
    let deletion = AlertState<MeetingAlert>(
        title: "Delete?", buttons: [.destructive("Delete", action: .confirmDeletion), .cancel("Keep")])

    @Test("a tap a middleware holds back is the alert's one action: no closing or second tap after it")
    func heldTap() throws {
        let held = HeldTaps()
        let store = Store(with: MeetingsState(), middleware: [HoldTaps(held: held)])
        store.register(navigation: \.navigation)
        store.register(reducer: MeetingAlertReducer.self, alertsIn: \.navigation)
        store.dispatch(action: NavigationAction.present(Screen.alert(deletion)))
        let alert = try #require(AlertCase(Screen.alert).alert(store.state.navigation.top))
        let taps = AlertTaps()
        let tap = try #require(taps.tap(alert.buttons[0], of: alert))
        store.dispatch(action: tap)
        #expect(held.pending.count == 1)
        // A second tap before the closing, then SwiftUI reports the alert closed after the tap,
        // while the entry is still shown: nothing more is dispatched.
        #expect(taps.tap(alert.buttons[1], of: alert) == nil)
        #expect(taps.closedByTheSystem(alert, in: store.state.navigation) == nil)
        held.pending.removeFirst().next()
        #expect(store.state.deleted == 1)
        #expect(store.state.navigation.stacks.count == 1)
    }

    @Test("without a tap, the system's closing dispatches the dismissal once")
    func systemClosing() throws {
        let store = makeStore()
        store.dispatch(action: NavigationAction.present(Screen.alert(deletion)))
        let alert = try #require(AlertCase(Screen.alert).alert(store.state.navigation.top))
        let taps = AlertTaps()
        let closing = try #require(taps.closedByTheSystem(alert, in: store.state.navigation))
        #expect(
            closing as? AlertTapped<MeetingAlert>
                == AlertTapped(entry: store.state.navigation.top.id, action: nil))
        store.dispatch(action: closing)
        #expect(store.state.navigation.stacks.count == 1)
    }

    @Test("an alert shown again after its tap was dropped dispatches its buttons again")
    func droppedTap() throws {
        let store = makeStore()
        store.dispatch(action: NavigationAction.present(Screen.alert(deletion)))
        let alert = try #require(AlertCase(Screen.alert).alert(store.state.navigation.top))
        let taps = AlertTaps()
        #expect(taps.tap(alert.buttons[0], of: alert) != nil)  // dropped: never dispatched
        #expect(taps.closedByTheSystem(alert, in: store.state.navigation) == nil)
        let again = try #require(taps.tap(alert.buttons[0], of: alert))
        store.dispatch(action: again)
        #expect(store.state.deleted == 1)
    }
}
