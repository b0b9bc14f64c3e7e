import ReMVVMStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Swift source that builds a value, read from the value by reflection, for the tests a
/// ``SessionTestExporter`` writes: `User(firstName: "Ada", lastName: "Lovelace")`.
///
/// What becomes code: strings and characters (as Swift literals, escaped), `Bool`, every
/// integer and floating-point type of the standard library (`.infinity`, `.nan`), optionals
/// (`nil`; `.some(nil)` for an optional holding an empty optional), arrays, sets and dictionaries (sets and dictionaries in the order of their
/// elements' code, so the text does not change between runs), tuples, structs (as their
/// memberwise initializer, in the order of their stored properties) and enums (`Type.case`,
/// `Type.case(label: payload)`), and the values that have no stored property to read:
/// `UUID(uuidString: "...")!`, `Date(timeIntervalSinceReferenceDate: ...)`,
/// `URL(string: "...")!`, `Duration.seconds(...)`, and the library's lists (`IdentifiedArray`)
/// as an array literal of their elements. Everything else is not code (`nil`): class instances,
/// closures, structs with a stored property whose name starts with an underscore (property
/// wrappers, and most Foundation types such as `Date`, `Decimal`, `URL`), enums without a
/// payload that print themselves their own way (their case name cannot be read), metatypes.
///
/// A struct whose memberwise initializer is out of reach (a custom `init`, private
/// properties) still becomes its memberwise call, which then does not compile: reflection
/// cannot see initializers.
enum SwiftValueCode {
    /// The code that builds `value`, or `nil` when it cannot be written as code.
    static func code(for value: Any) -> String? {
        if let own = value as? any SessionTestCode { return own.sessionTestCode }
        switch value {
        case let text as String: return String(reflecting: text)
        case let character as Character: return String(reflecting: String(character))
        case let flag as Bool: return flag ? "true" : "false"
        case let integer as any BinaryInteger: return "\(integer)"
        case let number as Double: return numberCode(number)
        case let number as Float: return numberCode(Double(number))
        case let id as UUID: return "UUID(uuidString: \(String(reflecting: id.uuidString)))!"
        case let date as Date:
            return "Date(timeIntervalSinceReferenceDate: \(numberCode(date.timeIntervalSinceReferenceDate)))"
        case let url as URL: return "URL(string: \(String(reflecting: url.absoluteString)))!"
        case let duration as Duration: return durationCode(duration)
        default: break
        }
        // A list of the library (an `IdentifiedArray`) is written as its elements: its type takes
        // an array literal.
        if let list = value as? any ArrayLiteralValue {
            return self.list(list.arrayLiteralElements, sorted: false)
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return "nil" }
            // An optional in an optional: a bare `nil` would be the outer one.
            if Mirror(reflecting: wrapped.value).displayStyle == .optional {
                return code(for: wrapped.value).map { ".some(\($0))" }
            }
            return code(for: wrapped.value)
        case .collection:
            return list(mirror.children.map(\.value), sorted: false)
        case .set:
            return list(mirror.children.map(\.value), sorted: true)
        case .dictionary:
            var pairs: [String] = []
            for child in mirror.children {
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                guard pair.count == 2, let key = code(for: pair[0]), let element = code(for: pair[1]) else {
                    return nil
                }
                pairs.append("\(key): \(element)")
            }
            return pairs.isEmpty ? "[:]" : "[" + pairs.sorted().joined(separator: ", ") + "]"
        case .tuple:
            return arguments(of: mirror).map { "(\($0))" }
        case .struct:
            guard let name = typeName(of: value), let arguments = arguments(of: mirror) else { return nil }
            return "\(name)(\(arguments))"
        case .enum:
            return enumCode(value, mirror: mirror)
        default:
            return nil
        }
    }

    /// Whether two values are the same: `==` for `Equatable` ones, identity for class
    /// instances, otherwise the same type with the same parts.
    static func isSame(_ lhs: Any, _ rhs: Any) -> Bool {
        guard ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs)) else { return false }
        if let equatable = lhs as? any Equatable { return isEqual(equatable, rhs) }
        if type(of: lhs) is AnyClass {
            return ObjectIdentifier(lhs as AnyObject) == ObjectIdentifier(rhs as AnyObject)
        }
        let left = Mirror(reflecting: lhs).children
        let right = Mirror(reflecting: rhs).children
        guard left.count == right.count else { return false }
        if left.isEmpty { return String(reflecting: lhs) == String(reflecting: rhs) }
        return zip(left, right).allSatisfy { $0.label == $1.label && isSame($0.value, $1.value) }
    }

    /// The name a test writes for `value`'s type: its full name without the module.
    static func typeName(of value: Any) -> String? {
        let name = LogLine.typeName(of: type(of: value))
        return name.isEmpty || name.contains("(") ? nil : name
    }

    /// The stored properties of a struct-like value, or `nil` when one cannot be an argument
    /// (no label, or an underscored one: a property wrapper's storage, a private detail).
    static func labeledParts(of value: Any) -> [(label: String, value: Any)]? {
        var parts: [(label: String, value: Any)] = []
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, !label.hasPrefix("_") else { return nil }
            parts.append((label, child.value))
        }
        return parts
    }

    private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
        (rhs as? Value) == lhs
    }

    /// `Duration.seconds(2)`, `Duration.milliseconds(1500)`, or its two components.
    private static func durationCode(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        if attoseconds == 0 { return "Duration.seconds(\(seconds))" }
        if attoseconds % perMillisecond == 0, abs(seconds) < Int64.max / 1_000 {
            return "Duration.milliseconds(\(seconds * 1_000 + attoseconds / perMillisecond))"
        }
        return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
    }

    private static func numberCode(_ number: Double) -> String {
        if number.isNaN { return ".nan" }
        if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
        return "\(number)"
    }

    private static func list(_ values: [Any], sorted: Bool) -> String? {
        var codes: [String] = []
        for value in values {
            guard let code = code(for: value) else { return nil }
            codes.append(code)
        }
        return "[" + (sorted ? codes.sorted() : codes).joined(separator: ", ") + "]"
    }

    /// `label: code, ...` for a struct's properties or a tuple's elements (`.0` elements
    /// without a label).
    private static func arguments(of mirror: Mirror) -> String? {
        var arguments: [String] = []
        for child in mirror.children {
            guard let label = child.label, !label.hasPrefix("_"), let code = code(for: child.value) else {
                return nil
            }
            arguments.append(label.hasPrefix(".") ? code : "\(label): \(code)")
        }
        return arguments.joined(separator: ", ")
    }

    private static func enumCode(_ value: Any, mirror: Mirror) -> String? {
        guard let name = typeName(of: value) else { return nil }
        guard let payload = mirror.children.first, let caseName = payload.label else {
            // Without a payload, the case name is how the value prints by default.
            if value is any CustomStringConvertible || value is any CustomDebugStringConvertible {
                return nil
            }
            return "\(name).\(String(describing: value))"
        }
        let inner = Mirror(reflecting: payload.value)
        if inner.displayStyle == .tuple {
            return arguments(of: inner).map { "\(name).\(caseName)(\($0))" }
        }
        return code(for: payload.value).map { "\(name).\(caseName)(\($0))" }
    }
}
