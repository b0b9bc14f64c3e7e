import ReMVVMViewModelFactory
import Testing

@MainActor
private final class Plain: Initializable {}

private struct Message {
    let text: String
}

@MainActor
@Suite struct SingleViewModelFactoryTests {
    @Test("a single factory makes its one type and nothing else")
    func oneType() throws {
        let factory = SingleViewModelFactory { key -> Message? in Message(text: key ?? "none") }
        #expect(factory.creates(type: Message.self))
        #expect(!factory.creates(type: String.self))
        let message: Message = try #require(factory.create(key: "hi"))
        #expect(message.text == "hi")
        let other: String? = factory.create(key: "hi")
        #expect(other == nil)
    }

    @Test("the Initializable factory makes Initializable types only")
    func initializable() {
        let factory = InitializableViewModelFactory()
        #expect(factory.creates(type: Plain.self))
        #expect(!factory.creates(type: Message.self))
        let plain: Plain? = factory.create()
        #expect(plain != nil)
        let message: Message? = factory.create()
        #expect(message == nil)
    }
}
