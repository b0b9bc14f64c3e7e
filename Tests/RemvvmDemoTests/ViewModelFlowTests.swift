import ReMVVMMiddleware
import ReMVVMStore
import Testing

@testable import remvvm_demo

/// The demo's store and factory, wired as the app wires them, with no text UI: the screens on
/// display are the state's navigation, and each view model belongs to an entry of it.
@MainActor
private func makeStore() -> Store<AppState> {
    let factory = CompositeViewModelFactory()
    let store = Store(with: AppState(factory: factory, user: nil))
    store.register(navigation: \.navigation)
    store.register(reducer: LoginReducer.self)
    store.register(reducer: LogoutReducer.self)
    factory.addDemoViewModels(for: store)
    return store
}

/// The seeds' "test UX flows without UI tests": the whole login/logout flow driven through the
/// view models' events and read from their view states only, each view model taken for the
/// entry on top of the state's navigation, as a UI would.
@MainActor
@Suite struct ViewModelFlowTests {
    @Test("log in and out through the view models alone: view states, navigation and the store agree")
    func loginLogoutFlow() throws {
        let store = makeStore()
        let loginEntry = store.state.navigation.top
        let login: LoginViewModel = try #require(store.viewModel(for: loginEntry))
        #expect(login.state == LoginViewState())
        // Nobody is logged in, so the factory makes no greetings view model yet.
        let early: GreetingsViewModel? = store.viewModel(for: loginEntry)
        #expect(early == nil)

        login.send(event: .logIn(firstName: "Ada", lastName: "Lovelace"))
        #expect(login.state == LoginViewState(firstName: "Ada", lastName: "Lovelace"))
        #expect(store.state.user == User(firstName: "Ada", lastName: "Lovelace"))
        #expect(store.state.navigation.stacks.map { $0.map(\.screen) } == [[.login], [.greetings]])

        weak var released: GreetingsViewModel?
        do {
            let greetings: GreetingsViewModel = try #require(store.viewModel(for: store.state.navigation.top))
            #expect(greetings.state == GreetingsViewState(user: User(firstName: "Ada", lastName: "Lovelace")))
            #expect(greetings.state.message == "Hello Ada Lovelace <3")
            released = greetings

            greetings.send(event: .logOut)
            #expect(store.state.user == nil)
            #expect(store.state.navigation.entries.map(\.screen) == [.login])
        }
        // Its entry left in the logout: the greetings view model went with it.
        #expect(released == nil)
        // The same login view model, its fields cleared by its store subscription.
        let loginAgain: LoginViewModel? = store.viewModel(for: loginEntry)
        #expect(loginAgain === login)
        #expect(login.state == LoginViewState())

        login.send(event: .logIn(firstName: "Grace", lastName: "Hopper"))
        #expect(store.state.navigation.entries.map(\.screen) == [.login, .greetings])
        let next: GreetingsViewModel = try #require(store.viewModel(for: store.state.navigation.top))
        #expect(next.state.message == "Hello Grace Hopper <3")
    }

    @Test("the profile is pushed over the greetings and popped by its back button")
    func profileAndBack() throws {
        let store = makeStore()
        store.dispatch(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
        let greetings: GreetingsViewModel = try #require(store.viewModel(for: store.state.navigation.top))
        greetings.send(event: .openProfile)
        #expect(store.state.navigation.entries.map(\.screen) == [.login, .greetings, .profile])
        weak var released: ProfileViewModel?
        do {
            let profile: ProfileViewModel = try #require(store.viewModel(for: store.state.navigation.top))
            #expect(profile.state == ProfileViewState(user: User(firstName: "Ada", lastName: "Lovelace")))
            released = profile
            profile.send(event: .back)
        }
        #expect(store.state.navigation.entries.map(\.screen) == [.login, .greetings])
        #expect(released == nil)
        let sameGreetings: GreetingsViewModel? = store.viewModel(for: store.state.navigation.top)
        #expect(sameGreetings === greetings)
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
