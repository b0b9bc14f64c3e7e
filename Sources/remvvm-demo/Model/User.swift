/// The person who logged in.
struct User: Equatable, Sendable {
    let firstName: String
    let lastName: String
}
