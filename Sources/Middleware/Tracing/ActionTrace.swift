/// What happened to one dispatched action, as a ``Tracer`` saw it.
///
/// A trace names the action and its fields, each middleware that saw it with what it did and
/// how long it took, whether the action was reduced, blocked, deferred, dropped or had no
/// reducer, and which values of the state changed, each by its path. ``description`` renders it
/// as a few lines of text:
///
/// ```text
/// trace #4 SearchAction(query: "oat")
///   NavigationMiddleware<AppState, Screen>: passed on (0.004 ms)
///   reduced (0.012 ms)
///     search.query: "oa" -> "oat"
///     search.isLoading: false -> true
///   completions (0.020 ms)
///   total 0.061 ms
/// ```
///
/// When a middleware replaced the action, its step says with what, and the reduced line names
/// the action the reducer got (``reducedAction``):
///
/// ```text
/// trace #2 AddBook(id: nil, title: "Emma")
///   IDMiddleware: replaced it with AddBook(id: 4, title: "Emma")
///   reduced as AddBook(id: 4, title: "Emma")
///     books[id: 4] added: Book(id: 4, title: "Emma")
/// ```
///
/// Values are written as ``Tracer/valueLimit`` describes: a list as its elements, a `Duration`
/// as `.seconds(1.5)`, a type with its own `CustomStringConvertible` by its description.
public struct ActionTrace: Sendable, Equatable, CustomStringConvertible {
    /// What one middleware did with the action.
    public enum Result: Sendable, Equatable {
        /// It passed the action on unchanged.
        case passedOn
        /// It passed on a replacement, described here.
        case replaced(with: String)
        /// It returned without calling `next` and let its dispatcher go: the action stopped
        /// here for good.
        case blocked
        /// It returned without calling `next` but kept its dispatcher, to call `next` later:
        /// when it does, a trace marked ``ActionTrace/isResumed`` follows.
        case deferred
        /// It had deferred the action, then let its dispatcher go without calling `next` (an
        /// ``AsyncEffect`` run cancelled by a newer one does): the action stopped here for good.
        case dropped
    }

    /// One middleware that saw the action.
    public struct Step: Sendable, Equatable {
        /// The middleware's type name.
        public let middleware: String
        /// What it did.
        public let result: Result
        /// The time from the action reaching it to its call of `next`, to its return when it
        /// blocked or deferred the action, or to its letting the dispatcher go when it dropped it.
        public let duration: Duration

        /// Creates a step.
        ///
        /// - Parameters:
        ///   - middleware: The middleware's type name.
        ///   - result: What it did.
        ///   - duration: How long it took.
        public init(middleware: String, result: Result, duration: Duration) {
            self.middleware = middleware
            self.result = result
            self.duration = duration
        }
    }

    /// One value of the state that the action changed, named by its path.
    ///
    /// A change names a leaf: the deepest value that differs, such as `search.isLoading`,
    /// `todos[2].title`, `tags["swift"]` or `phase.loaded.total` (an enum's case, then its
    /// payload). A value that appeared or went as a whole (an optional that became `nil` or
    /// stopped being `nil`, an enum that changed case, an element added or removed) is one
    /// change, with `no element` or `no entry` for the side that has none. Values longer than
    /// ``Tracer/valueLimit`` (80) characters are cut, saying how much they left out, and keeping
    /// in view the first place where the old and the new value differ: their start and their end
    /// when it lies there, `Item(id: 3, title: "Oat cookies wi…(23 more)…s and sea salt, 12 pieces, 300 g")`,
    /// or their start and the part around the difference.
    ///
    /// A list that is an `IdentifiedCollection` is compared by id: a row is named by its id
    /// (`books[id: 2].title`), a row that came or went is one ``Kind/added`` or
    /// ``Kind/removed`` change, and rows that only changed places are one ``Kind/reordered``
    /// change. ``description`` words each kind:
    ///
    /// ```text
    /// books[id: 1] removed
    /// books[id: 2].title: "Dune" -> "Dune Messiah"
    /// books[id: 4] added: Book(id: 4, title: "Emma")
    /// books: order [1, 2, 3] -> [3, 2, 4]
    /// ```
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        /// What kind of change it is, which decides how ``description`` words it.
        public enum Kind: Sendable, Equatable {
            /// The value at ``field`` changed from ``oldValue`` to ``newValue``:
            /// `search.query: "oa" -> "oat"`.
            case changed
            /// A row of a list reached by id came: ``field`` names it by id, ``oldValue`` is
            /// `no element` and ``newValue`` the row: `books[id: 4] added: Book(id: 4, ...)`.
            case added
            /// A row of a list reached by id went: ``field`` names it by id, ``oldValue`` is the
            /// row and ``newValue`` `no element`. Its text names the id only, `books[id: 1]
            /// removed`, since the row was in the state before.
            case removed
            /// A list reached by id holds the rows of the same ids in another order: ``field``
            /// names the list, ``oldValue`` and ``newValue`` are its ids before and after, in
            /// order: `books: order [1, 2, 3] -> [2, 1, 3]`.
            case reordered
        }

        /// The changed value's path from the state, such as `search.isLoading`,
        /// `todos[2].title` or `books[id: 2].title`; `state` when the state changed as a whole.
        public let field: String
        /// The value before the action.
        public let oldValue: String
        /// The value after the action.
        public let newValue: String
        /// What kind of change it is.
        public let kind: Kind

