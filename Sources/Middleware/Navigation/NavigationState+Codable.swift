/// `NavigationState` is stored as its stacks and the identifier its next entry takes:
///
/// ```json
/// {"stacks":[[{"screen":"login","id":1},{"screen":"greetings","id":2}]],"nextID":3}
/// ```
///
/// Decoding checks what every state promises, so a file cannot make one that breaks it: at
/// least one stack, no empty stack, identifiers unique and below `nextID`. A file that breaks
/// it throws `DecodingError.dataCorrupted` naming the problem.
extension NavigationState: Codable where Screen: Codable {
    private enum CodingKeys: String, CodingKey {
        case stacks
        case nextID
    }

    /// Decodes a state and checks that it keeps the promises of every state.
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMMiddleware
    ///
    /// let data = try JSONEncoder().encode(NavigationState(root: Screen.login))
    /// let restored = try JSONDecoder().decode(NavigationState<Screen>.self, from: data)
    /// ```
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when there is no stack, a stack is empty, or
    ///   identifiers repeat or are not below `nextID`; any error of `decoder`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stacks = try container.decode([[NavigationEntry<Screen>]].self, forKey: .stacks)
        let nextID = try container.decode(Int.self, forKey: .nextID)
        func corrupted(_ problem: String) -> DecodingError {
            DecodingError.dataCorruptedError(
                forKey: .stacks, in: container, debugDescription: "NavigationState: \(problem)")
        }
        guard !stacks.isEmpty else { throw corrupted("no stack; a state shows at least its root") }
        guard !stacks.contains(where: \.isEmpty) else {
            throw corrupted("an empty stack; every stack shows at least one screen")
        }
        var ids = Set<Int>()
        for entry in stacks.joined() {
            guard ids.insert(entry.id).inserted else {
                throw corrupted("the id \(entry.id) is used twice; ids are unique")
            }
            guard entry.id < nextID else {
                throw corrupted("the id \(entry.id) is not below nextID \(nextID)")
            }
        }
        self.init(validStacks: stacks, nextID: nextID)
    }

    /// Encodes the stacks and the identifier the next entry takes.
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMMiddleware
    ///
    /// let data = try JSONEncoder().encode(store.state.navigation)
    /// ```
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: Any error of `encoder` or of encoding a screen.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stacks, forKey: .stacks)
        try container.encode(nextID, forKey: .nextID)
    }
}
