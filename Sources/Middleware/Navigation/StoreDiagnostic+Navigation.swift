public import ReMVVMStore

extension StoreDiagnostic.Kind {
    /// A ``NavigationAction`` asked for what its ``NavigationState`` cannot do (a pop below the
    /// first screen of the top stack, a count below one, a dismiss with no modal, a replace with
    /// no screen or with a modal of no screen, a synchronize to zero entries or to more than
    /// there are); the navigation did not change.
    public static let impossibleNavigation = StoreDiagnostic.Kind("impossibleNavigation")

    /// A view model was asked for a ``NavigationEntry`` that is not on display (it left the
    /// state, or came from another one), or on a store where `register(navigation:)` was not
    /// called for its screen type; none was made.
    public static let navigationEntryNotShown = StoreDiagnostic.Kind("navigationEntryNotShown")
}
