public import ReMVVMStore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A middleware that keeps one part of the state in a file: it restores the part at launch and
/// saves it after every change, atomically and off the main actor.
///
/// Restore the part into the initial state before the store (and the first screen) exists,
/// then put the persistence in the store's middleware:
///
/// ```swift
/// import Foundation
/// import ReMVVMMiddleware
/// import ReMVVMStore
///
/// let url = URL.applicationSupportDirectory.appending(path: "favorites.json")
/// let saved = StatePersistence<AppState, Set<Int>>(fileURL: url, at: \.favorites)
/// var state = AppState(factory: factory)
/// let outcome = try saved.restore(into: &state)   // .restored, .missing, .setAside(URL)
/// let store = Store(with: state, middleware: [saved])
/// ```
///
/// After each action that changed the part (compared with `==`), a copy of the new value goes
/// off the main actor, where it is encoded as JSON and written to a temporary file in the same
/// folder, synchronized to the disk, and renamed over the old file: after a crash or a
/// `kill -9` at any instant, the file holds the old value or the new one, never a mix and never
/// nothing. At most one write is in flight; changes made meanwhile coalesce, and the latest
/// value wins, so a burst of changes costs a write or two, not one each. An action that does
/// not change the part costs one `==`; no action does disk I/O on the main actor. Call
/// ``flush()`` where every change must be on the disk, such as when the app goes to the
/// background.
///
/// The file is `{"value":...,"version":1}`: the part's JSON encoding and the ``version`` this
/// app writes. A file that cannot be restored (unreadable, not JSON, JSON of another shape, or
/// a newer ``version``) is renamed aside, never overwritten, and ``restore(into:)`` says so; see
/// ``RestoreOutcome``. When a write fails (a full disk, a read-only folder), the store's
/// `diagnosticsHandler` hears it once, with the kind `StoreDiagnostic.Kind.persistenceFailed`,
/// until a write works again; each later change tries again.
///
/// Several parts may be saved by several persistences in one store, each to its own file. Two
/// persistences must not share a file. A persistence belongs to one store at a time: attached
/// to another store (a store remade with the same middleware instances while the first one
/// lives), it moves and saves the second store's part only; the first store, if it still lives,
/// hears of it through its diagnostics (`StoreDiagnostic.Kind.featureMoved`).
@MainActor
public final class StatePersistence<State: StoreState, Part: Codable & Equatable & Sendable>: StoreFeature {
    /// The file the part is saved to.
    public let fileURL: URL
    /// The version of the file format this app writes; files of a newer one are set aside.
    public let version: Int

    /// The part of the state this persistence saves and restores: the key path it was made
    /// with.
    ///
    /// ```swift
    /// let saved = StatePersistence<AppState, Set<Int>>(fileURL: url, at: \.favorites)
    /// print(saved.part == \AppState.favorites)   // true
    /// ```
    public let part: WritableKeyPath<State, Part>
    @usableFromInline let saver: PartSaver<Part>
    /// Subscribes a store to save the part at each change of it, whatever made the change;
    /// made in the `@inlinable` initializer, so that the comparison at each change is
    /// specialized for the client's state and part (callgrind, the `persist` workload).
    @usableFromInline let subscribe: @MainActor (Store<State>) -> StoreSubscription
    /// The store whose part is saved.
    private let attachment = StoreAttachment<State>(of: StatePersistence<State, Part>.self)

    /// Creates a persistence of the part at `part`, saved to `fileURL`.
    ///
    /// ```swift
    /// let saved = StatePersistence<AppState, User?>(fileURL: url, at: \.user)
    /// let settings = StatePersistence<AppState, Set<Int>>(fileURL: other, at: \.favorites, version: 2)
    /// ```
    ///
    /// Nothing is read or written yet: call ``restore(into:)`` to read the file, and put the
    /// persistence in a store to save changes. The file's folder, and any folder above it, is
    /// made at the first write if it is missing.
    ///
    /// - Parameters:
    ///   - fileURL: The file to save to; a file URL.
    ///   - part: The part of the state to save and restore.
    ///   - version: The version of the value's format this app writes, 1 or more. Raise it when
    ///     a new release writes values an older one would misread: older releases then set
    ///     the new files aside instead of restoring them. Values of older versions are
    ///     decoded as usual.
    @inlinable
    public init(fileURL: URL, at part: WritableKeyPath<State, Part>, version: Int = 1) {
        precondition(version >= 1, "StatePersistence needs a version of 1 or more, got \(version)")
        self.fileURL = fileURL
        self.part = part
        self.version = version
        let saver = PartSaver<Part>(fileURL: fileURL, version: version)
        self.saver = saver
        subscribe = { store in
            store.subscribeUntilCancelled(to: part, timing: .afterSubscribers) { value, _ in saver.save(value)
            }
        }
    }

