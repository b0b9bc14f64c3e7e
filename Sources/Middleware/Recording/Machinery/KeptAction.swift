import ReMVVMStore

/// One action an ``ActionHistory`` keeps, as it keeps it. Not nested in the generic history,
/// whose code runs unspecialized in an app's module: an array of a type nested in a generic
/// class looks up that type's generic metadata at every access (callgrind, the `history`
/// workload: 10,331 instructions per dispatch with `[Entry]`, 8,838 with this type).
struct KeptAction {
    let index: Int
    let action: any StoreAction
    var isSkipped: Bool
}
