/// A type whose `description` is already written the package's way, so the describers use it as
/// it is: ``ValueText`` writes a value of it as its `description`, and ``ValueDiff`` compares two
/// unequal values of it as one difference, from one `description` to the other, rather than
/// field by field. Two that describe themselves alike are shown by their ``detailedDescription``s
/// when those differ, and looked into field by field otherwise, so the difference is still named.
///
/// A stack of screens, for instance, conforms so that its differences read
/// `navigation: [.list, .detail(id: 3)] -> [.list]`, not as paths into its storage.
package protocol TextualValue: CustomStringConvertible {
    /// The value with the details its `description` leaves out; its `description` by default.
    var detailedDescription: String { get }
}

extension TextualValue {
    package var detailedDescription: String { description }
}
