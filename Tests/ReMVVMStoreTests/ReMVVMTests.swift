import Testing

// `@testable` only to take the global store away for the duration of one synchronous test:
// no public API un-initializes the configuration.
@testable import ReMVVMStore

@MainActor
private final class Screen: ReMVVMDriven {}

@MainActor
@Suite struct ReMVVMTests {
    @Test("using remvvm before the config is initialized is reported through the config's handler")
    func notInitializedGoesThroughTheHandler() {
        // Synchronous on the main actor: no other test runs between taking the store away and
        // putting it back.
        let savedStore = ReMVVM.Config.store
        let savedHandler = ReMVVM.Config.diagnosticsHandler
        defer {
            ReMVVM.Config.store = savedStore
            ReMVVM.Config.diagnosticsHandler = savedHandler
        }
        ReMVVM.Config.store = nil
        var received: [StoreDiagnostic] = []
        ReMVVM.Config.diagnosticsHandler = { received.append($0) }

        let screen = Screen()
        screen.remvvm.dispatch(action: StoreFixture.Add())
        let viewModel: Int? = screen.remvvm.viewModel(for: screen)

        #expect(viewModel == nil)
        #expect(received.map(\.kind) == [.configNotInitialized, .configNotInitialized])
        #expect(
            received.first?.message.hasPrefix("remvvm.dispatch(action: StoreFixture.Add) was used before")
                == true)
        #expect(received.last?.message.hasPrefix("remvvm.viewModel(for:) was used before") == true)
    }
}
