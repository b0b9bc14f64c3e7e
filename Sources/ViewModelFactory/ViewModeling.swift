/// The one face every view model shows its view: a view state to render and events to send.
///
/// A view that depends on `ViewModeling` with a given `ViewState` and `Event`, rather than on
/// a concrete view model, can be previewed and tested with any object of that shape: a
/// preview builds a view state by hand and needs no store, service or mock.
///
/// The view reads only ``state`` and calls only ``send(event:)``; everything the view model
/// does with the system (the store, a web service) stays behind those two.
///
/// ```swift
/// struct CounterViewState: Equatable { var text = "0" }
/// enum CounterEvent { case increment }
///
/// @MainActor
/// final class CounterViewModel: ViewModeling {
///     private(set) var state = CounterViewState()
///     private var count = 0
///
///     func send(event: CounterEvent) {
///         switch event {
///         case .increment:
///             count += 1
///             state.text = "\(count)"
///         }
///     }
/// }
///
/// @MainActor
/// func render<Model: ViewModeling>(_ model: Model) -> String
/// where Model.ViewState == CounterViewState {
///     "Count: \(model.state.text)"
/// }
/// ```
///
/// The protocol does not refine `Observable`, so a view model for a text UI or a test needs no
/// Observation; ``StateContainer`` and the store-backed view model of `ReMVVMStore` are both
/// `Observable` for the views that track changes.
@MainActor
public protocol ViewModeling: AnyObject {
    /// What the view renders: every value it shows and every choice it offers.
    associatedtype ViewState

    /// What the view can tell the view model: a tap, a text typed, the screen appearing.
    associatedtype Event

    /// The view state to render now.
    var state: ViewState { get }

    /// Handles an event from the view.
    ///
    /// - Parameter event: What the user did.
    func send(event: Event)
}
