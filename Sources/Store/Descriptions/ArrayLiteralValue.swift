/// A collection of the library whose value a test writes as an array literal of its elements
/// (`[Book(id: 1, title: "Dune")]`), which its type accepts (`ExpressibleByArrayLiteral`), rather
/// than as the memberwise call reflection would make of its private storage.
package protocol ArrayLiteralValue {
    /// The elements, in order.
    var arrayLiteralElements: [Any] { get }
}

extension IdentifiedArray: ArrayLiteralValue {
    package var arrayLiteralElements: [Any] { map { $0 } }
}
