import Foundation
import ReMVVM

/// A series of meetings: who attends, how long each meeting lasts, and the meetings held.
struct Series: Identifiable, Hashable, Codable, Sendable {
    let id: UUID
    var title = ""
    var duration = Duration.seconds(5 * 60)
    var theme = Theme.bubblegum
    var attendees: IdentifiedArray<Attendee> = []
    var meetings: [PastMeeting] = []

    /// The time each attendee speaks: the duration split evenly, in whole seconds.
    var secondsPerAttendee: Int { max(1, Int(duration.components.seconds) / max(1, attendees.count)) }
}

/// Someone who attends the meetings of a series.
struct Attendee: Identifiable, Hashable, Codable, Sendable {
    let id: UUID
    var name = ""
}

/// A meeting held, with what was said.
struct PastMeeting: Identifiable, Hashable, Codable, Sendable {
    let id: UUID
    let date: Date
    var transcript = ""
}

/// The colour of a series.
enum Theme: String, CaseIterable, Hashable, Codable, Sendable {
    case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood
    case periwinkle, poppy, purple, seafoam, sky, tan, teal, yellow
}
