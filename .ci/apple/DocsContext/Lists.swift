// Names the docs of lists of features take as given (IdentifiedArray, forEach, ifLet, row view
// models): a library of novels, distinct from the other docs' `Book`.
public import ReMVVMMiddleware
public import ReMVVMStore

public struct Novel: Identifiable, Equatable, Sendable {
    public let id: Int
    public var title: String
    public var isFavorite = false
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

public struct Draft: Equatable, Sendable {
    public var title: String
    public init(title: String) { self.title = title }
}

public struct Library: StoreState {
    public var novels: IdentifiedArray<Novel> = []
    public var editing: Draft?
    public var navigation = NavigationState(root: Screen.login)
    public init() {}
}

public struct Star: StoreAction {
    public let novelID: Novel.ID
    public init(novelID: Novel.ID) { self.novelID = novelID }
}

public enum StarReducer: Reducer {
    public static func reduce(state: Novel, with action: Star) -> Novel {
        var novel = state
        novel.isFavorite.toggle()
        return novel
    }
}

public struct EditTitle: StoreAction {
    public let title: String
    public init(title: String) { self.title = title }
}

public enum EditTitleReducer: Reducer {
    public static func reduce(state: Draft, with action: EditTitle) -> Draft { Draft(title: action.title) }
}

@MainActor
public final class NovelRowViewModel {
    public let id: Novel.ID
    public init(id: Novel.ID) { self.id = id }
}

/// Renames a novel: the docs' action of the `inout` and closure reducer forms.
public struct Rename: StoreAction {
    public let novelID: Novel.ID
    public let title: String
    public init(novelID: Novel.ID, title: String) {
        self.novelID = novelID
        self.title = title
    }
}
