import ReMVVMStore

/// An action that brings back a state the ``UndoHistory`` chose: ``UndoAction`` and
/// ``RedoAction``, which differ only in which of the history's stacks the state comes from.
/// Their `Codable` (`{}`) and their description come from here, once for both.
protocol RestoringAction: StoreAction, Codable, CustomStringConvertible {
    /// The state to restore, set by the history on the action's way through the middleware.
    var restoring: (any Sendable)? { get set }

    init()
}

extension RestoringAction {
    /// The action, carrying the state to restore.
    init(restoring state: any Sendable) {
        self.init()
        restoring = state
    }

    /// Decodes the action from a JSON object, whatever its keys; anything else is an error.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: AnyKey.self)
        self.init()
    }

    /// Encodes the action as `{}`: the state it restores is never written.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyKey.self)
    }

    /// `UndoAction()` or `RedoAction()`: the state it restores is never shown.
    public var description: String { "\(Self.self)()" }
}

/// Any key of a JSON object.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
