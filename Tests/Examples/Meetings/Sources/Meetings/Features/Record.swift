import ReMVVM

/// A meeting being recorded: its series as it was at the start, the meeting so far (made with
/// a new id and the date when the recorder opened), and the time spent.
struct RecordState: Hashable, Codable, Sendable {
    var series: Series
    var meeting: PastMeeting
    var secondsElapsed = 0

    /// Who speaks: each attendee in turn, for an even share of the duration.
    var speakerIndex: Int {
        min(secondsElapsed / series.secondsPerAttendee, max(0, series.attendees.count - 1))
    }
    var isOver: Bool { secondsElapsed >= Int(series.duration.components.seconds) }
}

/// "Start meeting" on the detail of a series: the recorder opens, on a new meeting.
struct StartMeeting: StoreAction, Codable {
    let series: Series.ID
}

/// The recorder appeared: its timer and its speech recognition start (see ``RecordEffects``).
struct RecordAppeared: StoreAction, Codable {
    let entry: Int
}

/// A second of the meeting passed.
struct Tick: StoreAction, Codable {
    let entry: Int
}

/// The next attendee speaks (the last one's "next" asks to end the meeting instead).
struct NextSpeaker: StoreAction, Codable {
    let entry: Int
}

/// What the recognizer heard so far.
struct Transcribed: StoreAction, Codable {
    let entry: Int
    let transcript: String
}

extension StoreRegistering<AppState> {
    /// The recorder's reducers. `StartMeeting` opens it on a meeting with a new id, dated now
    /// (the store's `uuid` and `date`); `RecordAppeared` only starts work (``RecordEffects``),
    /// which ends with the recorder's entry.
    func registerRecorder() {
        register(StartMeeting.self) { state, start in
            @Dependency(\.uuid) var uuid
            @Dependency(\.date) var date
            guard let series = state.series[id: start.series] else { return }
            let meeting = PastMeeting(id: uuid(), date: date.now)
            state.navigation.apply(.push(.record(RecordState(series: series, meeting: meeting))))
        }
        register(RecordAppeared.self, forEach: \.navigation, case: Screen.record, id: \.entry)
        // Time stands still while an alert shows over the recorder; when it is up, the meeting
        // is saved and the recorder closes.
        register(Tick.self) { state, tick in
            guard state.navigation.top.id == tick.entry,
                case .record(var record) = state.navigation.top.screen
            else { return }
            record.secondsElapsed += 1
            state.navigation[id: tick.entry]?.screen = .record(record)
            if record.isOver { state.endMeeting(tick.entry) }
        }
        register(NextSpeaker.self, forEach: \.navigation, case: Screen.record, id: \.entry) { record, _ in
            guard record.speakerIndex < record.series.attendees.count - 1 else { return }
            record.secondsElapsed = (record.speakerIndex + 1) * record.series.secondsPerAttendee
        }
        register(Transcribed.self, forEach: \.navigation, case: Screen.record, id: \.entry) { record, said in
            record.meeting.transcript = said.transcript
        }
    }
}

extension AppState {
    /// Saves the meeting of the recorder `entry` into its series, and closes the recorder.
    mutating func endMeeting(_ entry: Int) {
        guard case .record(let record)? = navigation[id: entry]?.screen else { return }
        series[id: record.series.id]?.meetings.insert(record.meeting, at: 0)
        navigation[id: entry] = nil
    }
}

/// The recorder's work: a tick every second on the store's clock, and speech recognition. Both
/// belong to the recorder's entry: when it goes (saved, discarded, swiped back), the store
/// cancels them, so nothing here stops them. (`Task.isCancelled` is checked only because a
/// sleep that ended just before the entry went would dispatch a tick the store drops, and
/// reports.)
struct RecordEffects: Middleware {
    func applyMiddleware(
        for state: AppState, action: RecordAppeared, dispatcher: Dispatcher<RecordAppeared, AppState>
    ) {
        dispatcher.next()
        let (entry, clock, speech) = (
            action.entry, dispatcher.dependencies.clock, dispatcher.dependencies.speech
        )
        dispatcher.task {
            while (try? await clock.sleep(for: .seconds(1))) != nil, !Task.isCancelled {
                dispatcher.dispatch(action: Tick(entry: entry))
            }
        }
        dispatcher.task {
            do {
                try await speech.authorize()
                for try await transcript in speech.transcripts() where !Task.isCancelled {
                    dispatcher.dispatch(action: Transcribed(entry: entry, transcript: transcript))
                }
            } catch {
                if !Task.isCancelled {
                    dispatcher.dispatch(action: NavigationAction.present(Screen.alert(.speechFailed)))
                }
            }
        }
    }
}
