/// A screen on display: the context object its view model lives with, and what it shows.
@MainActor
protocol ScreenView: AnyObject {
    /// The screen's text, made from its view model only.
    func render(style: TextStyle) -> String
}
