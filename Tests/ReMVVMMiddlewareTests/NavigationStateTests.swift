import Foundation
import ReMVVMStore
import ReMVVMTestSupport
import Testing

@testable import ReMVVMMiddleware

@MainActor
@Suite struct NavigationStateTests {
    /// Applies `action` outside the `#expect` macro, which cannot mutate.
    static func applied(_ navigation: inout NavigationState<Page>, _ action: NavigationAction<Page>) -> Bool {
        navigation.apply(action)
    }

    // MARK: - Each action

    @Test("a new state shows its root, with the id 1")
    func root() {
        let navigation = NavigationState(root: Page.home)
        #expect(navigation.screens == [[.home]])
        #expect(navigation.top.screen == .home)
        #expect(navigation.top.id == 1)
        #expect(navigation.entries.map(\.id) == [1])
    }

    @Test("push, pop, present, dismiss and popToRoot change the top stack as UIKit does")
    func eachAction() {
        var navigation = NavigationState(root: Page.home)
        #expect(Self.applied(&navigation, .push(.list)))
        #expect(Self.applied(&navigation, .push(.detail(1))))
        #expect(navigation.screens == [[.home, .list, .detail(1)]])
        #expect(Self.applied(&navigation, .present(.sheet)))
        #expect(Self.applied(&navigation, .push(.detail(2))))
        #expect(navigation.screens == [[.home, .list, .detail(1)], [.sheet, .detail(2)]])
        #expect(navigation.top.screen == .detail(2))
        #expect(navigation.entries.map(\.screen) == [.home, .list, .detail(1), .sheet, .detail(2)])
        #expect(Self.applied(&navigation, .pop(count: 1)))
        #expect(navigation.screens == [[.home, .list, .detail(1)], [.sheet]])
        #expect(Self.applied(&navigation, .dismiss))
        #expect(navigation.screens == [[.home, .list, .detail(1)]])
        #expect(Self.applied(&navigation, .pop(count: 2)))
        #expect(navigation.screens == [[.home]])
        #expect(Self.applied(&navigation, .push(.list)))
        #expect(Self.applied(&navigation, .popToRoot))
        #expect(navigation.screens == [[.home]])
        // Already at the root: met, nothing to do.
        #expect(Self.applied(&navigation, .popToRoot))
        #expect(navigation.screens == [[.home]])
    }

    @Test("every appearance gets a new id: the same screen pushed twice is two entries")
    func idsPerAppearance() {
        var navigation = NavigationState(root: Page.home)
        navigation.apply(.push(.list))
        navigation.apply(.push(.list))
        #expect(navigation.ids == [[1, 2, 3]])
        navigation.apply(.pop(count: 1))
        navigation.apply(.push(.list))
        // A screen shown again after it left is a new appearance.
        #expect(navigation.ids == [[1, 2, 4]])
        navigation.apply(.replace([.home, .list]))
        #expect(navigation.ids == [[5, 6]])
    }

    @Test("replace makes the screens exactly those: the first the root, no modal")
    func replace() {
        var navigation = NavigationState(root: Page.home)
        navigation.apply(.present(.sheet))
        #expect(Self.applied(&navigation, .replace([.list, .detail(1), .detail(2)])))
        #expect(navigation.screens == [[.list, .detail(1), .detail(2)]])
    }

