import ReMVVM

/// Speech recognition, as the recorder needs it: permission (it throws when denied), then the
/// transcript so far, again and again, until the meeting ends or recognition fails (it throws).
struct SpeechClient: Sendable {
    var authorize: @Sendable () async throws -> Void
    var transcripts: @Sendable () -> AsyncThrowingStream<String, any Error>

    /// A stand-in for platforms without a recognizer (Linux): it hears one fixed sentence.
    static let standIn = SpeechClient(
        authorize: {},
        transcripts: {
            AsyncThrowingStream { continuation in
                continuation.yield("(A stand-in recognizer heard this meeting.)")
                continuation.finish()
            }
        })

    /// Hears nothing, and ends at once: tests that care give their own.
    static let silent = SpeechClient(authorize: {}, transcripts: { AsyncThrowingStream { $0.finish() } })
}

private enum SpeechClientKey: DependencyKey {
    static let liveValue = SpeechClient.standIn
    static let testValue = SpeechClient.silent
}

extension DependencyValues {
    var speech: SpeechClient {
        get { self[SpeechClientKey.self] }
        set { self[SpeechClientKey.self] = newValue }
    }
}
