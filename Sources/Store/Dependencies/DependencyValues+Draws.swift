extension DependencyValues {
    /// Draws a value for a reducer: `make()` in a dispatch, and the value drawn then in a replay
    /// of that action.
    ///
    /// A dependency that gives reducers values they could not compute from the state and the
    /// action (an id, a date, a random number) draws each of them through this function, so that
    /// time travel, a reducers-only replay and an exported session stay exact: a store with an
    /// `ActionHistory` or an `ActionRecorder` keeps the values with the action that drew them,
    /// and gives them back when the action is reduced again. ``uuid`` and ``date`` draw this way.
    ///
    /// ```swift
    /// struct DiceRoller: Sendable {
    ///     var roll: @Sendable () -> Int
    ///     func callAsFunction() -> Int { DependencyValues.draw("dice") { roll() } }
    /// }
    /// ```
    ///
    /// Outside a reducer (in a middleware or a task), this is `make()`.
    ///
    /// - Parameters:
    ///   - name: Names the dependency in the record: one name per dependency.
    ///   - make: Draws a new value.
    /// - Returns: The value.
    public static func draw<Value: Codable & Sendable>(_ name: String, _ make: () -> Value) -> Value {
        guard let scope = ReducingCell.scope else { return make() }
        return scope.draw(name, make)
    }

    /// Draws that a store's reducers take, in order, before drawing anew: how a test reproduces
    /// the ids and dates of a recorded session. An exported session's test sets them.
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMStore
    /// import ReMVVMTesting
    ///
    /// let store = TestStore(with: Library()) {
    ///     $0.uuid = .incrementing
    ///     $0.replayedDraws = [.uuid(UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000001")!)]
    /// }
    /// ```
    ///
    /// Each draw a reducer makes takes the next one, when its name is the one drawn; a draw of
    /// another name is reported (`StoreDiagnostic.Kind.drawNotRecorded`) and drawn anew. Once
    /// all are taken, the dependencies draw as usual.
    public var replayedDraws: [DependencyDraw] {
        get { self[ReplayedDrawsKey.self] }
        set { self[ReplayedDrawsKey.self] = newValue }
    }
}

/// The key of ``DependencyValues/replayedDraws``.
private enum ReplayedDrawsKey: DependencyKey {
    static let liveValue: [DependencyDraw] = []
}
