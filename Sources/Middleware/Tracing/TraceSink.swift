import ReMVVMStore

/// Where a ``Tracer`` writes its traces.
///
/// The default, ``standardError``, writes each trace as text to standard error. Tests and apps
/// give their own closure:
///
/// ```swift
/// var traces: [ActionTrace] = []
/// let tracer = Tracer(sink: TraceSink { traces.append($0) })
/// ```
@MainActor
public struct TraceSink {
    /// Receives each finished trace.
    public let write: @MainActor (ActionTrace) -> Void

    /// Creates a sink from a closure.
    ///
    /// - Parameter write: Receives each finished trace.
    public init(_ write: @escaping @MainActor (ActionTrace) -> Void) {
        self.write = write
    }

    /// Writes each trace's ``ActionTrace/description`` and a newline to standard error.
    public static var standardError: TraceSink {
        TraceSink { trace in writeToStandardError(trace.description + "\n") }
    }

    /// Passes each trace's text, without a trailing newline, to `write`.
    ///
    /// ```swift
    /// let sink = TraceSink.text(showingDurations: false) { logger.debug($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - showingDurations: Whether the text shows how long each step took.
    ///   - write: Receives the text of each trace.
    /// - Returns: The sink.
    public static func text(
        showingDurations: Bool = true,
        _ write: @escaping @MainActor (String) -> Void
    ) -> TraceSink {
        TraceSink { trace in write(trace.formatted(showingDurations: showingDurations)) }
    }
}
