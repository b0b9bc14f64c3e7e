/// A type whose `description` is already written the package's way, so the describers use it as
/// it is: ``ValueText`` writes a value of it as its `description`, and ``ValueDiff`` compares two
/// unequal values of it as one difference, from one `description` to the other, rather than
/// field by field (when both describe themselves alike, it looks into their fields, so the
/// difference is still named).
///
/// The navigation state of ReMVVMMiddleware conforms: its differences read
/// `navigation: [list, detail(id: 3)] -> [list]`, not as paths into its storage.
package protocol TextualValue: CustomStringConvertible {}
