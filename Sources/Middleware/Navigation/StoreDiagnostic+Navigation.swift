public import ReMVVMStore

extension StoreDiagnostic.Kind {
    /// A ``NavigationAction`` asked for what its ``NavigationState`` cannot do (a pop below the
    /// first screen of the top stack, a count below one, a dismiss with no modal, a replace with
    /// no screen or with a modal of no screen, a synchronize to zero entries or to more than
    /// there are, a pop to or a close of an entry that is not shown, a close of the root entry);
    /// the navigation did not change.
    public static let impossibleNavigation = StoreDiagnostic.Kind("impossibleNavigation")

    /// A view model was asked for a ``NavigationEntry`` that is not on display (it left the
    /// state, or came from another one), or on a store where `register(navigation:)` was not
    /// called for its screen type; none was made.
    public static let navigationEntryNotShown = StoreDiagnostic.Kind("navigationEntryNotShown")
}

extension StoreDiagnostic.Kind {
    /// An action of a reducer registered with `register(reducer:forEach:case:id:)` named a
    /// navigation entry that is not shown, or whose screen is another case; the state did not
    /// change. The message names the action, the entry and the case's state type.
    public static let screenNotShown = StoreDiagnostic.Kind("screenNotShown")
}
