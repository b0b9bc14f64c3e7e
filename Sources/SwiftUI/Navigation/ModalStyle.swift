/// How a SwiftUI or UIKit front end shows a modal of the app's `NavigationState`: as a sheet,
/// or as a cover of the whole screen.
///
/// ```swift
/// let style: (Screen) -> ModalStyle = { screen in
///     if case .record = screen { .fullScreenCover } else { .sheet }
/// }
/// ```
///
/// macOS has no full-screen cover: there a ``fullScreenCover`` modal is shown as a sheet. An
/// alert entry is shown as an alert whatever its style (see ``AlertCase``).
public enum ModalStyle: Sendable, Hashable {
    /// A sheet, which the user can swipe down to close.
    case sheet
    /// A cover of the whole screen (`fullScreenCover` in SwiftUI, `.fullScreen` in UIKit).
    case fullScreenCover

    /// The style shown on a platform that has, or lacks, full-screen covers.
    ///
    /// - Parameter coversAvailable: Whether the platform has full-screen covers (all but macOS).
    /// - Returns: The style itself, or ``sheet`` for a cover where there is none.
    func shown(coversAvailable: Bool) -> ModalStyle {
        coversAvailable ? self : .sheet
    }

    /// The style shown on the platform this is built for.
    var shownHere: ModalStyle {
        #if os(macOS)
            shown(coversAvailable: false)
        #else
            shown(coversAvailable: true)
        #endif
    }
}
