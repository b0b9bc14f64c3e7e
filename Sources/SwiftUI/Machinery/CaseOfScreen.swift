/// One case of an app's screen enum, named by its constructor (`Screen.alert`): takes the
/// case's payload out of a screen.
///
/// Swift gives no way to match a case from its constructor alone, so the payload is taken out
/// with a `Mirror`, and the constructor must make a screen of the same case of it (its case's
/// name: two cases with one payload type stay apart).
struct CaseOfScreen<Screen, Payload> {
    let embed: (Payload) -> Screen

    /// The payload of `screen` when it is this case, or `nil`.
    func payload(of screen: Screen) -> Payload? {
        guard let child = Mirror(reflecting: screen).children.first,
            let payload = Self.payload(in: child.value),
            Mirror(reflecting: embed(payload)).children.first?.label == child.label
        else { return nil }
        return payload
    }

    /// The payload a case's `Mirror` child holds: the value itself, or, for a payload with a
    /// label (`case alert(state: AlertState<Value>)`), the one element of the labeled tuple the
    /// `Mirror` shows it as.
    private static func payload(in value: Any) -> Payload? {
        if let payload = value as? Payload { return payload }
        let tuple = Mirror(reflecting: value)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
        return tuple.children.first?.value as? Payload
    }
}
