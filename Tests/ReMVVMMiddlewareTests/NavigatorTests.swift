import ReMVVMMiddleware
import Testing

@MainActor
@Suite struct NavigatorTests {
    struct StepCase: Sendable, CustomTestStringConvertible {
        let steps: [NavigationStep<TestScreen>]
        let stacks: [[TestScreen]]
        let changed: [Bool]
        var testDescription: String { "\(steps)" }
    }

    nonisolated static let cases: [StepCase] = [
        StepCase(steps: [.push(.detail(1))], stacks: [[.home, .detail(1)]], changed: [true]),
        StepCase(steps: [.push(.detail(1)), .pop], stacks: [[.home]], changed: [true, true]),
        StepCase(steps: [.pop], stacks: [[.home]], changed: [false]),
        StepCase(
            steps: [.push(.detail(1)), .push(.detail(2)), .popToRoot],
            stacks: [[.home]],
            changed: [true, true, true]
        ),
        StepCase(steps: [.popToRoot], stacks: [[.home]], changed: [false]),
        StepCase(steps: [.present(.sheet)], stacks: [[.home], [.sheet]], changed: [true]),
        StepCase(
            steps: [.present(.sheet), .push(.detail(3))],
            stacks: [[.home], [.sheet, .detail(3)]],
            changed: [true, true]
        ),
        StepCase(
            steps: [.push(.detail(1)), .present(.sheet), .dismiss],
            stacks: [[.home, .detail(1)]],
            changed: [true, true, true]
        ),
        StepCase(steps: [.dismiss], stacks: [[.home]], changed: [false]),
        StepCase(
            steps: [.present(.sheet), .present(.detail(4)), .setRoot(.detail(5))],
            stacks: [[.detail(5)]],
            changed: [true, true, true]
        ),
    ]

    @Test(
        "each step changes the stacks as UIKit would, and impossible steps change nothing", arguments: cases)
    func steps(_ testCase: StepCase) {
        let navigator = Navigator(root: TestScreen.home)
        var observed: [NavigationStep<TestScreen>] = []
        navigator.onChange = { observed.append($0) }
        let changed = testCase.steps.map { navigator.perform($0) }
        #expect(changed == testCase.changed)
        #expect(navigator.stacks == testCase.stacks)
        #expect(navigator.visibleScreen == testCase.stacks.last?.last)
        #expect(navigator.path == testCase.stacks.flatMap { $0 })
        #expect(navigator.modalCount == testCase.stacks.count - 1)
        // Observers hear only about the steps that changed something.
        #expect(observed == zip(testCase.steps, testCase.changed).filter(\.1).map(\.0))
    }

    @Test("the convenience methods perform the matching steps")
    func conveniences() {
        let navigator = Navigator(root: TestScreen.home)
        navigator.push(.detail(1))
        navigator.present(.sheet)
        #expect(navigator.path == [.home, .detail(1), .sheet])
        #expect(navigator.dismiss())
        #expect(!navigator.dismiss())
        #expect(navigator.pop())
        #expect(!navigator.pop())
        #expect(navigator.path == [.home])
    }
}
