import ReMVVMMiddleware
import ReMVVMStore
import Testing

@testable import ReMVVMSwiftUI

@MainActor
@Suite struct NavigationPresentationTests {
    /// list > detail(1) > detail(2), then a form sheet with a detail pushed on it.
    func deepStore() -> Store<MeetingsState> {
        let store = makeStore()
        store.dispatch(action: NavigationAction.push(Screen.detail(1)))
        store.dispatch(action: NavigationAction.push(Screen.detail(2)))
        store.dispatch(action: NavigationAction.present(Screen.form("new")))
        store.dispatch(action: NavigationAction.push(Screen.detail(3)))
        return store
    }

    @Test("each stack is a root view with a path, and the modal over it is the next stack's first")
    func layout() {
        let presentation = NavigationPresentation(deepStore().state.navigation)
        #expect(presentation.root(of: 0)?.screen == .list)
        #expect(presentation.path(of: 0).map(\.screen) == [.detail(1), .detail(2)])
        #expect(presentation.modal(over: 0)?.screen == .form("new"))
        #expect(presentation.path(of: 1).map(\.screen) == [.detail(3)])
        #expect(presentation.modal(over: 1) == nil)
        #expect(presentation.path(of: 2).isEmpty)
    }

    @Test("a back swipe on the root stack synchronizes to what it shows, and the store follows")
    func backSwipe() {
        let store = deepStore()
        let presentation = NavigationPresentation(store.state.navigation)
        let path = presentation.path(of: 0)
        let action = presentation.synchronize(level: 0, path: Array(path.prefix(1)))
        #expect(action == .synchronize(visibleCount: 2))
        store.dispatch(action: action!)
        #expect(store.state.navigation.entries.map(\.screen) == [.list, .detail(1)])
    }

    @Test("a back swipe in a modal's stack counts the stacks under it")
    func backSwipeInModal() {
        let presentation = NavigationPresentation(deepStore().state.navigation)
        #expect(presentation.synchronize(level: 1, path: []) == .synchronize(visibleCount: 4))
    }

    @Test("the state's own path, a longer path and a path the state did not make dispatch nothing")
    func nothingToSynchronize() {
        let presentation = NavigationPresentation(deepStore().state.navigation)
        let path = presentation.path(of: 0)
        #expect(presentation.synchronize(level: 0, path: path) == nil)
        #expect(presentation.synchronize(level: 0, path: path + path) == nil)
        #expect(presentation.synchronize(level: 0, path: [path[1]]) == nil)
        #expect(presentation.synchronize(level: 5, path: []) == nil)
    }

    @Test("a swipe-down closes the modal over a stack, with what is above it, and the store follows")
    func swipeDown() {
        let store = deepStore()
        let presentation = NavigationPresentation(store.state.navigation)
        #expect(presentation.synchronize(dismissingModalOver: 1) == nil)
        let action = presentation.synchronize(dismissingModalOver: 0)
        #expect(action == .synchronize(visibleCount: 3))
        store.dispatch(action: action!)
        #expect(store.state.navigation.stacks.count == 1)
        #expect(store.state.navigation.top.screen == .detail(2))
    }

    @Test("a navigation controller that shows fewer screens than its stack synchronizes")
    func controllerCount() {
        let presentation = NavigationPresentation(deepStore().state.navigation)
        #expect(presentation.synchronize(level: 0, visibleOnStack: 1) == .synchronize(visibleCount: 1))
        #expect(presentation.synchronize(level: 1, visibleOnStack: 1) == .synchronize(visibleCount: 4))
        #expect(presentation.synchronize(level: 0, visibleOnStack: 3) == nil)
        #expect(presentation.synchronize(level: 0, visibleOnStack: 0) == nil)
    }

    @Test(
        "a full-screen cover is a sheet where there are no covers",
        arguments: [
            (ModalStyle.sheet, true, ModalStyle.sheet), (.fullScreenCover, true, .fullScreenCover),
            (.fullScreenCover, false, .sheet), (.sheet, false, .sheet),
        ])
    func modalStyle(style: ModalStyle, covers: Bool, shown: ModalStyle) {
        #expect(style.shown(coversAvailable: covers) == shown)
    }
}

@Suite struct NavigationControllerPlanTests {
    @Test("a push or pop on the root level keeps its controller and sets its entries")
    func rootLevel() {
        let plan = NavigationControllerPlan(from: [[1, 2]], to: [[1, 2, 3]])
        #expect(plan == NavigationControllerPlan(dismissFrom: nil, kept: [[1, 2, 3]], presented: []))
    }

    @Test("a new modal is presented; a closed one is dismissed from its level")
    func modals() {
        #expect(
            NavigationControllerPlan(from: [[1]], to: [[1], [2, 3]])
                == NavigationControllerPlan(dismissFrom: nil, kept: [[1]], presented: [[2, 3]]))
        #expect(
            NavigationControllerPlan(from: [[1], [2], [3]], to: [[1], [2, 4]])
                == NavigationControllerPlan(dismissFrom: 2, kept: [[1], [2, 4]], presented: []))
    }

    @Test("a replaced modal is dismissed and the new one presented; a replaced root keeps its level")
    func replaced() {
        #expect(
            NavigationControllerPlan(from: [[1], [2]], to: [[5], [6]])
                == NavigationControllerPlan(dismissFrom: 1, kept: [[5]], presented: [[6]]))
    }
}
