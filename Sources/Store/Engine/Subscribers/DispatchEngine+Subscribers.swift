// The engine's door for subscribers whose state type is known only at run time.

extension DispatchEngine {
    /// Adds a subscriber whose state type is known only at run time, such as a view model.
    func add<Subscriber: StoreSubscriber>(anySubscriber subscriber: Subscriber) {
        guard Subscriber.State.self == State.self else {
            report(
                .subscriberStateMismatch,
                "\(TypeName.of(Subscriber.self)) subscribes to \(TypeName.of(Subscriber.State.self)), "
                    + "but the store's state is \(TypeName.of(State.self)); it will not be told about changes."
            )
            return
        }
        subscribers.add(checked: subscriber)
    }
}
