public import ReMVVMStore

extension TestStore {
    /// Draws the store's reducers take, in order, before drawing anew, as
    /// `DependencyValues.replayedDraws` set in the initializer: how an exported session gives
    /// its test the ids and dates the session drew.
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMStore
    /// import ReMVVMTesting
    ///
    /// let store = TestStore(with: Library())
    /// store.replayedDraws = [.uuid(UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000001")!)]
    /// ```
    ///
    /// Setting it starts over from its first draw.
    public var replayedDraws: [DependencyDraw] {
        get { store.changeableDependencies.replayedDraws }
        set { store.changeableDependencies.replayedDraws = newValue }
    }
}
