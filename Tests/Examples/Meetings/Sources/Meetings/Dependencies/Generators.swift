import Foundation
import ReMVVM

/// New identifiers and the current date. Reducers cannot read dependencies yet, so view models
/// read these and put what they make in their actions: a recorded session holds the ids and
/// dates, and replays exactly.
struct Generators: Sendable {
    var uuid: @Sendable () -> UUID
    var now: @Sendable () -> Date

    static let live = Generators(uuid: { UUID() }, now: { Date() })

    /// `00000000-0000-0000-0000-000000000001`, then `...02`, and so on, on a fixed date.
    static func incrementing(from date: Date = Date(timeIntervalSinceReferenceDate: 800_000_000)) -> Self {
        let counter = Counter()
        return Generators(
            uuid: { UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012x", counter.next()))")! },
            now: { date })
    }
}

/// A count that tasks may share.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}

private enum GeneratorsKey: DependencyKey {
    static let liveValue = Generators.live
    static var testValue: Generators { .incrementing() }
}

extension DependencyValues {
    var generators: Generators {
        get { self[GeneratorsKey.self] }
        set { self[GeneratorsKey.self] = newValue }
    }
}
