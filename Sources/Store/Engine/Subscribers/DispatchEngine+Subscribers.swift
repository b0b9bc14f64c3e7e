// The engine's door for subscribers whose state type is known only at run time.

extension DispatchEngine {
    /// Adds a subscriber whose state type is known only at run time, such as a view model.
    func add<Subscriber: StoreSubscriber>(anySubscriber subscriber: Subscriber) {
        guard Subscriber.State.self == State.self else {
            report(
                .subscriberStateMismatch,
                "\(Subscriber.self) subscribes to \(Subscriber.State.self), but the store's state "
                    + "is \(State.self); it will not be told about changes."
            )
            return
        }
        subscribers.add(checked: subscriber)
    }
}
