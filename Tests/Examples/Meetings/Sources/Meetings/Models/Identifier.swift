import Foundation

/// The identifier of a model value: a UUID, typed by what it identifies, so a series' id is no
/// attendee's.
///
/// It reflects as `Identifier<Owner>(uuidString: "...")`, which is how a session test that
/// `SessionTestExporter` writes builds it again. Reflected as a bare `UUID`, it would be written
/// `UUID()`, a new random value (see README, "Library problems").
struct Identifier<Owner>: Hashable, Codable, Sendable, CustomReflectable {
    let uuid: UUID

    init(_ uuid: UUID) { self.uuid = uuid }
    init(uuidString: String) { uuid = UUID(uuidString: uuidString)! }

    var customMirror: Mirror {
        Mirror(self, children: ["uuidString": uuid.uuidString], displayStyle: .struct)
    }
}
