extension Store {
    /// The store's state for Observation and SwiftUI: one ``ObservedState`` per store.
    ///
    /// ```swift
    /// let observed = store.observed
    /// Text(observed.user?.firstName ?? "")   // SwiftUI tracks \.user only
    /// ```
    ///
    /// Made at the first read and kept by the store; it does not keep the store alive. Until a
    /// key path is read through it, it costs the store nothing per dispatch.
    public var observed: ObservedState<State> {
        if let observation { return observation }
        let made = ObservedState(store: self)
        observation = made
        return made
    }
}
