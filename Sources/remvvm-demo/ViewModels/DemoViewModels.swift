import ReMVVMStore

extension CompositeViewModelFactory {
    /// Teaches the factory the demo's view models, made for `store`. The greetings view model
    /// exists only once a user logged in: the state decides which view models exist.
    func addDemoViewModels(for store: Store<AppState>) {
        add { [weak store] _ -> LoginViewModel? in
            LoginViewModel(responder: Responder { store?.dispatch(action: $0) })
        }
        add { [weak store] _ -> GreetingsViewModel? in
            guard let store, store.state.user != nil else { return nil }
            return GreetingsViewModel(store: store)
        }
        add { [weak store] _ -> ProfileViewModel? in
            guard let store, store.state.user != nil else { return nil }
            return ProfileViewModel(store: store)
        }
    }
}
