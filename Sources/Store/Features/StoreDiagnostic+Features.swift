extension StoreDiagnostic.Kind {
    /// A feature of this store (an undo history, an action history, a persistence) was
    /// attached to another store: a feature belongs to one store at a time, so it no longer
    /// acts in this one. Reported when it moves, and when this store asks it for something
    /// afterwards (an undo that an `UndoHistory` no longer serves here is blocked).
    public static let featureMoved = StoreDiagnostic.Kind("featureMoved")
}
