import Foundation
import ReMVVMStore
import ReMVVMTesting
import Testing

@testable import ReMVVMMiddleware

// A small app whose detail screen asks before deleting, with alerts shown as screens.

enum DetailAlert: Hashable, Codable, Sendable {
    case confirmDeletion
    case openSettings
}

enum MeetingScreen: Hashable, Codable, Sendable {
    case list
    case detail(Int)
    case settings
    case alert(AlertState<DetailAlert>)
}

struct MeetingsState: StoreState, Equatable {
    var navigation = NavigationState(root: MeetingScreen.list)
    var meetings = [1, 2, 3]
    /// How many times the app's reducer of taps ran.
    var tapsReduced = 0
}

/// Deletes the meeting of the detail under the alert, and closes that detail too.
enum DetailAlertReducer: Reducer {
    static func reduce(state: MeetingsState, with tap: AlertTapped<DetailAlert>) -> MeetingsState {
        var state = state
        state.tapsReduced += 1
        switch tap.action {
        case .confirmDeletion?:
            // The alert is closed already: the detail is on top.
            if case .detail(let id) = state.navigation.top.screen {
                state.meetings.removeAll { $0 == id }
                state.navigation.apply(.close(id: state.navigation.top.id))
            }
        case .openSettings?:
            state.navigation.apply(.push(.settings))
        case nil:
            break
        }
        return state
    }
}

@MainActor
@Suite struct AlertStateTests {
    static let deletion = AlertState<DetailAlert>(
        title: "Delete?", message: "This is permanent.",
        buttons: [.destructive("Yes, delete", action: .confirmDeletion), .cancel("Nevermind")])

    /// A store showing the detail of meeting 2 (entry 2) and, presented over it, the deletion
    /// alert (entry 3); the app's reducer of taps registered.
    static func storeShowingAlert(middleware: [AnyMiddleware] = []) -> (Store<MeetingsState>, ReportLog) {
        let store = Store(with: MeetingsState(), middleware: middleware)
        store.register(navigation: \.navigation)
        store.register(reducer: DetailAlertReducer.self, alertsIn: \.navigation)
        let log = ReportLog()
        store.diagnosticsHandler = { log.diagnostics.append($0) }
        store.dispatch(action: NavigationAction.push(MeetingScreen.detail(2)))
        store.dispatch(action: NavigationAction.present(MeetingScreen.alert(deletion)))
        return (store, log)
    }

