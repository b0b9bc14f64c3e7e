import ReMVVMStore

// `@inlinable`: an addressed action runs this code, specialized in the client; unspecialized,
// it looked up generic metadata at each step (callgrind, `screen.case`: 13,728 instructions per
// action, against 687 for `keypath`).

/// One case of an app's screen enum, named by its constructor (`Screen.record`): finds the
/// case's state in an entry, and writes it back.
///
/// Swift gives no way to match a case from its constructor alone, so the first look at an
/// entry takes the payload out with a `Mirror` and checks that the constructor makes a screen
/// of the same case of it (its case's name: two cases with one payload type stay apart). The
/// payload is kept from then on, and a later look only checks it: the screen kept with it
/// equals the entry's screen (`==`), so nothing changed the entry behind its back. That costs an
/// `==` per action, with no allocation (the `screen.case` benchmark workload), where a `Mirror`
/// allocates several times per look. It relies on the screen's `==` comparing payloads fully,
/// as a synthesized one does: a screen equal by identity alone hides a change another reducer
/// made, and the kept payload is reduced instead.
///
/// A write keeps the entries' storage of the version before it, which only it holds once the
/// store told its subscribers: the next write copies the entries into it, in place, instead of
/// allocating an array per action. Until then, that storage, and the payload last written,
/// keep their screens' values alive, also once their entry left the navigation.
///
/// `@exclusivity(unchecked)` on the stored properties: only the main actor touches them, and
/// no access to one spans a call (the checks cost `screen.case` about 180 instructions).
@MainActor
@usableFromInline
final class ScreenCase<Screen: Equatable, Payload> {
    @usableFromInline let embed: (Payload) -> Screen
    /// The payload last written or read, its entry, and the screen it makes: most actions
    /// address the entry the action before did, and comparing with the screen kept costs no
    /// call of the constructor.
    @exclusivity(unchecked) @usableFromInline var last: (entry: Int, payload: Payload, screen: Screen)?
    /// The payloads seen in other entries, by entry identifier.
    @exclusivity(unchecked) @usableFromInline var known: [Int: Payload] = [:]
    /// The entries of the version the last write replaced.
    @exclusivity(unchecked) @usableFromInline var spareEntries: [NavigationEntry<Screen>]?

    @inlinable
    init(_ embed: @escaping (Payload) -> Screen) {
        self.embed = embed
    }

    /// Where the entry `id` is in `entries`, or `nil` when it is not shown.
    @inlinable
    static func index(of id: Int, in entries: [NavigationEntry<Screen>]) -> Int? {
        var index = entries.count - 1
        // From the top: the entry an action addresses is usually the one on display. A loop of
        // its own rather than `lastIndex(where:)`, which `NavigationState.entryIndex(of:)` uses:
        // that one cost `screen.case` 165 more instructions per action (callgrind, 1,400 against
        // 1,235).
        while index >= 0 {
            if entries[index].id == id { return index }
            index -= 1
        }
        return nil
    }

    /// The payload of the entry `id` of `entries` when it is shown with this case.
    @inlinable
    func payload(of id: Int, in entries: [NavigationEntry<Screen>]) -> (index: Int, payload: Payload)? {
        guard let index = Self.index(of: id, in: entries) else { return nil }
        if let last, last.entry == id, last.screen == entries[index].screen { return (index, last.payload) }
        let screen = entries[index].screen
        if let kept = known[id], embed(kept) == screen {
            remember(kept, screen: screen, of: id, among: entries)
            return (index, kept)
        }
        // The case's name, not `==`, says whether the constructor makes this case: a payload
        // need not equal itself (one holding `Double.nan`).
        guard let child = Mirror(reflecting: screen).children.first,
            let payload = child.value as? Payload ?? Self.labeledPayload(in: child.value),
            Mirror(reflecting: embed(payload)).children.first?.label == child.label
        else { return nil }
        remember(payload, screen: screen, of: id, among: entries)
        return (index, payload)
    }

    /// The payload of a case that labels it (`case form(state: FormState)`), which a `Mirror`
    /// shows as a tuple of one labeled element.
    @usableFromInline
    static func labeledPayload(in value: Any) -> Payload? {
        let tuple = Mirror(reflecting: value)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
        return tuple.children.first?.value as? Payload
    }

    /// Makes the screen of the entry at `index` this case with `payload`.
    @inlinable
    func write(_ payload: Payload, at index: Int, in navigation: inout NavigationState<Screen>) {
        // The spare storage goes into the state and the current one becomes the spare: swapped,
        // neither is retained.
        var current = spareEntries.take() ?? []
        swap(&current, &navigation.shownEntries)
        let id = current[index].id
        let screen = embed(payload)
        if navigation.shownEntries.count == current.count {
            for position in current.indices where position != index {
                navigation.shownEntries[position] = current[position]
            }
            navigation.shownEntries[index] = NavigationEntry(screen: screen, id: id)
        } else {
            navigation.shownEntries = current
            navigation.shownEntries[index] = NavigationEntry(screen: screen, id: id)
        }
        spareEntries = current
        // The entry was read just before, which made it the last one.
        last = (id, payload, screen)
    }

    /// Keeps `payload` as the last one seen, for the entry `id`; the one it replaces is kept by
    /// its entry while that entry is among `entries`, and the payloads of entries that are no
    /// longer among them go.
    @inlinable
    func remember(_ payload: Payload, screen: Screen, of id: Int, among entries: [NavigationEntry<Screen>]) {
        // The one it replaces is kept while its entry is shown, so a screen that left is let go.
        if let last, last.entry != id, entries.contains(where: { $0.id == last.entry }) {
            known[last.entry] = last.payload
        }
        known[id] = nil
        last = (id, payload, screen)
        if known.count >= entries.count {
            let shown = Set(entries.map(\.id))
            known = known.filter { shown.contains($0.key) }
        }
    }
}