    /// Reads the file and puts its value into `state`'s part.
    ///
    /// Call it once, before the store is made, so that the first screen shows the saved value:
    ///
    /// ```swift
    /// var state = AppState(factory: factory)
    /// if case .setAside(let url) = try saved.restore(into: &state) {
    ///     logger.error("the saved state was set aside as \(url.lastPathComponent)")
    /// }
    /// let store = Store(with: state, middleware: [saved])
    /// ```
    ///
    /// Anything at the path but a regular file (a folder, a named pipe, a device) is not read
    /// and counts as `unreadable`: restoring never blocks on it.
    ///
    /// A file that cannot be restored is renamed to `<name>.<why>-<UTC time>`, in the same
    /// folder, where `<why>` is `unreadable`, `not-json`, `wrong-shape` or `newer-version`
    /// (`favorites.json.not-json-20261125T081500Z`); a name already taken gets `-2`, `-3`, ...
    /// Nothing is ever written over it, and `state` keeps its default.
    ///
    /// - Parameter state: The state whose part is restored; left as it is unless the outcome
    ///   is ``RestoreOutcome/restored``.
    /// - Returns: Whether the value was restored, the file is missing, or the file was set
    ///   aside, and where.
    /// - Throws: ``PersistenceError`` when the file cannot be restored and cannot be renamed
    ///   either. The file stays where it is and this persistence saves nothing, so as not to
    ///   overwrite it; the first change reports that through the store's diagnostics.
    public func restore(into state: inout State) throws -> RestoreOutcome {
        let path = fileURL.path
        let reason: SetAsideReason
        switch Result(catching: { () throws(LogFileError) in try readSavedFile(path: path) }) {
        case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR:
            // No file, or no folder for it (missing, or a file in a folder's place): nothing to
            // keep from being overwritten. A write makes the folder, or reports why it cannot.
            return .missing
        case .failure, .success(.notRegularFile):
            // Not a file that can be read, or no regular file (a folder, a named pipe that would
            // block until a writer came, a device that may never end): set aside unread.
            reason = .unreadable
        case .success(.bytes(let bytes)):
            switch PersistedFile<Part>.decode(bytes, newestVersion: version) {
            case .success(let value):
                state[keyPath: part] = value
                return .restored
            case .failure(let why):
                reason = why
            }
        }
        do {
            let newPath = try SetAside.move(path, because: reason, at: SetAside.now())
            return .setAside(URL(fileURLWithPath: newPath))
        } catch {
            let failure = PersistenceError(path: path, problem: reason.explanation, reason: error.reason)
            saver.refusal = failure
            throw failure
        }
    }

    /// Waits until every change made so far is written to the file (or its write failed).
    ///
    /// Call it when the file must be complete: before the app goes to the background, before
    /// a test reads the file. It returns once the value current at the call, or a newer one,
    /// is on the disk (or its write failed), although the part may go on changing meanwhile:
    /// it waits for one write or two, never for the changes to stop.
    ///
    /// ```swift
    /// store.dispatch(action: ToggleFavorite(id: 7))
    /// await saved.flush()          // favorites.json holds the new favorites
    /// ```
    public func flush() async {
        await saver.queue.flush()
    }

    /// How many times the part was written to the file so far: at most one per change, fewer
    /// when changes came faster than the disk. Failed writes do not count.
    ///
    /// ```swift
    /// for id in 1...1_000 { store.dispatch(action: ToggleFavorite(id: id)) }
    /// await saved.flush()
    /// print(saved.writeCount)   // 2: the first value, then the last one; the rest coalesced
    /// ```
    public var writeCount: Int { saver.queue.writeCount }

    /// Starts saving the part of `store`'s state at each change of it: called by the store
    /// made with this persistence in its middleware.
    ///
    /// - Parameter store: The store.
    public func attach<Other: StoreState>(to store: Store<Other>) {
        guard let store = matchingStore(store, of: State.self), attachment.attach(to: store) else { return }
        saver.queue.report = { [weak store] diagnostic in store?.diagnosticsHandler(diagnostic) }
        attachment.keep(subscribe)
    }
}

/// What saves a part at each change: the queue of writes, and the refusal to write over a file
/// that ``StatePersistence/restore(into:)`` could not set aside.
@MainActor
@usableFromInline
final class PartSaver<Part: Codable & Equatable & Sendable> {
    let queue: SaveQueue<Part>
    /// Why nothing is saved: ``StatePersistence/restore(into:)`` could not set a bad file aside.
    var refusal: PersistenceError?
    private var refusalReported = false

    @usableFromInline
    init(fileURL: URL, version: Int) {
        queue = SaveQueue(file: AtomicFile(path: fileURL.path), version: version)
    }

    /// Saves a new value of the part, unless a refusal stands (reported once).
    @usableFromInline
    func save(_ value: Part) {
        if let refusal {
            guard !refusalReported else { return }
            refusalReported = true
            queue.report?(
                StoreDiagnostic(
                    kind: .persistenceFailed,
                    message: "\(refusal); \(TypeName.of(Part.self)) is not saved, so as not to overwrite it"))
            return
        }
        queue.save(value)
    }
}
