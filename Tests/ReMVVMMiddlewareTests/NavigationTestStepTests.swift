import ReMVVMTestSupport
import Testing

@testable import ReMVVMMiddleware

/// The steps a session test writes for a navigation's change, applied through the public API.
@Suite struct NavigationTestStepTests {
    /// Applies `steps` to `state` with `NavigationState`'s public API, as the generated test does.
    func applying(_ steps: [NavigationTestStep<Page>], to state: NavigationState<Page>) -> NavigationState<
        Page
    >? {
        var state = state
        for step in steps {
            switch step {
            case .new(let root): state = NavigationState(root: root)
            case .push(let screen): guard state.apply(.push(screen)) else { return nil }
            case .pop(let count): guard state.apply(.pop(count: count)) else { return nil }
            case .present(let screen): guard state.apply(.present(screen)) else { return nil }
            case .dismiss: guard state.apply(.dismiss) else { return nil }
            case .replace(let root): guard state.apply(.replace([root])) else { return nil }
            case .setScreen(let id, let screen):
                guard state.contains(id: id) else { return nil }
                state[id: id]?.screen = screen
            }
        }
        return state
    }

    @Test(
        "1,000 seeded random sessions: the steps between any two of their states make the later one exactly")
    func randomSessions() {
        var generator = SeededGenerator(seed: 0x5EED_0028)
        let pages: [Page] = [.home, .list, .detail(1), .detail(2), .sheet]
        for session in 0..<modelCheckRuns(1_000) {
            var state = NavigationState(root: Page.home)
            var states = [state]
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let page = pages.randomElement(using: &generator)!
                let entry = state.entries.randomElement(using: &generator)!.id
                let action: NavigationAction<Page>? =
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0, 1: .push(page)
                    case 2: .pop(count: Int.random(in: 1...2, using: &generator))
                    case 3: .present(page)
                    case 4: .dismiss
                    case 5: .popToRoot
                    case 6: .popTo(id: entry)
                    case 7: .close(id: entry)
                    case 8: nil
                    default: .replace([page, .list], presenting: [[.sheet]])
                    }
                if let action {
                    if state.apply(action) { states.append(state) }
                } else {
                    // A screen changed in place, as a reducer of the screen's own state does.
                    state[id: entry]?.screen = page
                    states.append(state)
                }
            }
            // Forward, as an action changes it, and backward, as an undo brings an earlier one back.
            for _ in 0..<8 {
                let from = states.randomElement(using: &generator)!
                let to = states.randomElement(using: &generator)!
                let steps = from.sessionSteps(to: to)
                #expect(steps != nil, "session \(session): no steps from \(from.stacks) to \(to.stacks)")
                if let steps {
                    #expect(applying(steps, to: from) == to, "session \(session): \(steps)")
                }
            }
        }
    }

    @Test("the steps are written as the calls a test makes")
    func code() throws {
        var before = NavigationState(root: Page.home)
        before.apply(.push(.list))
        before.apply(.present(.sheet))
        var after = before
        after.apply(.dismiss)
        after.apply(.pop(count: 1))
        after.apply(.push(.detail(2)))
        #expect(
            before.sessionTestSteps(to: after) == [
                "apply(.dismiss)", "apply(.pop(count: 1))", "apply(.push(Page.detail(2)))",
            ])
        // Back to an earlier state, as an undo does: its next entry takes an earlier identifier.
        #expect(
            after.sessionTestSteps(to: before) == [
                "= NavigationState(root: Page.home)", "apply(.push(Page.list))",
                "apply(.present(Page.sheet))",
            ])
        // An identifier taken and given up again is taken again by a push and a pop.
        var gap = NavigationState(root: Page.home)
        gap.apply(.push(.list))
        gap.apply(.pop(count: 1))
        gap.apply(.present(.sheet))
        #expect(
            NavigationState(root: Page.home).sessionTestSteps(to: gap) == [
                "apply(.push(Page.sheet))", "apply(.pop(count: 1))", "apply(.present(Page.sheet))",
            ])
        // A screen changed in place: set through its entry, before the entries above it go.
        var changed = before
        changed[id: 2]?.screen = .detail(7)
        changed.apply(.close(id: 3))
        #expect(
            before.sessionTestSteps(to: changed) == ["[id: 2]?.screen = Page.detail(7)", "apply(.dismiss)"])
    }
}
