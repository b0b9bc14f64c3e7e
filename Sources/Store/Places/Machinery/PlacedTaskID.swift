/// The id of a task started without one for an action addressed to a place: the store keeps it
/// as a task with an id, so that it can be cancelled when its place goes.
struct PlacedTaskID: Hashable, Sendable {
    let sequence: UInt64
}
