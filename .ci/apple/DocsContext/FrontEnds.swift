// Names the docs of ReMVVMSwiftUI (the SwiftUI and UIKit front ends) take as given.
public import ReMVVMStore

/// A form's state: the draft a text field edits.
public struct Editor: StoreState, Equatable {
    public var draft = Draft(title: "")
    public init() {}
}
