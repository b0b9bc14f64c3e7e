import ReMVVMMiddleware
import ReMVVMStore

/// What a front end dispatches for one presentation of an alert: one action, whichever comes
/// first of a button's tap and the system's closing.
///
/// A tap's `AlertTapped` closes the entry only once it reaches the reducer; a middleware may
/// hold it back (to ask a server first), and meanwhile the entry is still shown. The closing
/// SwiftUI reports after the tap, or a second tap before it, must then dispatch nothing: the
/// alert's action is on its way. Once that closing is reported, an alert its entry still
/// shows (a middleware dropped the tap) is a new presentation, whose buttons dispatch again.
@MainActor
final class AlertTaps {
    /// The alert entries tapped whose closing SwiftUI has not reported yet.
    private var tapped: Set<Int> = []

    /// What a tap on `button` of `alert` dispatches: its `AlertTapped`, or nothing when a
    /// button of this presentation was tapped already.
    func tap(_ button: ShownAlert.Button, of alert: ShownAlert) -> (any StoreAction)? {
        tapped.insert(alert.entry).inserted ? button.tap : nil
    }

    /// What the UI's report that `alert` is no longer presented dispatches: nothing after a
    /// tap (the report ends that presentation), the dismissal when the system closed it while
    /// its entry is shown.
    func closedByTheSystem<Screen>(_ alert: ShownAlert, in navigation: NavigationState<Screen>)
        -> (any StoreAction)?
    {
        tapped = tapped.filter { navigation.contains(id: $0) }
        if tapped.remove(alert.entry) != nil { return nil }
        return alert.closedByTheSystem(in: navigation)
    }
}
