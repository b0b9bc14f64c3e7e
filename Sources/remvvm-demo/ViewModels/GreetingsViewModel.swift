/// The greetings screen's text, made by the factory from the state's user.
struct GreetingsViewModel {
    let message: String

    init(with user: User) {
        message = "Hello \(user.firstName) \(user.lastName) <3"
    }
}
