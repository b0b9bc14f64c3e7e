import ReMVVMViewModelFactory
import Testing

@MainActor
private final class Counter: Initializable {
    let id: String
    init() { id = "init" }
    init(id: String) { self.id = id }
}

private struct Labelled {
    let label: String
}

/// A factory that does not say which type it makes, so the composite must ask it.
private struct LabelFactory: ViewModelFactory {
    let label: String
    func creates<VM>(type: VM.Type) -> Bool { type == Labelled.self }
    func create<VM>(key: String?) -> VM? { Labelled(label: label + (key ?? "")) as? VM }
}

/// Counts how often the composite asks it which types it makes.
@MainActor
private final class ProbeFactory: ViewModelFactory {
    private(set) var questions = 0
    func creates<VM>(type: VM.Type) -> Bool {
        questions += 1
        return type == Labelled.self
    }
    func create<VM>(key: String?) -> VM? { Labelled(label: "probe") as? VM }
}

@MainActor
@Suite struct CompositeViewModelFactoryTests {
    @Test("the newest factory added for a type wins")
    func newestWins() throws {
        let factory = CompositeViewModelFactory()
        factory.add { Labelled(label: "old") }
        factory.add { Labelled(label: "new") }
        let made: Labelled = try #require(factory.create())
        #expect(made.label == "new")
    }

    @Test("a newer factory that returns nil lets an older one make the view model")
    func nilFallsThroughToOlder() throws {
        let factory = CompositeViewModelFactory()
        factory.add { Labelled(label: "old") }
        factory.add { () -> Labelled? in nil }
        let made: Labelled = try #require(factory.create())
        #expect(made.label == "old")
    }

    @Test("indexed closures and general factories keep one newest-first order")
    func orderAcrossKinds() throws {
        let factory = CompositeViewModelFactory()
        factory.add { Labelled(label: "closure-1") }
        factory.add(factory: LabelFactory(label: "general-2"))
        var made: Labelled = try #require(factory.create())
        #expect(made.label == "general-2")
        factory.add { Labelled(label: "closure-3") }
        made = try #require(factory.create())
        #expect(made.label == "closure-3")
    }

    @Test("the key reaches the closure that makes the view model")
    func keyedCreation() throws {
        let factory = CompositeViewModelFactory()
        factory.add { key -> Labelled? in key.map { Labelled(label: "item \($0)") } }
        let keyed: Labelled = try #require(factory.create(key: "42"))
        #expect(keyed.label == "item 42")
        let unkeyed: Labelled? = factory.create()
        #expect(unkeyed == nil)
    }

    @Test("Initializable view models are made with init() when no factory makes them")
    func initializableFallback() throws {
        let factory = CompositeViewModelFactory()
        let made: Counter = try #require(factory.create())
        #expect(made.id == "init")
        factory.add { Counter(id: "closure") }
        let replaced: Counter = try #require(factory.create())
        #expect(replaced.id == "closure")
    }

    @Test("without a fallback, Initializable view models are not made")
    func noFallback() {
        let factory = CompositeViewModelFactory(fallback: nil)
        let made: Counter? = factory.create()
        #expect(made == nil)
        #expect(!factory.creates(type: Counter.self))
    }

    @Test("creates(type:) answers for added, general and Initializable types only")
    func createsType() {
        let factory = CompositeViewModelFactory()
        #expect(factory.creates(type: Counter.self))
        #expect(!factory.creates(type: Labelled.self))
        #expect(!factory.creates(type: String.self))
        factory.add(factory: LabelFactory(label: "x"))
        #expect(factory.creates(type: Labelled.self))
        factory.add { "text" }
        #expect(factory.creates(type: String.self))
    }

    @Test("init(with:) takes factories oldest first, or one closure")
    func initializers() throws {
        let fromFactories = CompositeViewModelFactory(
            with: [LabelFactory(label: "a"), LabelFactory(label: "b")]
        )
        let made: Labelled = try #require(fromFactories.create())
        #expect(made.label == "b")
        let fromClosure = CompositeViewModelFactory { key -> Labelled? in Labelled(label: key ?? "-") }
        let keyed: Labelled = try #require(fromClosure.create(key: "k"))
        #expect(keyed.label == "k")
    }

    @Test("a general factory is asked creates(type:) once per type until the next add")
    func lookupDoesNotRescan() throws {
        let probe = ProbeFactory()
        let factory = CompositeViewModelFactory(with: [probe])
        for _ in 0..<100 {
            let made: Labelled? = factory.create()
            #expect(made?.label == "probe")
        }
        #expect(probe.questions == 1)
        factory.add { Counter(id: "other") }
        let _: Labelled? = factory.create()
        #expect(probe.questions == 2)
    }

    @Test("a factory with 1,000 registered types finds each one")
    func thousandTypes() throws {
        let factory = CompositeViewModelFactory()
        let types = (0..<1000).map(numberedType)
        for (number, type) in types.enumerated() {
            register(type, number: number, in: factory)
        }
        for (number, type) in types.enumerated() {
            let madeNumber = made(type, by: factory)
            let creates = factory.creates(type: type)
            #expect(madeNumber == number)
            #expect(creates)
        }
        #expect(!factory.creates(type: Leaf.self))
    }
}

// MARK: - 1,000 distinct types

/// A view model that remembers which registration made it.
private protocol Numbered {
    init(number: Int)
    var number: Int { get }
}

private struct Leaf: Numbered { let number: Int }
private struct Zero<Tail>: Numbered { let number: Int }
private struct One<Tail>: Numbered { let number: Int }

/// A distinct type per number: its binary digits spelled as nested generic types.
private func numberedType(_ number: Int) -> any Numbered.Type {
    var type: any Numbered.Type = Leaf.self
    var rest = number
    for _ in 0..<10 {
        type = wrap(type, bit: rest & 1 == 1)
        rest >>= 1
    }
    return type
}

private func wrap<Tail: Numbered>(_: Tail.Type, bit: Bool) -> any Numbered.Type {
    bit ? One<Tail>.self : Zero<Tail>.self
}

@MainActor
private func register<VM: Numbered>(_: VM.Type, number: Int, in factory: CompositeViewModelFactory) {
    factory.add { VM(number: number) }
}

@MainActor
private func made<VM: Numbered>(_: VM.Type, by factory: CompositeViewModelFactory) -> Int? {
    let viewModel: VM? = factory.create()
    return viewModel?.number
}
