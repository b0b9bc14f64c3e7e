import ReMVVMStore
import Testing

private enum FavoritesFeature {
    struct Toggle: StoreAction, Equatable { let id: Int }
    struct Rename: StoreAction { let title: String? }
}

private enum Route: Sendable {
    case list
    case detail(id: Int)
}

private enum RouteAction<Screen: Sendable>: StoreAction {
    case push(Screen)
    case pop
}

private struct Wrapper: StoreAction {
    let route: Route
}

@Suite struct ValueTextTests {
    @Test("a struct action is written with its qualified type and its fields, optionals unwrapped")
    func structAction() {
        #expect(ValueText.action(FavoritesFeature.Toggle(id: 3)) == "FavoritesFeature.Toggle(id: 3)")
        #expect(
            ValueText.action(FavoritesFeature.Rename(title: "Dune"))
                == #"FavoritesFeature.Rename(title: "Dune")"#)
        #expect(
            ValueText.action(FavoritesFeature.Rename(title: nil)) == "FavoritesFeature.Rename(title: nil)")
    }

    @Test("an enum action is written with one dot between its type and its case")
    func enumAction() {
        #expect(ValueText.action(RouteAction.push(Route.list)) == "RouteAction<Route>.push(.list)")
        #expect(
            ValueText.action(RouteAction.push(Route.detail(id: 3)))
                == "RouteAction<Route>.push(.detail(id: 3))")
        #expect(ValueText.action(RouteAction<Route>.pop) == "RouteAction<Route>.pop")
        #expect(ValueText.action(Wrapper(route: .detail(id: 1))) == "Wrapper(route: .detail(id: 1))")
    }

    @Test("a value is written without its type when it is an enum case, with it when it is a struct")
    func values() {
        #expect(ValueText.value(Route.detail(id: 3)) == ".detail(id: 3)")
        #expect(ValueText.value([FavoritesFeature.Toggle(id: 1)]) == "[FavoritesFeature.Toggle(id: 1)]")
        #expect(ValueText.value(Optional("Ada") as Any) == #""Ada""#)
    }

    @Test("a long action keeps its start and its end")
    func cut() {
        let text = ValueText.action(
            FavoritesFeature.Rename(title: String(repeating: "a", count: 300)), limit: 80)
        #expect(text.count <= 80)
        #expect(text.hasPrefix("FavoritesFeature.Rename(title: \"a"))
        #expect(text.hasSuffix("a\")"))
    }
}