    @Test("an alert is presented as any screen, and its entry is the one a tap names")
    func presented() {
        let (store, log) = Self.storeShowingAlert()
        #expect(store.state.navigation.screens == [[.list, .detail(2)], [.alert(Self.deletion)]])
        #expect(store.state.navigation.top == NavigationEntry(screen: .alert(Self.deletion), id: 3))
        #expect(
            Self.deletion.tap(Self.deletion.buttons[0], entry: 3)
                == AlertTapped(entry: 3, action: .confirmDeletion))
        #expect(Self.deletion.tap(Self.deletion.buttons[1], entry: 3) == AlertTapped(entry: 3, action: nil))
        #expect(log.diagnostics.isEmpty)
    }

    @Test("a tap on a destructive button closes the alert and runs the app's reducer in one change")
    func destructiveTap() {
        let (store, log) = Self.storeShowingAlert()
        var notifications: [(new: MeetingsState, old: MeetingsState)] = []
        let subscription = store.subscribe(to: \.self) { new, old in notifications.append((new, old)) }

        store.dispatch(action: Self.deletion.tap(Self.deletion.buttons[0], entry: 3))

        #expect(notifications.count == 1)
        let seen = notifications.first?.new
        // Both effects in the one change: the alert went, and the reducer ran after it went
        // (it found the detail on top, deleted its meeting and closed it).
        #expect(seen?.navigation.screens == [[.list]])
        #expect(seen?.meetings == [1, 3])
        #expect(seen?.tapsReduced == 1)
        #expect(notifications.first?.old.navigation.top.screen == .alert(Self.deletion))
        #expect(store.state == seen)
        #expect(log.diagnostics.isEmpty)
        _ = subscription
    }

    @Test("a tap on a button without a value only closes the alert: the app's reducer does not run")
    func cancelTap() {
        let (store, log) = Self.storeShowingAlert()
        var notifications = 0
        let subscription = store.subscribe(to: \.self) { _, _ in notifications += 1 }

        store.dispatch(action: Self.deletion.tap(.cancel("Nevermind"), entry: 3))

        #expect(notifications == 1)
        #expect(store.state.navigation.screens == [[.list, .detail(2)]])
        #expect(store.state.meetings == [1, 2, 3])
        #expect(store.state.tapsReduced == 0)
        #expect(log.diagnostics.isEmpty)
        _ = subscription
    }

    @Test("a pushed alert is popped by its tap, and the reducer sees what is under it")
    func pushedAlert() {
        let (store, _) = Self.storeShowingAlert()
        store.dispatch(action: NavigationAction<MeetingScreen>.dismiss)
        store.dispatch(action: NavigationAction.push(MeetingScreen.alert(Self.deletion)))
        let entry = store.state.navigation.top.id
        store.dispatch(action: AlertTapped(entry: entry, action: DetailAlert.openSettings))
        #expect(store.state.navigation.screens == [[.list, .detail(2), .settings]])
        #expect(store.state.tapsReduced == 1)
    }

    @Test("a tap on an entry that is not shown changes nothing and is reported as alertNotShown")
    func entryNotShown() {
        let (store, log) = Self.storeShowingAlert()
        store.dispatch(action: Self.deletion.tap(Self.deletion.buttons[1], entry: 3))
        let closed = store.state
        var notifications = 0
        let subscription = store.subscribe(to: \.navigation) { _, _ in notifications += 1 }

        // A second tap on the alert that closed (a double tap), with a value.
        store.dispatch(action: AlertTapped(entry: 3, action: DetailAlert.confirmDeletion))

        #expect(store.state == closed)
        #expect(store.state.tapsReduced == 0)
        #expect(notifications == 0)
        #expect(log.kinds == [.alertNotShown])
        #expect(
            log.diagnostics.first?.message
                == "AlertTapped<DetailAlert>(entry: 3, action: .confirmDeletion): cannot close the alert of "
                + "entry 3: no entry with that id is shown (shown: 1, 2). The state did not change.")
        _ = subscription
    }

    @Test("a tap naming the root entry, which cannot close, changes nothing and is reported")
    func rootEntry() {
        let (store, log) = Self.storeShowingAlert()
        let before = store.state
        store.dispatch(action: AlertTapped(entry: 1, action: DetailAlert.openSettings))
        #expect(store.state == before)
        #expect(log.kinds == [.impossibleNavigation])
        #expect(
            log.diagnostics.first?.message.hasPrefix(
                "AlertTapped<DetailAlert>(entry: 1, action: .openSettings): ") == true)
    }

    @Test("alerts whose buttons only close: every tap closes, whatever its value, and nothing else changes")
    func onlyClose() {
        let store = Store(with: MeetingsState())
        store.register(navigation: \.navigation)
        store.register(alerts: DetailAlert.self, in: \.navigation)
        var reported: [StoreDiagnostic.Kind] = []
        store.diagnosticsHandler = { reported.append($0.kind) }
        store.dispatch(action: NavigationAction.push(MeetingScreen.detail(1)))
        store.dispatch(action: NavigationAction.present(MeetingScreen.alert(Self.deletion)))

        store.dispatch(action: Self.deletion.tap(Self.deletion.buttons[0], entry: 3))

        #expect(store.state.navigation.screens == [[.list, .detail(1)]])
        #expect(store.state.meetings == [1, 2, 3])
        #expect(reported.isEmpty)
        store.dispatch(action: AlertTapped<DetailAlert>(entry: 3, action: nil))
        #expect(reported == [.alertNotShown])
    }

    @Test("a confirmation dialog is shown and closed the same way, and says it is a dialog")
    func dialog() {
        let dialog = AlertState<DetailAlert>(
            title: "End meeting?", message: nil,
            buttons: [
                .destructive("Discard", action: .confirmDeletion),
                .default("Settings", action: .openSettings),
            ],
            style: .dialog)
        #expect(dialog.style == .dialog)
        #expect(AlertState<DetailAlert>(title: "Saved.").style == .alert)
        #expect(AlertState<DetailAlert>(title: "Saved.").buttons.isEmpty)
        #expect(dialog.buttons.map(\.role) == [.destructive, .default])
        #expect(
            dialog.description
                == #"AlertState("End meeting?", buttons: ["Discard" -> .confirmDeletion, "Settings" -> .openSettings], style: .dialog)"#
        )
        let (store, _) = Self.storeShowingAlert()
        store.dispatch(action: NavigationAction.present(MeetingScreen.alert(dialog)))
        store.dispatch(action: dialog.tap(dialog.buttons[1], entry: store.state.navigation.top.id))
        // The dialog went; the reducer pushed the settings on what is on top now.
        #expect(
            store.state.navigation.screens == [[.list, .detail(2)], [.alert(Self.deletion), .settings]])
        #expect(store.state.tapsReduced == 1)
    }

    @Test("an alert, its buttons and a tap describe themselves as a person reads them")
    func descriptions() {
        #expect(
            Self.deletion.description
                == #"AlertState("Delete?", buttons: ["Yes, delete" -> .confirmDeletion, "Nevermind"])"#)
        #expect(AlertState<DetailAlert>(title: "Saved.").description == #"AlertState("Saved.")"#)
        #expect(
            Self.deletion.detailedDescription
                == #"AlertState(title: "Delete?", message: "This is permanent.", buttons: "#
                + #"[.destructive("Yes, delete", action: .confirmDeletion), .cancel("Nevermind")], style: .alert)"#
        )
        #expect(
            AlertButton<DetailAlert>.default("Settings", action: .openSettings).description
                == #".default("Settings", action: .openSettings)"#)
        #expect(
            AlertTapped(entry: 4, action: DetailAlert.confirmDeletion).description
                == "AlertTapped<DetailAlert>(entry: 4, action: .confirmDeletion)")
        #expect(
            AlertTapped<DetailAlert>(entry: 4, action: nil).description
                == "AlertTapped<DetailAlert>(entry: 4, action: nil)")
        // As the package writes values and actions: in a navigation, a trace, a diagnostic.
        var navigation = NavigationState(root: MeetingScreen.list)
        navigation.apply(.present(.alert(AlertState(title: "Saved."))))
        #expect(navigation.description == #"[.list] presenting [.alert(AlertState("Saved."))]"#)
        #expect(
            ValueText.action(AlertTapped(entry: 4, action: DetailAlert.openSettings))
                == "AlertTapped<DetailAlert>(entry: 4, action: .openSettings)")
    }

    @Test("a TestStore failure shows an alert that differs only in its message by every part")
    func testStoreFailure() async {
        let store = TestStore(with: MeetingsState())
        store.register(navigation: \.navigation)
        let other = AlertState<DetailAlert>(
            title: "Delete?", message: "Really?", buttons: Self.deletion.buttons)
        let failure = await caughtTestStoreFailure {
            try await store.send(NavigationAction.present(MeetingScreen.alert(Self.deletion))) {
                $0.navigation.apply(.present(.alert(other)))
            }
        }
        let message = failure?.message ?? ""
        #expect(message.contains(#"message: "Really?""#), "\(message)")
        #expect(message.contains(#"message: "This is permanent.""#), "\(message)")
    }

    @Test("an alert and a tap encode and decode to equal values")
    func codable() throws {
        let dialog = AlertState<DetailAlert>(
            title: "End meeting?", buttons: [.default("OK"), .cancel("Back", action: .openSettings)],
            style: .dialog)
        for alert in [Self.deletion, dialog, AlertState(title: "Saved.")] {
            let data = try JSONEncoder().encode(alert)
            #expect(try JSONDecoder().decode(AlertState<DetailAlert>.self, from: data) == alert)
        }
        for tap in [
            AlertTapped(entry: 3, action: DetailAlert.confirmDeletion), AlertTapped(entry: 9, action: nil),
        ] {
            let data = try JSONEncoder().encode(tap)
            #expect(try JSONDecoder().decode(AlertTapped<DetailAlert>.self, from: data) == tap)
        }
        let written =
            #"{"title":"Delete?","buttons":[{"label":"Yes","role":"destructive","action":{"confirmDeletion":{}}}],"#
            + #""style":"alert"}"#
        #expect(
            try JSONDecoder().decode(AlertState<DetailAlert>.self, from: Data(written.utf8))
                == AlertState(title: "Delete?", buttons: [.destructive("Yes", action: .confirmDeletion)]))
        var navigation = NavigationState(root: MeetingScreen.list)
        navigation.apply(.present(.alert(Self.deletion)))
        let restored = try JSONDecoder().decode(
            NavigationState<MeetingScreen>.self, from: try JSONEncoder().encode(navigation))
        #expect(restored == navigation)
    }

    @Test("a TestStore flow: the alert is presented, and a tap closes it and deletes in one step")
    func testStoreFlow() async throws {
        let store = TestStore(with: MeetingsState())
        store.register(navigation: \.navigation)
        store.register(reducer: DetailAlertReducer.self, alertsIn: \.navigation)
        let alert = Self.deletion

        try await store.send(NavigationAction.push(MeetingScreen.detail(3))) {
            $0.navigation.apply(.push(.detail(3)))
        }
        try await store.send(NavigationAction.present(MeetingScreen.alert(alert))) {
            $0.navigation.apply(.present(.alert(alert)))
        }
        let id = store.store.state.navigation.top.id
        try await store.send(alert.tap(alert.buttons[0], entry: id)) {
            $0.navigation.apply(.close(id: id))
            $0.navigation.apply(.pop(count: 1))
            $0.meetings = [1, 2]
            $0.tapsReduced = 1
        }
        try await store.finish()

        // A step that forgets the app reducer's part fails.
        try await store.send(NavigationAction.present(MeetingScreen.alert(alert))) {
            $0.navigation.apply(.present(.alert(alert)))
        }
        let next = store.store.state.navigation.top.id
        let failure = await caughtTestStoreFailure {
            try await store.send(alert.tap(alert.buttons[0], entry: next)) {
                $0.navigation.apply(.close(id: next))
            }
        }
        #expect(
            failure?.message.contains("tapsReduced: expected 1, got 2") == true, "\(failure?.message ?? "")")
    }

    @Test("one setup function registers the alerts on a store and on a test store")
    func storeRegistering() async throws {
        @MainActor
        func setUp(_ store: some StoreRegistering<MeetingsState>) {
            store.register(navigation: \.navigation)
            store.register(reducer: DetailAlertReducer.self, alertsIn: \.navigation)
        }
        @MainActor
        func setUpClosingOnly(_ store: some StoreRegistering<MeetingsState>) {
            store.register(navigation: \.navigation)
            store.register(alerts: DetailAlert.self, in: \.navigation)
        }
        let alert = Self.deletion
        let store = Store(with: MeetingsState())
        setUp(store)
        store.dispatch(action: NavigationAction.push(MeetingScreen.detail(1)))
        store.dispatch(action: NavigationAction.present(MeetingScreen.alert(alert)))
        store.dispatch(action: alert.tap(alert.buttons[0], entry: 3))
        #expect(store.state.meetings == [2, 3])
        #expect(store.state.navigation.screens == [[.list]])

        let testStore = TestStore(with: MeetingsState())
        setUpClosingOnly(testStore)
        try await testStore.send(NavigationAction.push(MeetingScreen.detail(1))) {
            $0.navigation.apply(.push(.detail(1)))
        }
        try await testStore.send(NavigationAction.present(MeetingScreen.alert(alert))) {
            $0.navigation.apply(.present(.alert(alert)))
        }
        try await testStore.send(alert.tap(alert.buttons[0], entry: 3)) { $0.navigation.apply(.dismiss) }
        try await testStore.finish()
    }

    @Test("a tap is recorded, and a reducers-only replay closes the alert and reduces it again")
    func recordedAndReplayed() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = Self.storeShowingAlert(middleware: [recorder])
            store.dispatch(action: Self.deletion.tap(Self.deletion.buttons[0], entry: 3))
            withExtendedLifetime(recorder) {}

            let replayer = try ActionReplayer(types: [
                NavigationAction<MeetingScreen>.self, AlertTapped<DetailAlert>.self,
            ])
            let again = Store(with: MeetingsState())
            again.register(navigation: \.navigation)
            again.register(reducer: DetailAlertReducer.self, alertsIn: \.navigation)
            try replayer.replay(try ActionLog(contentsOf: url), into: again)
            #expect(again.state == store.state)
            #expect(again.state.meetings == [1, 3])
            #expect(again.state.tapsReduced == 1)
        }
    }

    @Test("an alert and a tap are written as the code that makes them")
    func writtenAsCode() throws {
        #expect(
            SwiftValueCode.code(for: Self.deletion)
                == #"AlertState<DetailAlert>(title: "Delete?", message: "This is permanent.", "#
                + #"buttons: [.destructive("Yes, delete", action: DetailAlert.confirmDeletion), .cancel("Nevermind")])"#
        )
        #expect(
            SwiftValueCode.code(
                for: AlertState<DetailAlert>(title: "Go?", buttons: [.default("OK")], style: .dialog))
                == #"AlertState<DetailAlert>(title: "Go?", buttons: [.default("OK")], style: .dialog)"#)
        #expect(
            SwiftValueCode.code(for: AlertButton<DetailAlert>.cancel("Back"))
                == #"AlertButton<DetailAlert>.cancel("Back")"#)
        #expect(
            SwiftValueCode.code(for: AlertTapped(entry: 3, action: DetailAlert.confirmDeletion))
                == "AlertTapped<DetailAlert>(entry: 3, action: DetailAlert.confirmDeletion)")
        #expect(
            SwiftValueCode.code(for: AlertTapped<DetailAlert>(entry: 3, action: nil))
                == "AlertTapped<DetailAlert>(entry: 3, action: nil)")

        // A recorded session exports as a test that presents the alert and taps it.
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = Self.storeShowingAlert(middleware: [recorder])
            store.dispatch(action: Self.deletion.tap(Self.deletion.buttons[1], entry: 3))
            withExtendedLifetime(recorder) {}
            let fresh = Store(with: MeetingsState())
            fresh.register(navigation: \.navigation)
            fresh.register(reducer: DetailAlertReducer.self, alertsIn: \.navigation)
            let exporter = SessionTestExporter(
                replayer: try ActionReplayer(types: [
                    NavigationAction<MeetingScreen>.self, AlertTapped<DetailAlert>.self,
                ]),
                makeStore: "makeStore()")
            let source = try exporter.source(for: try ActionLog(contentsOf: url), from: fresh)
            #expect(
                source.contains(
                    #"try await store.send(NavigationAction<MeetingScreen>.present(MeetingScreen.alert("#
                        + #"AlertState<DetailAlert>(title: "Delete?", message: "This is permanent.", buttons: "#
                        + #"[.destructive("Yes, delete", action: DetailAlert.confirmDeletion), .cancel("Nevermind")]))))"#
                ),
                "\(source)")
            #expect(
                source.contains(
                    """
                            try await store.send(AlertTapped<DetailAlert>(entry: 3, action: nil)) {
                                $0.navigation.apply(.dismiss)
                            }
                    """), "\(source)")
        }
    }

    @Test("the UI is handed a tap as the alert's dismissal, once")
    func handedToTheUI() {
        var handed: [[String]] = []
        let middleware = NavigationStateMiddleware(at: \MeetingsState.navigation) { changes, _ in
            handed.append(
                changes.map { change in
                    switch change {
                    case .pushed(let entry): "push #\(entry.id)"
                    case .popped(let entry): "pop #\(entry.id)"
                    case .presented(let entry): "present #\(entry.id)"
                    case .dismissed(let entry): "dismiss #\(entry.id)"
                    }
                })
        }
        let (store, _) = Self.storeShowingAlert(middleware: [middleware])
        handed = []
        store.dispatch(action: Self.deletion.tap(Self.deletion.buttons[0], entry: 3))
        #expect(handed == [["dismiss #3", "pop #2"]])
    }
}
