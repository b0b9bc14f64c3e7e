#if canImport(Combine)
    public import Combine

    extension ObservableViewModel: @preconcurrency ObservableObject {
        /// Fires before ``ObservableViewModel/state`` changes: what `@StateObject` and
        /// `@ObservedObject` follow on every release. A `@preconcurrency` conformance: Combine's
        /// protocol is not isolated, and SwiftUI asks for it on the main actor only.
        public var objectWillChange: ObservableObjectPublisher {
            if let publisher = willChangePublisher as? ObservableObjectPublisher { return publisher }
            let publisher = ObservableObjectPublisher()
            willChangePublisher = publisher
            willChange.append { publisher.send() }
            return publisher
        }
    }
#endif
