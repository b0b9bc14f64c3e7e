import ReMVVMMiddleware
import ReMVVMStore
import Testing

@testable import remvvm_demo

/// Stands in for a screen: the object a view model lives with.
@MainActor
private final class ScreenStandIn {}

/// The demo's store, navigator and factory, wired as the app wires them, with no text UI.
@MainActor
private func makeApp() -> (store: Store<AppState>, navigator: Navigator<Screen>) {
    let navigator = Navigator(root: Screen.login)
    let factory = CompositeViewModelFactory()
    let store = Store(
        with: AppState(factory: factory, user: nil),
        middleware: [NavigationMiddleware(navigator: navigator, routes: DemoApp.routes)]
    )
    store.register(reducer: LoginReducer.self)
    store.register(reducer: LogoutReducer.self)
    factory.addDemoViewModels(for: store)
    return (store, navigator)
}

/// The seeds' "test UX flows without UI tests": the whole login/logout flow driven through the
/// view models' events and read from their view states only.
@MainActor
@Suite struct ViewModelFlowTests {
    @Test("log in and out through the view models alone: view states, navigation and the store agree")
    func loginLogoutFlow() throws {
        let (store, navigator) = makeApp()
        let loginScreen = ScreenStandIn()
        let login: LoginViewModel = try #require(store.viewModel(for: loginScreen))
        #expect(login.state == LoginViewState())
        // Nobody is logged in, so the factory makes no greetings view model yet.
        let early: GreetingsViewModel? = store.viewModel(for: ScreenStandIn())
        #expect(early == nil)

        login.send(event: .logIn(firstName: "Ada", lastName: "Lovelace"))
        #expect(login.state == LoginViewState(firstName: "Ada", lastName: "Lovelace"))
        #expect(store.state.user == User(firstName: "Ada", lastName: "Lovelace"))
        #expect(navigator.path == [.login, .greetings])

        let greetingsScreen = ScreenStandIn()
        let greetings: GreetingsViewModel = try #require(store.viewModel(for: greetingsScreen))
        #expect(greetings.state == GreetingsViewState(user: User(firstName: "Ada", lastName: "Lovelace")))
        #expect(greetings.state.message == "Hello Ada Lovelace <3")

        greetings.send(event: .logOut)
        #expect(store.state.user == nil)
        #expect(navigator.path == [.login])
        #expect(greetings.state.message == "(nobody is logged in)")
        // The same login view model, its fields cleared by its store subscription.
        let loginAgain: LoginViewModel? = store.viewModel(for: loginScreen)
        #expect(loginAgain === login)
        #expect(login.state == LoginViewState())

        login.send(event: .logIn(firstName: "Grace", lastName: "Hopper"))
        #expect(navigator.path == [.login, .greetings])
        let next: GreetingsViewModel = try #require(store.viewModel(for: ScreenStandIn()))
        #expect(next.state.message == "Hello Grace Hopper <3")
    }

    @Test("the login view model sends exactly one login action up its responder, with the fields")
    func loginSendsToResponder() {
        var sent: [LoginAction] = []
        let login = LoginViewModel(responder: Responder { sent.append($0) })
        login.send(event: .logIn(firstName: "Ada", lastName: "Lovelace"))
        #expect(sent == [LoginAction(firstName: "Ada", lastName: "Lovelace")])
        #expect(login.state == LoginViewState(firstName: "Ada", lastName: "Lovelace"))
    }

    @Test("a view state alone renders a screen: no view model, store or mock needed")
    func viewStatesRender() {
        let login = ScreenRenderer.render(LoginViewState(firstName: "Ada", lastName: ""), style: .plain)
        #expect(login.contains("First name: Ada\n"))
        #expect(login.contains("Last name: (empty)\n"))
        let greetings = ScreenRenderer.render(
            GreetingsViewState(user: User(firstName: "Ada", lastName: "Lovelace")), style: .plain)
        #expect(greetings.contains("\nHello Ada Lovelace <3\n"))
    }
}
