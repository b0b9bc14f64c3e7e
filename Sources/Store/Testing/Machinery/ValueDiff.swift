/// One place where an expected value and an actual one differ.
struct ValueDifference: Equatable {
    /// Where, as a Swift-like path from the compared value: `todos[0].title`.
    let path: String
    let expected: String
    let actual: String

    var line: String { "\(path): expected \(expected), got \(actual)" }
}

/// Compares two values structurally, with `Mirror`: stored properties by name, collections
/// element by element, enums by case and payload, class instances by identity. A value that is
/// `Equatable` and equal is not looked into.
enum ValueDiff {
    /// The longest a value is shown in a difference; longer ones are cut in the middle.
    static let valueLimit = 160

    /// Every difference between `expected` and `actual`, in the order of their stored properties.
    static func differences(expected: Any, actual: Any, path: String = "") -> [ValueDifference] {
        var result: [ValueDifference] = []
        compare(expected, actual, path: path, into: &result)
        return result
    }

    /// Whether the two values are equal: `==` when they are `Equatable`, otherwise structurally.
    static func areEqual(_ expected: Any, _ actual: Any) -> Bool {
        if let equal = equatableEqual(expected, actual) { return equal }
        return differences(expected: expected, actual: actual).isEmpty
    }

    /// `==` when `lhs` is `Equatable` and `rhs` has the same type; `nil` when `==` does not apply.
    static func equatableEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        return open(lhs, rhs)
    }

    private static func open<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool? {
        guard let rhs = rhs as? T else { return nil }
        return lhs == rhs
    }

    /// The value as a difference shows it: strings quoted, long values cut in the middle.
    static func show(_ value: Any) -> String {
        truncatedInMiddle(render(value, depth: 0), limit: valueLimit)
    }

    /// The value written as Swift source would write it, without module prefixes:
    /// `Todo(id: 1, title: "milk")`, `[1, 2]`, `.loaded(page: 2)`.
    static func render(_ value: Any, depth: Int) -> String {
        if let string = value as? String { return string.debugDescription }
        if let character = value as? Character { return String(character).debugDescription }
        if value is any CustomStringConvertible, !(value is any StoreState) && !(value is any StoreAction) {
            // The type's own text (numbers, dates, types that chose one), unless it is a
            // compound value whose text would repeat module-qualified element types.
            let mirror = Mirror(reflecting: value)
            if mirror.children.isEmpty || mirror.displayStyle == nil { return String(describing: value) }
        }
        let mirror = Mirror(reflecting: value)
        guard depth < 12 else { return "…" }
        let typeName = String(describing: type(of: value))
        let children = mirror.children.map { ($0.label, render($0.value, depth: depth + 1)) }
        switch mirror.displayStyle {
        case .optional:
            return children.first?.1 ?? "nil"
        case .collection, .set:
            return "[" + children.map(\.1).joined(separator: ", ") + "]"
        case .dictionary:
            let entries = mirror.children.map { entry -> String in
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { return render(entry.value, depth: depth + 1) }
                return
                    "\(render(pair[0].value, depth: depth + 1)): \(render(pair[1].value, depth: depth + 1))"
            }
            return entries.isEmpty ? "[:]" : "[" + entries.joined(separator: ", ") + "]"
        case .enum:
            guard let payload = mirror.children.first else { return ".\(value)" }
            let inner = Mirror(reflecting: payload.value)
            let arguments =
                inner.displayStyle == .tuple
                ? inner.children.map { child in
                    argument(child.label, render(child.value, depth: depth + 1))
                }
                : [render(payload.value, depth: depth + 1)]
            return ".\(payload.label ?? "")(\(arguments.joined(separator: ", ")))"
        case .tuple:
            return "(" + children.map { argument($0.0, $0.1) }.joined(separator: ", ") + ")"
        case .class:
            return "\(typeName)(" + children.map { argument($0.0, $0.1) }.joined(separator: ", ") + ")"
        case .struct:
            return "\(typeName)(" + children.map { argument($0.0, $0.1) }.joined(separator: ", ") + ")"
        default:
            return String(describing: value)
        }
    }

    private static func argument(_ label: String?, _ value: String) -> String {
        guard let label, !label.hasPrefix(".") else { return value }
        return "\(label): \(value)"
    }

    private static func label(_ path: String) -> String { path.isEmpty ? "state" : path }

    private static func differ(
        _ path: String, _ expected: Any, _ actual: Any, into result: inout [ValueDifference]
    ) {
        result.append(ValueDifference(path: label(path), expected: show(expected), actual: show(actual)))
    }

    private static func compare(
        _ expected: Any, _ actual: Any, path: String, into result: inout [ValueDifference]
    ) {
        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        if type(of: expected) != type(of: actual) && expectedMirror.displayStyle != .optional {
            differ(path, expected, actual, into: &result)
            return
        }
        if expectedMirror.displayStyle == .class || type(of: expected) is AnyClass {
            if (expected as AnyObject) !== (actual as AnyObject) {
                result.append(
                    ValueDifference(
                        path: label(path),
                        expected: identity(of: expected),
                        actual: identity(of: actual)
                    )
                )
            }
            return
        }
        if let equal = equatableEqual(expected, actual) {
            if equal { return }
            let isLeaf = expectedMirror.children.isEmpty && actualMirror.children.isEmpty
            if isLeaf || expectedMirror.displayStyle == .set {
                differ(path, expected, actual, into: &result)
                return
            }
        }
        switch expectedMirror.displayStyle {
        case .optional:
            compareOptionals(expected, expectedMirror, actual, actualMirror, path: path, into: &result)
        case .enum:
            compareEnums(expected, expectedMirror, actual, actualMirror, path: path, into: &result)
        case .collection:
            compareCollections(expectedMirror, actualMirror, path: path, into: &result)
        case .dictionary:
            compareDictionaries(expectedMirror, actualMirror, path: path, into: &result)
        case .set:
            if expectedMirror.children.count != actualMirror.children.count
                || String(describing: expected) != String(describing: actual)
            {
                differ(path, expected, actual, into: &result)
            }
        default:
            compareFields(expected, expectedMirror, actual, actualMirror, path: path, into: &result)
        }
    }

    private static func identity(of value: Any) -> String {
        let object = value as AnyObject
        return
            "\(type(of: object)) instance \(ObjectIdentifier(object).debugDescription.suffix(14).dropLast())"
    }

    private static func compareOptionals(
        _ expected: Any,
        _ expectedMirror: Mirror,
        _ actual: Any,
        _ actualMirror: Mirror,
        path: String,
        into result: inout [ValueDifference]
    ) {
        let expectedValue: Any? = expectedMirror.children.first?.value
        let actualValue: Any? =
            actualMirror.displayStyle == .optional ? actualMirror.children.first?.value : actual
        switch (expectedValue, actualValue) {
        case (nil, nil):
            return
        case (let expectedValue?, let actualValue?):
            compare(expectedValue, actualValue, path: path, into: &result)
        default:
            result.append(
                ValueDifference(
                    path: label(path),
                    expected: expectedValue.map(show) ?? "nil",
                    actual: actualValue.map(show) ?? "nil"
                )
            )
        }
    }

    private static func compareEnums(
        _ expected: Any,
        _ expectedMirror: Mirror,
        _ actual: Any,
        _ actualMirror: Mirror,
        path: String,
        into result: inout [ValueDifference]
    ) {
        let expectedCase = expectedMirror.children.first
        let actualCase = actualMirror.children.first
        guard let expectedCase, let actualCase, expectedCase.label == actualCase.label else {
            // Different cases, or cases without payload: the names tell them apart.
            if expectedCase != nil || actualCase != nil
                || String(describing: expected) != String(describing: actual)
            {
                differ(path, expected, actual, into: &result)
            }
            return
        }
        let name = expectedCase.label ?? "payload"
        let casePath = path.isEmpty ? name : "\(path).\(name)"
        compare(expectedCase.value, actualCase.value, path: casePath, into: &result)
    }

    private static func compareCollections(
        _ expectedMirror: Mirror,
        _ actualMirror: Mirror,
        path: String,
        into result: inout [ValueDifference]
    ) {
        let expected = Array(expectedMirror.children)
        let actual = Array(actualMirror.children)
        for index in 0..<max(expected.count, actual.count) {
            let elementPath = "\(path)[\(index)]"
            switch (index < expected.count, index < actual.count) {
            case (true, true):
                compare(expected[index].value, actual[index].value, path: elementPath, into: &result)
            case (true, false):
                result.append(
                    ValueDifference(
                        path: elementPath, expected: show(expected[index].value), actual: "no element")
                )
            default:
                result.append(
                    ValueDifference(
                        path: elementPath, expected: "no element", actual: show(actual[index].value))
                )
            }
        }
    }

    private static func compareDictionaries(
        _ expectedMirror: Mirror,
        _ actualMirror: Mirror,
        path: String,
        into result: inout [ValueDifference]
    ) {
        func entries(_ mirror: Mirror) -> [(key: String, value: Any)] {
            mirror.children.map { child in
                let pair = Array(Mirror(reflecting: child.value).children)
                let key = pair.first.map { show($0.value) } ?? "?"
                return (key, pair.count > 1 ? pair[1].value : child.value)
            }
            .sorted { $0.key < $1.key }
        }
        let expected = entries(expectedMirror)
        let actual = Dictionary(
            entries(actualMirror).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        for (key, value) in expected {
            seen.insert(key)
            let entryPath = "\(path)[\(key)]"
            if let actualValue = actual[key] {
                compare(value, actualValue, path: entryPath, into: &result)
            } else {
                result.append(ValueDifference(path: entryPath, expected: show(value), actual: "no entry"))
            }
        }
        for (key, value) in actual.sorted(by: { $0.key < $1.key }) where !seen.contains(key) {
            result.append(ValueDifference(path: "\(path)[\(key)]", expected: "no entry", actual: show(value)))
        }
    }

    private static func compareFields(
        _ expected: Any,
        _ expectedMirror: Mirror,
        _ actual: Any,
        _ actualMirror: Mirror,
        path: String,
        into result: inout [ValueDifference]
    ) {
        let expectedChildren = Array(expectedMirror.children)
        let actualChildren = Array(actualMirror.children)
        guard !expectedChildren.isEmpty, expectedChildren.count == actualChildren.count else {
            if String(describing: expected) != String(describing: actual) {
                differ(path, expected, actual, into: &result)
            }
            return
        }
        for (offset, (expectedChild, actualChild)) in zip(expectedChildren, actualChildren).enumerated() {
            let name = expectedChild.label ?? ".\(offset)"
            let childPath: String
            if name.hasPrefix(".") {
                childPath = "\(path)\(name)"
            } else {
                childPath = path.isEmpty ? name : "\(path).\(name)"
            }
            compare(expectedChild.value, actualChild.value, path: childPath, into: &result)
        }
    }
}
