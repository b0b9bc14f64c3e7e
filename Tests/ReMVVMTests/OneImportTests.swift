import ReMVVM
import Testing

// This file imports the library as an app does, through the `ReMVVM` module alone: it compiles
// only while that module re-exports the store, the view-model factories, the middleware and the
// front ends.

private enum Screen: Equatable {
    case login
    case greetings
}

private struct AppState: StoreState {
    var userName: String?
}

private struct LoginAction: StoreAction {
    let name: String
}

private enum LoginReducer: Reducer {
    static func reduce(state: AppState, with action: LoginAction) -> AppState {
        AppState(userName: action.name)
    }
}

@MainActor
private final class GreetingsViewModel: Initializable {
    let text = "Hello"
}

@MainActor
@Suite struct OneImportTests {
    @Test("import ReMVVM reaches the store, the factories and the middleware")
    func oneImport() {
        let navigator = Navigator(root: Screen.login)
        let navigation = NavigationMiddleware(
            navigator: navigator,
            routes: [.on(LoginAction.self, navigate: .push(.greetings))]
        )
        let factory = CompositeViewModelFactory()
        let store = Store(with: AppState(), middleware: [navigation])
        store.register(reducer: LoginReducer.self)

        store.dispatch(action: LoginAction(name: "Ada"))

        #expect(store.state.userName == "Ada")
        #expect(navigator.path == [.login, .greetings])
        let greetings: GreetingsViewModel? = factory.create()
        #expect(greetings?.text == "Hello")
    }

    @Test("import ReMVVM reaches the front ends' platform-neutral part on every platform")
    func frontEnds() {
        let viewModel = ObservableViewModel(state: "Ada")
        #expect(viewModel.update("Grace"))
        #expect(viewModel.state == "Grace")
        #expect(ModalStyle.fullScreenCover != .sheet)
    }

    @Test("ReMVVM.Config is the enum of ReMVVMStore, not the ReMVVM module")
    func configResolves() {
        // A type found by name hides a module of that name, so `ReMVVM.` here is the enum.
        let initialize: @MainActor (Store<AppState>) -> Void = ReMVVM.Config.initialize(with:)
        let provider = ReMVVM.Provider.self
        #expect(String(reflecting: provider) == "ReMVVMStore.ReMVVM.Provider")
        _ = initialize
        // The module that declares a type still qualifies it.
        let store = ReMVVMStore.Store(with: AppState())
        #expect(store.state.userName == nil)
    }
}
