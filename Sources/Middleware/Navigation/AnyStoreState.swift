/// The state type of navigation routes that read no state: a ``NavigationMiddleware`` made of
/// fixed steps only works in a store of any state.
///
/// ```swift
/// let navigation = NavigationMiddleware(navigator: navigator, routes: [
///     .on(LoginAction.self, navigate: .push(.greetings)),
///     .on(LogoutAction.self, navigate: .popToRoot),
/// ])   // a NavigationMiddleware<AnyStoreState, Screen>
/// ```
///
/// It has no values and is not a `StoreState`: no store holds it, and no route closure can be
/// given one, so a route that reads the state must name the real one.
public enum AnyStoreState {}