        /// Creates a change.
        ///
        /// ```swift
        /// let change = ActionTrace.Change(field: "books[id: 1]", oldValue: "Book(id: 1)",
        ///                                 newValue: "no element", kind: .removed)
        /// change.description   // "books[id: 1] removed"
        /// ```
        ///
        /// - Parameters:
        ///   - field: The changed value's path.
        ///   - oldValue: The value before the action.
        ///   - newValue: The value after the action.
        ///   - kind: What kind of change it is; a value that changed, unless told otherwise.
        public init(field: String, oldValue: String, newValue: String, kind: Kind = .changed) {
            self.field = field
            self.oldValue = oldValue
            self.newValue = newValue
            self.kind = kind
        }

        /// The change as one line of a trace: `todos[2].title: "milk" -> "oat milk"`,
        /// `books[id: 1] removed`.
        public var description: String {
            switch kind {
            case .changed: "\(field): \(oldValue) -> \(newValue)"
            case .added: "\(field) added: \(newValue)"
            case .removed: "\(field) removed"
            case .reordered: "\(field): order \(oldValue) -> \(newValue)"
            }
        }
    }

    /// How the action's journey ended.
    public enum Outcome: Sendable, Equatable {
        /// The reducer ran; `duration` covers the reducer and the subscribers.
        case reduced(changes: [Change], duration: Duration)
        /// The named middleware let the action go without calling `next`: it will never be
        /// reduced.
        case blocked(by: String)
        /// The named middleware kept the action's dispatcher to call `next` later; a trace
        /// marked ``ActionTrace/isResumed`` follows when it does, or one whose outcome is
        /// ``dropped(by:)`` when it lets the dispatcher go without calling `next`.
        case deferred(by: String)
        /// The named middleware had deferred the action, then let its dispatcher go without
        /// calling `next`: it will never be reduced. This trace ends the earlier deferred one of
        /// the same number.
        case dropped(by: String)
        /// Every middleware passed it on, but no reducer is registered for its type.
        case unhandled
    }

    /// The action's number, counting from 1 in dispatch order.
    public let number: Int
    /// The action's type name, qualified by its enclosing types, without the module, as an
    /// action log names it: `FavoritesFeature.Toggle`, `NavigationAction<Screen>`.
    public let actionType: String
    /// The action with its fields, as it was dispatched, written as test failures write it:
    /// `FavoritesFeature.Toggle(id: 3)`, `NavigationAction<Screen>.push(.home)`.
    public let action: String
    /// The action as the reducer got it, written as ``action`` is, when a middleware replaced
    /// the one dispatched (its step is ``Result/replaced(with:)``); `nil` when the reducer got
    /// the action dispatched, or none. The trace's text then says `reduced as` it.
    public let reducedAction: String?
    /// The middleware that saw the action, in stack order.
    public let steps: [Step]
    /// How it ended.
    public let outcome: Outcome
    /// The time from the end of the reducer and the subscribers to the end of the completion
    /// callbacks (the tracer's own probes leave one, so it is set whenever the action was
    /// reduced); `nil` when the action was not reduced.
    public let completionsDuration: Duration?
    /// The time from the dispatch reaching the first middleware to the end of its processing.
    public let totalDuration: Duration
    /// Whether a middleware had deferred the action and called `next` later: this trace
    /// completes the earlier one with the same number, of the same dispatch. A trace whose
    /// ``outcome`` is ``Outcome/dropped(by:)`` is marked `(dropped)` in its text instead.
    public let isResumed: Bool

    /// The trace as lines of text, with every duration.
    public var description: String { formatted(showingDurations: true) }

    /// The trace as lines of text.
    ///
    /// ```swift
    /// let text = trace.formatted(showingDurations: false)   // stable text, for tests
    /// ```
    ///
    /// - Parameter showingDurations: Whether to show how long each step took.
    /// - Returns: The lines, separated by newlines, with no newline at the end.
    public func formatted(showingDurations: Bool) -> String {
        func time(_ duration: Duration) -> String {
            showingDurations ? " (\(Self.milliseconds(duration)))" : ""
        }
        let mark: String
        if case .dropped = outcome {
            mark = " (dropped)"
        } else {
            mark = isResumed ? " (resumed)" : ""
        }
        var lines = ["trace #\(number)\(mark) \(action)"]
        for step in steps {
            let what: String
            switch step.result {
            case .passedOn: what = "passed on"
            case .replaced(let replacement): what = "replaced it with \(replacement)"
            case .blocked: what = "blocked it"
            case .deferred: what = "deferred it"
            case .dropped: what = "dropped it"
            }
            lines.append("  \(step.middleware): \(what)\(time(step.duration))")
        }
        switch outcome {
        case .reduced(let changes, let duration):
            let replaced = reducedAction.map { " as \($0)" } ?? ""
            lines.append("  reduced\(replaced)\(time(duration))")
            if changes.isEmpty { lines.append("    no change") }
            for change in changes {
                lines.append("    \(change)")
            }
        case .blocked(let middleware):
            lines.append("  not reduced: blocked by \(middleware)")
        case .deferred(let middleware):
            lines.append("  not reduced yet: deferred by \(middleware), which will call next later")
        case .dropped(let middleware):
            lines.append("  not reduced: dropped by \(middleware), which let it go without calling next")
        case .unhandled:
            lines.append("  not reduced: no reducer is registered for \(actionType)")
        }
        if let completionsDuration {
            lines.append("  completions\(time(completionsDuration))")
        }
        if showingDurations {
            lines.append("  total \(Self.milliseconds(totalDuration))")
        }
        return lines.joined(separator: "\n")
    }

    /// Formats a duration as milliseconds with three decimals, such as `0.012 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }
}