    @Test("replace presenting one modal: the root stack, then the modal's stack, every entry new")
    func replacePresentingOne() {
        var navigation = NavigationState(root: Page.home)
        navigation.apply(.push(.list))
        navigation.apply(.present(.sheet))
        #expect(
            Self.applied(&navigation, .replace([.list, .detail(3)], presenting: [[.sheet, .detail(4)]])))
        #expect(navigation.screens == [[.list, .detail(3)], [.sheet, .detail(4)]])
        #expect(navigation.ids == [[4, 5], [6, 7]])
        #expect(navigation.top == NavigationEntry(screen: .detail(4), id: 7))
        // The modal closes as any presented one: back on the root stack of the link.
        #expect(Self.applied(&navigation, .dismiss))
        #expect(navigation.ids == [[4, 5]])
        #expect(!Self.applied(&navigation, .dismiss))
    }

    @Test("replace presenting two modals presents them in order, the last on top")
    func replacePresentingTwo() {
        var navigation = NavigationState(root: Page.home)
        #expect(Self.applied(&navigation, .replace([.home], presenting: [[.list], [.sheet, .detail(1)]])))
        #expect(navigation.screens == [[.home], [.list], [.sheet, .detail(1)]])
        #expect(navigation.ids == [[2], [3], [4, 5]])
        // The stacks are real modals: a pop stops at the top modal's first screen.
        #expect(!Self.applied(&navigation, .pop(count: 2)))
        #expect(Self.applied(&navigation, .pop(count: 1)))
        #expect(Self.applied(&navigation, .dismiss))
        #expect(navigation.screens == [[.home], [.list]])
    }

    @Test("replace presenting none is the plain replace, and equal to it")
    func replacePresentingNone() {
        let action = NavigationAction.replace([Page.list, .detail(1)], presenting: [])
        #expect(action == .replace([.list, .detail(1)]))
        var navigation = NavigationState(root: Page.home)
        navigation.apply(.present(.sheet))
        #expect(Self.applied(&navigation, action))
        #expect(navigation.screens == [[.list, .detail(1)]])
        // The case itself, written with no modal, does the same.
        var direct = NavigationState(root: Page.home)
        direct.apply(.present(.sheet))
        #expect(Self.applied(&direct, .replaceWithModals([.list, .detail(1)], presenting: [])))
        #expect(direct == navigation)
    }

    @Test("a state is described as its screens: the root stack, then each modal after presenting")
    func stateDescription() {
        var navigation = NavigationState(root: Page.home)
        #expect(navigation.description == "[.home]")
        navigation.apply(.push(.detail(3)))
        #expect(navigation.description == "[.home, .detail(3)]")
        navigation.apply(.present(.sheet))
        navigation.apply(.push(.list))
        navigation.apply(.present(.detail(4)))
        #expect(
            navigation.description == "[.home, .detail(3)] presenting [.sheet, .list] presenting [.detail(4)]"
        )
        #expect(String(describing: NavState()) == "NavState(navigation: [.home], count: 0)")
    }

    @Test("a pushed and a presented screen are described with one dot and their payload")
    func actionDescription() {
        #expect(
            NavigationAction.push(Page.detail(3)).description == "NavigationAction<Page>.push(.detail(3))")
        #expect(NavigationAction<Page>.popToRoot.description == "NavigationAction<Page>.popToRoot")
        #expect(NavigationAction.present(Page.sheet).description == "NavigationAction<Page>.present(.sheet)")
    }

    @Test("a replace is described as it is written")
    func replaceDescription() {
        #expect(
            NavigationAction.replace([Page.list, .detail(3)], presenting: [[.sheet], [.detail(4), .list]])
                .description
                == "NavigationAction<Page>.replace([.list, .detail(3)], "
                + "presenting: [[.sheet], [.detail(4), .list]])"
        )
        #expect(
            NavigationAction.replace([Page.list]).description == "NavigationAction<Page>.replace([.list])")
    }

    @Test("synchronize keeps that many entries from the root, across modals")
    func synchronize() {
        var navigation = NavigationState(root: Page.home)
        navigation.apply(.push(.list))
        navigation.apply(.present(.sheet))
        navigation.apply(.push(.detail(1)))
        var kept = navigation
        #expect(Self.applied(&kept, .synchronize(visibleCount: 3)))
        #expect(kept.screens == [[.home, .list], [.sheet]])
        kept = navigation
        #expect(Self.applied(&kept, .synchronize(visibleCount: 2)))
        #expect(kept.screens == [[.home, .list]])
        kept = navigation
        #expect(Self.applied(&kept, .synchronize(visibleCount: 4)))
        #expect(kept == navigation)
        kept = navigation
        #expect(Self.applied(&kept, .synchronize(visibleCount: 1)))
        #expect(kept.ids == [[1]])
    }

    // MARK: - Requests that cannot be met

    nonisolated static let impossible: [(NavigationAction<Page>, String)] = [
        (.pop(count: 1), "cannot pop 1 screen: the top stack shows 1 and its first one stays"),
        (.pop(count: 0), "cannot pop 0 screens: the count must be at least 1."),
        (.pop(count: -2), "cannot pop -2 screens: the count must be at least 1."),
        (.dismiss, "cannot dismiss: no modal is presented."),
        (.replace([]), "cannot replace the screens with none: give at least a root."),
        (.replace([], presenting: [[.sheet]]), "cannot replace the screens with none: give at least a root."),
        (
            .replace([.list], presenting: [[.sheet], []]),
            "replace(1 screen, presenting: 2 modals): cannot present modal 2 of 2 with no screen: "
                + "every modal shows at least the screen it is presented with. The navigation did not change."
        ),
        (.synchronize(visibleCount: 0), "cannot synchronize to 0 visible entries: there are 1"),
        (.synchronize(visibleCount: 2), "cannot synchronize to 2 visible entries: there are 1"),
    ]

    @Test(
        "a request that cannot be met changes nothing and is reported with a clear message",
        arguments: impossible)
    func impossibleRequest(action: NavigationAction<Page>, message: String) {
        let (store, log) = makeNavigationStore()
        var changes = 0
        let subscription = store.subscribe(to: \.navigation) { _, _ in changes += 1 }
        let before = store.state

        store.dispatch(action: action)

        #expect(store.state == before)
        #expect(changes == 0)
        #expect(log.kinds == [.impossibleNavigation])
        let reported = log.diagnostics.first?.message ?? ""
        #expect(reported.contains(message), "\(reported)")
        #expect(reported.hasPrefix("NavigationAction<Page>."))
        #expect(before.navigation.problem(with: action) != nil)
        _ = subscription
    }

    @Test("a pop below a modal's first screen is refused: dismiss closes a modal")
    func popBelowModalRoot() {
        let (store, log) = makeNavigationStore()
        store.dispatch(action: NavigationAction.push(Page.list))
        store.dispatch(action: NavigationAction.present(Page.sheet))
        store.dispatch(action: NavigationAction<Page>.pop(count: 1))
        #expect(store.state.navigation.screens == [[.home, .list], [.sheet]])
        #expect(log.kinds == [.impossibleNavigation])
        #expect(log.diagnostics.first?.message.contains("dismiss closes a modal") == true)
    }

    // MARK: - Against a reference model

    /// The reference: one flat list of entries, each marked when it starts a modal.
    struct Reference {
        var entries: [(screen: Page, id: Int, presented: Bool)] = [(.home, 1, false)]
        var nextID = 2

        var topStackStart: Int { entries.lastIndex { $0.presented } ?? 0 }

        /// Applies `action`; `false` when it cannot be met.
        mutating func apply(_ action: NavigationAction<Page>) -> Bool {
            switch action {
            case .push(let screen):
                entries.append((screen, nextID, false))
                nextID += 1
            case .present(let screen):
                entries.append((screen, nextID, true))
                nextID += 1
            case .pop(let count):
                guard count >= 1, count <= entries.count - topStackStart - 1 else { return false }
                entries.removeLast(count)
            case .popToRoot:
                entries.removeLast(entries.count - topStackStart - 1)
            case .dismiss:
                guard topStackStart > 0 else { return false }
                entries.removeLast(entries.count - topStackStart)
            case .replace(let screens):
                return apply(.replaceWithModals(screens, presenting: []))
            case .replaceWithModals(let screens, let modals):
                guard !screens.isEmpty, !modals.contains(where: \.isEmpty) else { return false }
                entries = []
                for (stack, screens) in ([screens] + modals).enumerated() {
                    for (offset, screen) in screens.enumerated() {
                        entries.append((screen, nextID, stack > 0 && offset == 0))
                        nextID += 1
                    }
                }
            case .synchronize(let count):
                guard count >= 1, count <= entries.count else { return false }
                entries.removeLast(entries.count - count)
            case .popTo(let id):
                guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
                entries.removeLast(entries.count - index - 1)
            case .close(let id):
                guard let index = entries.firstIndex(where: { $0.id == id }), index > 0 else { return false }
                entries.removeLast(entries.count - index)
            }
            return true
        }

        var stacks: [[Int]] {
            var stacks: [[Int]] = []
            for entry in entries {
                if entry.presented || stacks.isEmpty { stacks.append([]) }
                stacks[stacks.count - 1].append(entry.id)
            }
            return stacks
        }
    }

    static func randomAction(
        _ random: inout SeededGenerator, entries: Int, nextID: Int
    ) -> NavigationAction<Page> {
        let screens: [Page] = [.home, .list, .detail(1), .detail(2), .sheet]
        let screen = screens.randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1: return .push(screen)
        case 2: return .pop(count: Int.random(in: -1...3, using: &random))
        case 3: return .popToRoot
        case 4: return .present(screen)
        case 5: return .dismiss
        case 6:
            func some(_ counts: ClosedRange<Int>) -> [Page] {
                (0..<Int.random(in: counts, using: &random)).map { _ in screens.randomElement(using: &random)!
                }
            }
            let root = some(0...3)
            // Mostly no modal (the plain replace), sometimes one or two, rarely an empty one.
            let modals = (0..<[0, 0, 1, 2].randomElement(using: &random)!).map { _ in some(0...2) }
            return .replace(root, presenting: modals)
        case 7: return .synchronize(visibleCount: Int.random(in: -1...(entries + 1), using: &random))
        case 8: return .pop(count: 1)
        default:
            // An entry by its identifier: mostly one shown, sometimes one gone or never made.
            let id = Int.random(in: 0...nextID, using: &random)
            return Bool.random(using: &random) ? .popTo(id: id) : .close(id: id)
        }
    }

    @Test(
        "10,000 random sequences of actions, impossible ones included, match the reference and keep every invariant"
    )
    func randomSequences() throws {
        for seed in UInt64(1)...UInt64(modelCheckRuns(10_000)) {
            var random = SeededGenerator(seed: seed)
            var shownByUI: [[Int]] = [[1]]
            let middleware = NavigationStateMiddleware(at: \NavState.navigation) { changes, _ in
                for change in changes { Self.perform(change, on: &shownByUI) }
            }
            let (store, log) = makeNavigationStore(middleware: [middleware])
            var reference = Reference()
            var everSeen: Set<Int> = [1]
            let length = Int.random(in: 1...20, using: &random)
            for step in 0..<length {
                let action = Self.randomAction(
                    &random, entries: reference.entries.count, nextID: reference.nextID)
                let before = store.state.navigation
                let reportsBefore = log.diagnostics.count
                let met = reference.apply(action)
                store.dispatch(action: action)
                let navigation = store.state.navigation
                let context = Comment(rawValue: "seed \(seed), step \(step), \(action)")

                try #require(navigation.ids == reference.stacks, context)
                try #require(navigation.entries.map(\.screen) == reference.entries.map(\.screen), context)
                try #require(log.diagnostics.count == reportsBefore + (met ? 0 : 1), context)
                if !met { try #require(navigation == before, context) }
                // Never empty, top is the last entry, ids unique.
                try #require(
                    !navigation.stacks.isEmpty && navigation.stacks.allSatisfy { !$0.isEmpty }, context)
                try #require(navigation.top == navigation.entries.last, context)
                let ids = navigation.entries.map(\.id)
                try #require(Set(ids).count == ids.count, context)
                // The root is never popped: only a deep link replaces it.
                switch action {
                case .replace, .replaceWithModals:
                    break
                default:
                    try #require(navigation.stacks[0][0] == before.stacks[0][0], context)
                }
                // A new entry's id was never seen before.
                for entry in navigation.entries where !before.contains(id: entry.id) {
                    try #require(everSeen.insert(entry.id).inserted, context)
                }
                // The UI, following the changes handed to it (or going back by itself), shows the state.
                if case .synchronize(let count) = action, met {
                    shownByUI = Self.keeping(count, of: shownByUI)
                }
                try #require(shownByUI == navigation.ids, context)
            }
        }
    }

    /// What a UI does with one change.
    static func perform(_ change: NavigationChange<Page>, on stacks: inout [[Int]]) {
        switch change {
        case .pushed(let entry):
            if stacks.isEmpty { stacks.append([]) }
            stacks[stacks.count - 1].append(entry.id)
        case .popped(let entry):
            #expect(stacks.last?.last == entry.id)
            stacks[stacks.count - 1].removeLast()
            if stacks.count == 1 && stacks[0].isEmpty { stacks = [] }
        case .presented(let entry):
            stacks.append([entry.id])
        case .dismissed(let entry):
            #expect(stacks.last?.first == entry.id)
            stacks.removeLast()
        }
    }

    /// What a UI shows after going back by itself to `count` entries.
    static func keeping(_ count: Int, of stacks: [[Int]]) -> [[Int]] {
        var remaining = count
        var kept: [[Int]] = []
        for stack in stacks where remaining > 0 {
            kept.append(Array(stack.prefix(remaining)))
            remaining -= kept[kept.count - 1].count
        }
        return kept
    }

    // MARK: - Codable

    @Test("a state encodes and decodes to an equal one, and goes on numbering where it stopped")
    func roundTrip() throws {
        var navigation = NavigationState(root: Page.home)
        navigation.apply(.push(.detail(7)))
        navigation.apply(.present(.sheet))
        navigation.apply(.push(.list))
        navigation.apply(.pop(count: 1))

        let data = try JSONEncoder().encode(navigation)
        var restored = try JSONDecoder().decode(NavigationState<Page>.self, from: data)

        #expect(restored == navigation)
        restored.apply(.push(.list))
        navigation.apply(.push(.list))
        #expect(restored == navigation)
        #expect(restored.top.id == 5)
    }

    @Test(
        "a file that breaks a promise of every state does not decode",
        arguments: [
            #"{"stacks":[],"nextID":2}"#,
            #"{"stacks":[[{"screen":{"home":{}},"id":1}],[]],"nextID":2}"#,
            #"{"stacks":[[{"screen":{"home":{}},"id":1},{"screen":{"list":{}},"id":1}]],"nextID":3}"#,
            #"{"stacks":[[{"screen":{"home":{}},"id":4}]],"nextID":3}"#,
        ])
    func corruptedFile(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationState<Page>.self, from: Data(json.utf8))
        }
    }

    @Test("a replace with modals encodes and decodes; a replace logged before modals existed still decodes")
    func actionRoundTrip() throws {
        let actions: [NavigationAction<Page>] = [
            .replace([.list, .detail(3)], presenting: [[.sheet], [.detail(4), .list]]),
            .replace([.home]),
            .replace([.home], presenting: []),
        ]
        for action in actions {
            let data = try JSONEncoder().encode(action)
            #expect(try JSONDecoder().decode(NavigationAction<Page>.self, from: data) == action)
        }
        let old = #"{"replace":{"_0":[{"list":{}},{"detail":{"_0":3}}]}}"#
        #expect(
            try JSONDecoder().decode(NavigationAction<Page>.self, from: Data(old.utf8))
                == .replace([.list, .detail(3)]))
        let withModals = #"{"replaceWithModals":{"_0":[{"home":{}}],"presenting":[[{"sheet":{}}]]}}"#
        #expect(
            try JSONDecoder().decode(NavigationAction<Page>.self, from: Data(withModals.utf8))
                == .replace([.home], presenting: [[.sheet]]))
    }

    @Test("a deep link to a sheet is recorded, replays to the same state, and is written as code")
    func recordedAndReplayed() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeNavigationStore(middleware: [recorder])
            store.dispatch(action: NavigationAction.push(Page.list))
            store.dispatch(action: NavigationAction.replace([Page.list, .detail(3)], presenting: [[.sheet]]))
            withExtendedLifetime(recorder) {}

            // A line from a log written before replace had modals, then the recorded ones.
            let old =
                #"{"seq":1,"type":"NavigationAction<Page>","action":{"replace":{"_0":[{"detail":{"_0":1}}]}}}"#
            let replayer = try ActionReplayer(types: [NavigationAction<Page>.self])
            let (replayed, _) = makeNavigationStore()
            try replayer.replay(try ActionLog(text: old + "\n"), into: replayed)
            #expect(replayed.state.navigation.screens == [[.detail(1)]])
            let (again, _) = makeNavigationStore()
            try replayer.replay(try ActionLog(contentsOf: url), into: again)
            #expect(again.state == store.state)
            #expect(again.state.navigation.screens == [[.list, .detail(3)], [.sheet]])
        }
        #expect(
            SwiftValueCode.code(
                for: NavigationAction.replace([Page.list], presenting: [[.sheet, .detail(2)]]))
                == "NavigationAction<Page>.replace([Page.list], presenting: [[Page.sheet, Page.detail(2)]])"
        )
        // The cases without a payload too, though the action describes itself its own way.
        #expect(SwiftValueCode.code(for: NavigationAction<Page>.dismiss) == "NavigationAction<Page>.dismiss")
        #expect(
            SwiftValueCode.code(for: NavigationAction<Page>.popToRoot) == "NavigationAction<Page>.popToRoot")
        #expect(
            SwiftValueCode.code(for: NavigationAction<Page>.pop(count: 2))
                == "NavigationAction<Page>.pop(count: 2)")
        #expect(
            SwiftValueCode.code(for: NavigationAction<Page>.synchronize(visibleCount: 1))
                == "NavigationAction<Page>.synchronize(visibleCount: 1)")
    }

    @Test("a valid file in the documented shape decodes")
    func documentedShape() throws {
        let json =
            #"{"stacks":[[{"screen":{"home":{}},"id":1}],[{"screen":{"sheet":{}},"id":3}]],"nextID":4}"#
        let navigation = try JSONDecoder().decode(NavigationState<Page>.self, from: Data(json.utf8))
        #expect(navigation.screens == [[.home], [.sheet]])
        #expect(navigation.ids == [[1], [3]])
    }

    // MARK: - Deep links

    @Test("a deep link gives the state a user reaching those screens by hand has, ids aside")
    func deepLinkEqualsByHand() {
        let (linked, _) = makeNavigationStore()
        linked.dispatch(action: NavigationAction.push(Page.sheet))
        linked.dispatch(action: NavigationAction.replace([Page.home, .list, .detail(3)]))

        let (byHand, _) = makeNavigationStore()
        byHand.dispatch(action: NavigationAction.push(Page.list))
        byHand.dispatch(action: NavigationAction.push(Page.detail(1)))
        byHand.dispatch(action: NavigationAction<Page>.pop(count: 1))
        byHand.dispatch(action: NavigationAction.push(Page.detail(3)))

        #expect(linked.state.navigation.screens == byHand.state.navigation.screens)
        #expect(linked.state.navigation.stacks.count == 1)
        // Ids differ (the deep link made new entries), which is what "ids aside" allows.
        #expect(linked.state.navigation.ids == [[3, 4, 5]])
        #expect(byHand.state.navigation.ids == [[1, 2, 4]])
    }
}
