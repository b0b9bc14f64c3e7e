/// A view model's type and key, for the view models of one entry. Not nested in the generic
/// class: a dictionary of a generic type's values looks up its metadata at each use, and the
/// store checks `isEmpty` after every change.
struct EntryViewModelKey: Hashable {
    let type: ObjectIdentifier
    let key: String?
}

/// A row view model's type, list and row id, for the row view models of one entry.
struct RowViewModelKey: Hashable {
    let type: ObjectIdentifier
    let rows: AnyKeyPath
    let id: AnyHashable
}
