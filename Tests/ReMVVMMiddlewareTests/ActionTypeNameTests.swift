import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

// Feature apps name their actions inside a namespace: `BookSearch.Changed` and
// `BookFavorites.Changed` must stay apart in a log.

enum BookSearch {
    struct Changed: StoreAction, Codable, Equatable { var query: String }
}

enum BookFavorites {
    struct Changed: StoreAction, Codable, Equatable { var id: Int }
}

struct Tagged<Value: Codable & Sendable & Equatable>: StoreAction, Codable, Equatable {
    var value: Value
}

struct FeaturesState: StoreState, Equatable {
    var query = ""
    var favorites: [Int] = []
    var tags: [String] = []
}

enum SearchChangedReducer: Reducer {
    static func reduce(state: FeaturesState, with action: BookSearch.Changed) -> FeaturesState {
        var state = state
        state.query = action.query
        return state
    }
}

enum FavoritesChangedReducer: Reducer {
    static func reduce(state: FeaturesState, with action: BookFavorites.Changed) -> FeaturesState {
        var state = state
        state.favorites.append(action.id)
        return state
    }
}

enum TaggedReducer: Reducer {
    static func reduce(state: FeaturesState, with action: Tagged<String>) -> FeaturesState {
        var state = state
        state.tags.append(action.value)
        return state
    }
}

/// Two local types, both named `Twin` once their (run-dependent) contexts are left out.
private func firstTwin() -> any (StoreAction & Decodable).Type {
    struct Twin: StoreAction, Codable {}
    return Twin.self
}

private func secondTwin() -> any (StoreAction & Decodable).Type {
    struct Twin: StoreAction, Codable {}
    return Twin.self
}

@MainActor
@Suite struct ActionTypeNameTests {
    private func makeFeaturesStore(middleware: [any AnyMiddleware]) -> Store<FeaturesState> {
        let store = Store(with: FeaturesState(), middleware: middleware)
        store.register(reducer: SearchChangedReducer.self)
        store.register(reducer: FavoritesChangedReducer.self)
        store.register(reducer: TaggedReducer.self)
        return store
    }

    @Test("namespaced and generic action types are logged by their qualified names and replay")
    func namespacedAndGenericRoundTrip() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let recorded = makeFeaturesStore(middleware: [recorder])
            recorded.dispatch(action: BookSearch.Changed(query: "dune"))
            recorded.dispatch(action: BookFavorites.Changed(id: 7))
            recorded.dispatch(action: Tagged(value: "sci-fi"))

            let names = try lines(of: url).map { line in
                try #require(
                    JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["type"] as? String
            }
            #expect(names == ["BookSearch.Changed", "BookFavorites.Changed", "Tagged<String>"])

            let replayer = try ActionReplayer(types: [
                BookSearch.Changed.self, BookFavorites.Changed.self, Tagged<String>.self,
            ])
            let replayed = makeFeaturesStore(middleware: [])
            try replayer.replay(try ActionLog(contentsOf: url), into: replayed)
            #expect(replayed.state == recorded.state)
            #expect(replayed.state == FeaturesState(query: "dune", favorites: [7], tags: ["sci-fi"]))
        }
    }

    @Test("two types of one name in logs: the replayer throws, naming both, and nothing stops")
    func twoTypesOfOneName() {
        #expect {
            try ActionReplayer(types: [firstTwin(), secondTwin()])
        } throws: { error in
            guard case .ambiguousTypeName(let name, let types) = error as? ActionLogError else {
                return false
            }
            let text = String(describing: error)
            return name == "Twin" && types.count == 2 && types.allSatisfy { text.contains($0) }
        }
    }

    @Test("a log written before names were qualified replays where its innermost names are unambiguous")
    func olderLogs() throws {
        let older = try ActionLog(
            text: #"{"seq":1,"type":"Changed","action":{"query":"dune"}}"# + "\n"
                + #"{"seq":2,"type":"Tagged<String>","action":{"value":"x"}}"# + "\n")
        let one = try ActionReplayer(types: [BookSearch.Changed.self, Tagged<String>.self])
        let store = makeFeaturesStore(middleware: [])
        try one.replay(older, into: store)
        #expect(store.state == FeaturesState(query: "dune", favorites: [], tags: ["x"]))

        let both = try ActionReplayer(types: [BookSearch.Changed.self, BookFavorites.Changed.self])
        #expect(
            throws: ActionLogError.ambiguousEntry(
                line: 1, typeName: "Changed",
                candidates: ["BookSearch.Changed", "BookFavorites.Changed"])
        ) {
            try both.actions(in: older)
        }
    }
}
