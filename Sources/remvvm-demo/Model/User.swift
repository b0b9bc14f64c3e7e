/// The person who logged in.
struct User: Equatable, Sendable, Codable {
    let firstName: String
    let lastName: String
}
