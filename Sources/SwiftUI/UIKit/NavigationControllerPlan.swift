/// What a UIKit front end does to show a navigation: from the stacks it shows (each stack a
/// navigation controller's entries, by identifier; the first the window's, the others
/// presented in turn) to the stacks of the state.
struct NavigationControllerPlan: Equatable {
    /// The first shown level whose modal is dismissed (with every modal over it), or `nil`.
    let dismissFrom: Int?
    /// The entries each kept level's navigation controller shows, by level from the root.
    let kept: [[Int]]
    /// The stacks presented, in order, over the kept levels.
    let presented: [[Int]]

    init(dismissFrom: Int?, kept: [[Int]], presented: [[Int]]) {
        self.dismissFrom = dismissFrom
        self.kept = kept
        self.presented = presented
    }

    /// The plan from `shown` to `target`: a modal stays when it was presented with the same
    /// entry at the same level; the root level always stays (its controller is the window's).
    init(from shown: [[Int]], to target: [[Int]]) {
        var keep = 1
        while keep < shown.count, keep < target.count, shown[keep].first == target[keep].first {
            keep += 1
        }
        dismissFrom = shown.count > keep ? keep : nil
        kept = Array(target.prefix(keep))
        presented = Array(target.dropFirst(keep))
    }
}
