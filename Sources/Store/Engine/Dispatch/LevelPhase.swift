/// The phase of one middleware level of one dispatch.
///
/// | phase | meaning | `next` then | when the middleware returns |
/// | --- | --- | --- | --- |
/// | `idle` | pooled, no action | (unreachable) | |
/// | `running` | its middleware runs | continues at once | `blocked`, or `deferred` if the dispatcher was kept |
/// | `passedOn` | `next` was called | is reported as a second call | |
/// | `deferred` | returned without `next`, dispatcher kept | resumes the chain (queued if the store is busy) | |
/// | `blocked` | returned without `next`, dispatcher dropped | (unreachable: nothing holds it) | |
@usableFromInline
enum LevelPhase: Sendable {
    case idle, running, passedOn, deferred, blocked
}
