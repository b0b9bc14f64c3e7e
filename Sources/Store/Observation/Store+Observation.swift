extension Store {
    /// The store's state for Observation and SwiftUI: one ``ObservedState`` per store.
    ///
    /// ```swift
    /// let observed = store.observed
    /// let name = observed.user?.firstName ?? ""   // a SwiftUI body reading this tracks \.user only
    /// ```
    ///
    /// Made at the first read and kept by the store; it does not keep the store alive. Until a
    /// key path is read through it, it costs the store nothing per dispatch.
    ///
    /// Needs macOS 14, iOS 17, tvOS 17 or watchOS 10 (Observation); at the package's floor,
    /// follow the state with ``values(of:bufferingPolicy:)-3qp10``.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    public var observed: ObservedState<State> {
        if let observation {
            guard let observed = observation as? ObservedState<State> else {
                preconditionFailure(
                    "internal inconsistency: the store's observation is not its ObservedState")
            }
            return observed
        }
        let made = ObservedState(store: self)
        observation = made
        return made
    }
}
