import Foundation
import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests the bindings of Sources/Store/Bindings/: register(binding:), Store.binding(_:),
// BindingAction and TestStore.send(binding:to:).

private struct Draft: Equatable, Sendable {
    var title = ""
    var author = ""
    var pages = 0
    /// Not a stored property: a binding of it has no derived name.
    var shout: String {
        get { title.uppercased() }
        set { title = newValue.lowercased() }
    }
}

/// A value that cannot be compared: a binding of it dispatches at every set.
private struct Tag: Sendable {
    var text: String
}

private struct Editor: StoreState, Equatable {
    var draft = Draft()
    var count = 0
    var note: String?
    var tag = Tag(text: "")
    var words: [String] = ["a"]

    static func == (lhs: Editor, rhs: Editor) -> Bool {
        lhs.draft == rhs.draft && lhs.count == rhs.count && lhs.note == rhs.note
            && lhs.tag.text == rhs.tag.text && lhs.words == rhs.words
    }
}

private struct Box<Wrapped: Sendable>: StoreState {
    var content: Wrapped
}

private enum Outer {
    struct Inner: StoreState {
        var value = 0
    }
}

/// Collects every action that reaches the end of the middleware, as its text.
@MainActor
private final class Seen {
    var actions: [String] = []
    var diagnostics: [StoreDiagnostic] = []
    var kinds: [StoreDiagnostic.Kind] { diagnostics.map(\.kind) }
}

private struct SeeingMiddleware: AnyMiddleware {
    let seen: Seen

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State, action: Action, dispatcher: Dispatcher<Action, State>
    ) {
        seen.actions.append(String(describing: action))
        dispatcher.next()
    }
}

@MainActor
private func makeStore(_ state: Editor = Editor()) -> (Store<Editor>, Seen) {
    let seen = Seen()
    let store = Store(with: state, middleware: [SeeingMiddleware(seen: seen)])
    store.diagnosticsHandler = { seen.diagnostics.append($0) }
    return (store, seen)
}

/// Parts of `Editor`, by the name derived for each.
enum BoundPartName: String, CaseIterable, Sendable {
    case title = "draft.title"
    case count
    case note
    case pages = "draft.pages"
}

/// The name `register(binding:)` derives for a key path of `Editor`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
private func derivedName<Value: Sendable>(_ keyPath: WritableKeyPath<Editor, Value>, set value: Value)
    -> String?
{
    let (store, seen) = makeStore()
    store.register(binding: keyPath)
    store.binding(keyPath).set(value)
    guard seen.kinds.isEmpty, let action = seen.actions.first else { return nil }
    // `BindingAction<String>(path: "draft.title", value: ...)`: the name is the first quoted text.
    let quoted = action.split(separator: "\"", omittingEmptySubsequences: false)
    return quoted.count > 1 ? String(quoted[1]) : nil
}

