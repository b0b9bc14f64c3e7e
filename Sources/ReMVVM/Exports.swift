// The whole library behind one import: `import ReMVVM` gives an app file the store, the view-model
// factories, the ready-made middleware and the SwiftUI and UIKit front ends. Each module stays
// importable on its own.
//
// ReMVVMSwiftUI is re-exported on every platform, not under `#if canImport(SwiftUI)`: the module
// exists everywhere (its SwiftUI and UIKit files are guarded inside it), and its platform-neutral
// part (`ObservableViewModel`, `ModalStyle`, `AlertCase`) is what an app's view models and screens
// are written with, so the same app code compiles on Linux, where its tests run, and on Apple
// platforms.
//
// The module shares its name with the `ReMVVM` enum of ReMVVMStore (the namespace of
// `ReMVVM.Config`). That is safe for clients: Swift looks a name up among declarations before
// modules, so `ReMVVM.Config` in a file that imports this module finds the enum. The price is
// that `ReMVVM.` never qualifies a type by this module: a client that has its own `Store` writes
// `ReMVVMStore.Store`, the module that declares it.
@_exported public import ReMVVMMiddleware
@_exported public import ReMVVMStore
@_exported public import ReMVVMSwiftUI
@_exported public import ReMVVMViewModelFactory
