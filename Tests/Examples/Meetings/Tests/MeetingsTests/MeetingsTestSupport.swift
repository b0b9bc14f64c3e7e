import Foundation
import ReMVVM
import ReMVVMTesting
import Testing

@testable import Meetings

/// A test store of the app: its reducers and middleware, time on `clock`, speech from `speech`,
/// and what `dependencies` sets. A test whose reducers draw ids or dates sets `$0.uuid` and
/// `$0.date`; in any other, a reducer that draws one fails the test (at the line that made the
/// store).
@MainActor
func makeTestStore(
    _ state: AppState = AppState(), clock: TestClock = TestClock(), speech: SpeechClient = .silent,
    filePath: StaticString = #filePath, line: UInt = #line,
    dependencies: (inout DependencyValues) -> Void = { _ in }
) -> TestStore<AppState> {
    let store = TestStore(with: state, middleware: MeetingsApp.middleware, filePath: filePath, line: line) {
        $0.clock = clock
        $0.speech = speech
        dependencies(&$0)
    }
    MeetingsApp.register(on: store)
    return store
}

extension UUID {
    /// `00000000-0000-0000-0000-00000000000n`: the id `UUIDGenerator.incrementing` makes at its
    /// draw `n`, the first being 0.
    init(_ number: Int) {
        self.init(uuidString: String(format: "00000000-0000-0000-0000-%012x", number))!
    }
}

struct RecognitionFailed: Error {}

extension SpeechClient {
    /// Hears `transcript`, then fails.
    static func failing(after transcript: String) -> SpeechClient {
        SpeechClient(
            authorize: {},
            transcripts: {
                AsyncThrowingStream { continuation in
                    continuation.yield(transcript)
                    continuation.finish(throwing: RecognitionFailed())
                }
            })
    }

    /// Refuses permission.
    static let denied = SpeechClient(
        authorize: { throw RecognitionFailed() }, transcripts: { AsyncThrowingStream { $0.finish() } })

    /// Hears what the test yields into the stream it returns.
    static func controlled() -> (SpeechClient, AsyncThrowingStream<String, any Error>.Continuation) {
        let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
        return (SpeechClient(authorize: {}, transcripts: { stream }), continuation)
    }
}

let ada = Attendee(id: UUID(101), name: "Ada")
let grace = Attendee(id: UUID(102), name: "Grace")
let linus = Attendee(id: UUID(103), name: "Linus")
/// Three attendees, two seconds each.
let daily = Series(
    id: UUID(100), title: "Daily", duration: .seconds(6), attendees: [ada, grace, linus])
let meetingDate = Date(timeIntervalSinceReferenceDate: 800_000_000)

extension AppState {
    /// The list with `series`, and the detail of the first pushed over it (entry 2).
    static func detail(of series: Series...) -> AppState {
        var state = AppState(series: IdentifiedArray(series))
        state.navigation.apply(.push(.detail(series[0].id)))
        return state
    }

    /// The detail of `series` (entry 2) and its recorder (entry 3), for a new meeting.
    static func recording(_ series: Series) -> (AppState, RecordState) {
        var state = AppState.detail(of: series)
        let record = RecordState(series: series, meeting: PastMeeting(id: UUID(200), date: meetingDate))
        state.navigation.apply(.push(.record(record)))
        return (state, record)
    }
}

extension AppState {
    /// Changes the series in the form of the entry `entry`, as a test expects it changed.
    mutating func editForm(_ entry: Int, _ change: (inout Series) -> Void) {
        guard case .form(var form)? = navigation[id: entry]?.screen else {
            Issue.record("the entry \(entry) shows no form")
            return
        }
        change(&form.series)
        navigation[id: entry]?.screen = .form(form)
    }

    /// Changes the recorder of the entry `entry`, as a test expects it changed.
    mutating func editRecord(_ entry: Int, _ change: (inout RecordState) -> Void) {
        guard case .record(var record)? = navigation[id: entry]?.screen else {
            Issue.record("the entry \(entry) shows no recorder")
            return
        }
        change(&record)
        navigation[id: entry]?.screen = .record(record)
    }
}