@MainActor
@Suite("Bindings: parts a view sets through recorded actions")
struct BindingTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(
        "a set dispatches a BindingAction named after the part, through the middleware, and the part changes")
    func setDispatches() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.title)
        let title = store.binding(\.draft.title)
        title.set("Dune")
        #expect(seen.actions == [#"BindingAction<String>(path: "draft.title", value: "Dune")"#])
        #expect(store.state.draft.title == "Dune")
        #expect(title.get() == "Dune")
        #expect(store.state.draft.author == "")
        #expect(seen.kinds.isEmpty)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the derived name is the key path's text after its root", arguments: BoundPartName.allCases)
    func derivedNames(part: BoundPartName) {
        let name: String? =
            switch part {
            case .title: derivedName(\.draft.title, set: "x")
            case .count: derivedName(\.count, set: 7)
            case .note: derivedName(\.note, set: "x")
            case .pages: derivedName(\.draft.pages, set: 7)
            }
        #expect(name == part.rawValue)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the root's own name, a nested or a generic one, is not part of the derived name")
    func derivedNamesOfOtherRoots() {
        let nested = Store(with: Outer.Inner())
        nested.register(binding: \.value)
        nested.dispatch(action: BindingAction(path: "value", value: 3))
        #expect(nested.state.value == 3)

        let generic = Store(with: Box(content: "a"))
        generic.register(binding: \.content)
        generic.dispatch(action: BindingAction(path: "content", value: "b"))
        #expect(generic.state.content == "b")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a set of the value the part has dispatches nothing; another value dispatches")
    func equalValue() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.title)
        store.register(binding: \.note)
        store.binding(\.draft.title).set("")
        store.binding(\.note).set(nil)
        #expect(seen.actions.isEmpty)
        store.binding(\.draft.title).set("Dune")
        store.binding(\.draft.title).set("Dune")
        store.binding(\.note).set("n")
        #expect(seen.actions.count == 2)
        #expect(store.state.draft.title == "Dune")
        #expect(store.state.note == "n")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a value that cannot be compared dispatches at every set")
    func incomparableValue() {
        let (store, seen) = makeStore()
        store.register(binding: \.tag)
        store.binding(\.tag).set(Tag(text: ""))
        store.binding(\.tag).set(Tag(text: ""))
        #expect(seen.actions.count == 2)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("setting an undeclared part changes nothing, dispatches nothing, and is reported naming it")
    func undeclaredPart() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.title)
        let author = store.binding(\.draft.author)
        #expect(author.get() == "")
        author.set("Herbert")
        #expect(store.state.draft.author == "")
        #expect(seen.actions.isEmpty)
        #expect(seen.kinds == [.unregisteredBinding])
        #expect(seen.diagnostics.first?.message.contains("draft.author") == true)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an action naming no registered part of its value type changes nothing and is reported")
    func unknownName() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.title)
        store.register(binding: \.count)
        store.dispatch(action: BindingAction(path: "draft.titel", value: "Dune"))
        // The name is a String part's, not an Int part's.
        store.dispatch(action: BindingAction(path: "draft.title", value: 3))
        #expect(store.state == Editor())
        #expect(seen.kinds == [.unregisteredBinding, .unregisteredBinding])
        #expect(seen.diagnostics[0].message.contains(#"path: "draft.titel""#))
        #expect(seen.diagnostics[1].message.contains("type Int"))
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("parts of one value type share their action's reducer; each value type has its own")
    func severalParts() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.title)
        store.register(binding: \.draft.author)
        store.register(binding: \.draft.pages)
        store.register(binding: \.words)
        store.binding(\.draft.title).set("Dune")
        store.binding(\.draft.author).set("Herbert")
        store.binding(\.draft.pages).set(412)
        store.binding(\.words).set(["b", "c"])
        #expect(store.state.draft == Draft(title: "Dune", author: "Herbert", pages: 412))
        #expect(store.state.words == ["b", "c"])
        #expect(seen.kinds.isEmpty)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a part registered twice, or a name given twice, is reported and the first registration stays")
    func duplicates() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.title)
        store.register(binding: \.draft.title, named: "title")
        store.register(binding: \.draft.author, named: "draft.title")
        store.register(binding: \.count, named: "")
        #expect(seen.kinds == [.invalidBinding, .invalidBinding, .invalidBinding])
        #expect(seen.diagnostics[0].message.contains(#"registered already, as "draft.title""#))
        #expect(seen.diagnostics[1].message.contains(#"the name "draft.title" is"#))
        #expect(seen.diagnostics[2].message.contains("empty"))
        store.binding(\.draft.title).set("Dune")
        #expect(seen.actions == [#"BindingAction<String>(path: "draft.title", value: "Dune")"#])
        store.binding(\.draft.author).set("Herbert")
        #expect(store.state.draft.author == "")
        #expect(seen.kinds.last == .unregisteredBinding)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a computed property has no derived name: reported and not registered; named, it is bound")
    func computedPart() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.shout)
        #expect(seen.kinds == [.invalidBinding])
        #expect(seen.diagnostics[0].message.contains("register(binding:named:)"))
        store.register(binding: \.draft.shout, named: "draft.shout")
        store.binding(\.draft.shout).set("DUNE")
        #expect(store.state.draft.title == "dune")
        #expect(seen.actions == [#"BindingAction<String>(path: "draft.shout", value: "DUNE")"#])
        #expect(seen.kinds == [.invalidBinding])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a name given in the registration is what the action carries")
    func givenName() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.title, named: "bookTitle")
        store.binding(\.draft.title).set("Dune")
        #expect(seen.actions == [#"BindingAction<String>(path: "bookTitle", value: "Dune")"#])
        store.dispatch(action: BindingAction(path: "bookTitle", value: "Emma"))
        #expect(store.state.draft.title == "Emma")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a binding set while the store is busy is queued, as any dispatch")
    func setWhileBusy() {
        let (store, seen) = makeStore()
        store.register(binding: \.draft.title)
        store.register(binding: \.count)
        let countUp: @MainActor (String, String) -> Void = { _, _ in
            store.binding(\.count).set(store.state.count + 1)
        }
        let subscription = store.subscribe(to: { $0.draft.title }, countUp)
        store.binding(\.draft.title).set("Dune")
        #expect(store.state.count == 1)
        #expect(seen.actions.count == 2)
        subscription.cancel()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("register(binding:) is on StoreRegistering: one set-up function serves Store and TestStore")
    func storeRegistering() async throws {
        func setUp(_ store: some StoreRegistering<Editor>) {
            store.register(binding: \.draft.title)
        }
        let store = Store(with: Editor())
        setUp(store)
        store.binding(\.draft.title).set("Dune")
        #expect(store.state.draft.title == "Dune")
        let testStore = TestStore(with: Editor())
        setUp(testStore)
        try await testStore.send(binding: \.draft.title, to: "Emma") { $0.draft.title = "Emma" }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("BindingAction is Codable, Equatable and Hashable when its value is")
    func actionConformances() throws {
        let action = BindingAction(path: "draft.title", value: "Dune")
        #expect(action == BindingAction(path: "draft.title", value: "Dune"))
        #expect(action != BindingAction(path: "draft.author", value: "Dune"))
        #expect(Set([action, action]).count == 1)
        let json = try JSONEncoder().encode(action)
        #expect(String(decoding: json, as: UTF8.self).contains(#""path":"draft.title""#))
        #expect(try JSONDecoder().decode(BindingAction<String>.self, from: json) == action)
        #expect(action.description == #"BindingAction<String>(path: "draft.title", value: "Dune")"#)
        #expect(
            BindingAction(path: "note", value: String?.none).description
                == #"BindingAction<Optional<String>>(path: "note", value: nil)"#)
    }
}

@MainActor
@Suite("Bindings in a TestStore")
struct TestStoreBindingTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private func makeTestStore() -> TestStore<Editor> {
        let store = TestStore(with: Editor())
        store.register(binding: \.draft.title)
        store.register(binding: \.count)
        store.store.diagnosticsHandler = { _ in }
        return store
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("send(binding:to:) sends the part's action and checks the change exhaustively")
    func send() async throws {
        let store = makeTestStore()
        try await store.send(binding: \.draft.title, to: "Dune") { $0.draft.title = "Dune" }
        try await store.send(binding: \.count, to: 2) { $0.count = 2 }
        // An equal value is sent too, and changes nothing.
        try await store.send(binding: \.count, to: 2)
        try await store.finish()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a change the closure does not state fails, naming the part's path")
    func unstatedChange() async {
        let store = makeTestStore()
        let failure = await caughtTestStoreFailure {
            try await store.send(binding: \.draft.title, to: "Dune")
        }
        #expect(failure?.message.contains(#"draft.title: expected "", got "Dune""#) == true)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("sending an undeclared part fails, naming it, and sends nothing")
    func undeclared() async {
        let store = makeTestStore()
        let failure = await caughtTestStoreFailure {
            try await store.send(binding: \.draft.author, to: "Herbert")
        }
        #expect(failure?.message.contains("not registered") == true)
        #expect(failure?.message.contains("draft.author") == true)
        #expect(store.store.state == Editor())
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a binding set through the real store underneath is received, as a view model's would be")
    func receivedFromViewModel() async throws {
        let store = makeTestStore()
        store.store.binding(\.draft.title).set("Dune")
        try await store.receive(BindingAction<String>.self) { $0.draft.title = "Dune" }
        try await store.finish()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a test store's binding is the store's: its set is received, and an equal value sends nothing")
    func testStoreBinding() async throws {
        let store = makeTestStore()
        let title = store.binding(\.draft.title)
        title.set("Dune")
        try await store.receive(BindingAction<String>.self) { $0.draft.title = "Dune" }
        #expect(title.get() == "Dune")
        title.set("Dune")
        try await store.finish()
    }
}
