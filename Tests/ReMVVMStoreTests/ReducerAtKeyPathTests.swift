import Foundation
import ReMVVMStore
import Testing

/// An app state with a feature that has its own small state and reducers.
private struct AppState: StoreState, Equatable {
    var factory: ViewModelFactory = InitializableViewModelFactory()
    var loginForm = LoginForm()
    var count = 0

    /// A computed part: reduced through the key path rather than in place.
    var computedForm: LoginForm {
        get { loginForm }
        set { loginForm = newValue }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.loginForm == rhs.loginForm && lhs.count == rhs.count
    }
}

private struct LoginForm: Equatable {
    var name = ""
    var submissions = 0
}

private struct EditName: StoreAction { var name: String }
private struct Submit: StoreAction {}
private struct Increment: StoreAction {}

private enum EditNameReducer: Reducer {
    static func reduce(state: LoginForm, with action: EditName) -> LoginForm {
        var state = state
        state.name = action.name
        return state
    }
}

private enum SubmitReducer: Reducer {
    static func reduce(state: LoginForm, with action: Submit) -> LoginForm {
        var state = state
        state.submissions += 1
        return state
    }
}

private enum IncrementReducer: Reducer {
    static func reduce(state: AppState, with action: Increment) -> AppState {
        var state = state
        state.count += 1
        return state
    }
}

private enum CountReducer: Reducer {
    static func reduce(state: Int, with action: Increment) -> Int { state + 1 }
}

private enum OtherEditNameReducer: Reducer {
    static func reduce(state: LoginForm, with action: EditName) -> LoginForm { state }
}

private enum WholeStateEditNameReducer: Reducer {
    static func reduce(state: AppState, with action: EditName) -> AppState { state }
}

/// Writes what the store's diagnostics handler receives to standard error, for exit tests.
@MainActor
private func reportToStandardError(_ store: Store<AppState>) {
    store.diagnosticsHandler = { diagnostic in
        FileHandle.standardError.write(Data("handler: \(diagnostic.kind) \(diagnostic.message)\n".utf8))
    }
}

@MainActor
@Suite struct ReducerAtKeyPathTests {
    @Test("a reducer registered at a key path changes only that part; subscribers see the whole state")
    func reducesThePart() {
        let store = Store(with: AppState())
        store.register(reducer: EditNameReducer.self, at: \.loginForm)
        store.register(reducer: SubmitReducer.self, at: \.loginForm)
        store.register(reducer: IncrementReducer.self)
        var changes: [(AppState, AppState)] = []
        let subscription = store.subscribe(to: \.self) { changes.append(($0, $1)) }
        store.dispatch(action: Increment())
        store.dispatch(action: EditName(name: "Ada"))
        store.dispatch(action: Submit())
        #expect(store.state == AppState(loginForm: LoginForm(name: "Ada", submissions: 1), count: 1))
        #expect(changes.map(\.0.loginForm.name) == ["", "Ada", "Ada"])
        #expect(changes.map(\.1.loginForm.submissions) == [0, 0, 0])
        #expect(changes.last?.0.count == 1)
        withExtendedLifetime(subscription) {}
    }

    @Test("a reducer at a nested or a computed key path reduces that part")
    func nestedAndComputedKeyPaths() {
        let store = Store(with: AppState())
        store.register(reducer: EditNameReducer.self, at: \.computedForm)
        store.register(reducer: CountReducer.self, at: \.loginForm.submissions)
        store.dispatch(action: EditName(name: "Ada"))
        store.dispatch(action: Increment())
        store.dispatch(action: Increment())
        #expect(store.state == AppState(loginForm: LoginForm(name: "Ada", submissions: 2), count: 0))
    }

    @Test("a second reducer at a key path is reported with both reducers and the key path")
    func duplicateAtKeyPath() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(with: AppState())
                reportToStandardError(store)
                store.register(reducer: EditNameReducer.self, at: \.loginForm)
                store.register(reducer: OtherEditNameReducer.self, at: \.loginForm)
            }
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("handler: ") })
        #expect(line.contains("duplicateReducer"))
        #expect(
            line.contains("OtherEditNameReducer at \\AppState.loginForm cannot be registered for EditName"))
        #expect(line.contains("EditNameReducer at \\AppState.loginForm already reduces it"))
    }

    @Test("the one-reducer rule holds across a whole-state and a key-path reducer")
    func duplicateAcrossForms() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(with: AppState())
                reportToStandardError(store)
                store.register(reducer: WholeStateEditNameReducer.self)
                store.register(reducer: EditNameReducer.self, at: \.loginForm)
            }
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("handler: ") })
        #expect(line.contains("duplicateReducer"))
        #expect(line.contains("EditNameReducer at \\AppState.loginForm cannot be registered for EditName"))
        #expect(line.contains("WholeStateEditNameReducer already reduces it"))
    }
}
