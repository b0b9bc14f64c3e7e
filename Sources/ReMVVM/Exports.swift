// The whole library behind one import: `import ReMVVM` gives an app file the store, the view-model
// factories and the ready-made middleware. Each module stays importable on its own.
//
// The module shares its name with the `ReMVVM` enum of ReMVVMStore (the namespace of
// `ReMVVM.Config`). That is safe for clients: Swift looks a name up among declarations before
// modules, so `ReMVVM.Config` in a file that imports this module finds the enum. The price is
// that `ReMVVM.` never qualifies a type by this module: a client that has its own `Store` writes
// `ReMVVMStore.Store`, the module that declares it.
@_exported public import ReMVVMMiddleware
@_exported public import ReMVVMStore
@_exported public import ReMVVMViewModelFactory
