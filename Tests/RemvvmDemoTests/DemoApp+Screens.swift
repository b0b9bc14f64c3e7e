@testable import remvvm_demo

extension DemoApp {
    /// The screens on display, from the root to the top, as the state holds them.
    var screens: [Screen] { store.state.navigation.entries.map(\.screen) }
    /// The screen on top of the state's navigation.
    var topScreen: Screen { store.state.navigation.top.screen }
}
