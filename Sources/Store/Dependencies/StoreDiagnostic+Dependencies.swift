extension StoreDiagnostic.Kind {
    /// A reducer replayed (time travel, a reducers-only replay, a test store's
    /// ``DependencyValues/replayedDraws``) drew a value the record does not hold: another
    /// dependency than the one recorded, or more draws than recorded, as when the reducer changed
    /// since the session. The value was drawn anew, so the replayed state may differ from the
    /// session's. The message names the action and the draws.
    public static let drawNotRecorded = StoreDiagnostic.Kind("drawNotRecorded")
}
