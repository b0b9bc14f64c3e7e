/// Compares two values structurally, with `Mirror`, and names the leaves that differ: stored
/// properties by name (`search.query`), collections element by element (`todos[2].title`),
/// dictionaries entry by entry (`tags["a"]`), enums by case and payload (`phase.loaded.total`),
/// optionals through their value, class instances by identity. A value that is `Equatable` and
/// equal is not looked into; an unequal ``TextualValue`` is one difference, shown as it describes
/// itself. Values are shown as ``ValueText`` writes them. An unequal `Equatable` value that
/// describes itself (``ValueText/describesItself(_:)``: a `Duration`, a `Date`, a tagged id) is
/// one difference, shown by its description, when the two descriptions differ, and is looked
/// into otherwise; a state is looked into property by property whatever description it has. Two values shown as one difference are
/// cut so that the first place where their texts differ stays in view on both sides
/// (``ValueText/cut(_:_:limit:)``).
///
/// A collection reached by id (an `IdentifiedCollection`) is compared by id, not by index, so
/// removing its first row is one difference rather than every later row shifted: a row only one
/// side has is ``ValueDifference/Kind/removed`` or ``ValueDifference/Kind/added``
/// (`books[id: 1]`), a row both have is looked into under its id (`books[id: 2].title`), and
/// rows of the same ids in another order are one ``ValueDifference/Kind/reordered`` difference
/// at the collection's path, with the ids of each side in order. A plain array is compared by
/// index even when its elements are `Identifiable`: its positions are what it promises, and it
/// may hold an id twice.
///
/// The package's one value differ: `TestStore` names the paths where the expected state and
/// the actual one differ; any other client (a tracer, say) the paths an action changed.
package enum ValueDiff {
    /// How long a value shown in a `TestStore` failure may be; longer ones are cut in the
    /// middle.
    package static let testStoreValueLimit = 160

    /// Every difference between `first` and `second`, in the order of their stored properties.
    ///
    /// - Parameters:
    ///   - first: The reference value: the expected state, or the state before an action.
    ///   - second: The value compared with it.
    ///   - valueLimit: How many characters a shown value may have; a longer one keeps its
    ///     start and its end, with `…(n more)…` between.
    package static func differences(
        from first: Any, to second: Any, valueLimit: Int = testStoreValueLimit
    ) -> [ValueDifference] {
        var walk = Walk(valueLimit: valueLimit)
        walk.compare(first, second, path: "")
        return walk.result
    }

    /// `==` when `lhs` is `Equatable` and `rhs` has the same type; `nil` when `==` does not apply.
    package static func equatableEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        return open(lhs, rhs)
    }

    private static func open<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool? {
        guard let rhs = rhs as? T else { return nil }
        return lhs == rhs
    }

    /// The value as a difference shows it (``ValueText/value(_:limit:)``): strings quoted,
    /// a long value alone (a row added or removed) cut in the middle.
    package static func show(_ value: Any, limit: Int = testStoreValueLimit) -> String {
        ValueText.value(value, limit: limit)
    }

    private static func identity(of value: Any) -> String {
        let object = value as AnyObject
        return
            "\(TypeName.of(type(of: object))) instance \(ObjectIdentifier(object).debugDescription.suffix(14).dropLast())"
    }

    /// One comparison: its differences so far, and how long a shown value may be.
    private struct Walk {
        let valueLimit: Int
        var result: [ValueDifference] = []

        init(valueLimit: Int) {
            self.valueLimit = valueLimit
        }

        private func show(_ value: Any) -> String {
            ValueDiff.show(value, limit: valueLimit)
        }

        private mutating func add(
            _ path: String, _ first: String, _ second: String, kind: ValueDifference.Kind = .changed
        ) {
            result.append(
                ValueDifference(path: path.isEmpty ? "state" : path, from: first, to: second, kind: kind))
        }

        /// Adds a difference of two values that differ as a whole, each cut so that the
        /// place where their texts first differ stays in view.
        private mutating func differ(_ path: String, _ first: Any, _ second: Any) {
            differ(path, ValueText.value(first), ValueText.value(second))
        }

        private mutating func differ(_ path: String, _ first: String, _ second: String) {
            let (first, second) = ValueText.cut(first, second, limit: valueLimit)
            add(path, first, second)
        }

        mutating func compare(_ first: Any, _ second: Any, path: String) {
            let firstMirror = Mirror(reflecting: first)
            let secondMirror = Mirror(reflecting: second)
            if type(of: first) != type(of: second) && firstMirror.displayStyle != .optional {
                differ(path, first, second)
                return
            }
            if firstMirror.displayStyle == .class || type(of: first) is AnyClass {
                if (first as AnyObject) !== (second as AnyObject) {
                    add(path, identity(of: first), identity(of: second))
                }
                return
            }
            if let equal = equatableEqual(first, second) {
                if equal { return }
                let isLeaf = firstMirror.children.isEmpty && secondMirror.children.isEmpty
                if isLeaf || firstMirror.displayStyle == .set {
                    differ(path, first, second)
                    return
                }
                // A value written as it describes itself (a duration, a date, a tagged id) is one
                // difference when its texts tell the two apart; a state is looked into whatever
                // it says of itself.
                if !(first is any StoreState), ValueText.describesItself(first) {
                    let firstText = ValueText.value(first)
                    let secondText = ValueText.value(second)
                    if firstText != secondText {
                        differ(path, firstText, secondText)
                        return
                    }
                }
            }
            if let first = first as? any TextualValue, let second = second as? any TextualValue {
                if first.description != second.description {
                    differ(path, first, second)
                    return
                }
                // Alike to read: their details, when those tell the two apart.
                let firstDetail = first.detailedDescription
                let secondDetail = second.detailedDescription
                if firstDetail != secondDetail {
                    differ(path, firstDetail, secondDetail)
                    return
                }
            }
            if firstMirror.displayStyle != .optional, compareByID(first, second, path: path) { return }
            switch firstMirror.displayStyle {
            case .optional:
                compareOptionals(firstMirror, second, secondMirror, path: path)
            case .enum:
                compareEnums(first, firstMirror, second, secondMirror, path: path)
            case .collection:
                compareCollections(firstMirror, secondMirror, path: path)
            case .dictionary:
                compareDictionaries(firstMirror, secondMirror, path: path)
            case .set:
                if firstMirror.children.count != secondMirror.children.count
                    || String(describing: first) != String(describing: second)
                {
                    differ(path, first, second)
                }
            default:
                compareFields(first, firstMirror, second, secondMirror, path: path)
            }
        }

        private mutating func compareOptionals(
            _ firstMirror: Mirror, _ second: Any, _ secondMirror: Mirror, path: String
        ) {
            let firstValue: Any? = firstMirror.children.first?.value
            let secondValue: Any? =
                secondMirror.displayStyle == .optional ? secondMirror.children.first?.value : second
            switch (firstValue, secondValue) {
            case (nil, nil):
                return
            case (let firstValue?, let secondValue?):
                compare(firstValue, secondValue, path: path)
            default:
                add(path, firstValue.map(show) ?? "nil", secondValue.map(show) ?? "nil")
            }
        }

        private mutating func compareEnums(
            _ first: Any, _ firstMirror: Mirror, _ second: Any, _ secondMirror: Mirror, path: String
        ) {
            let firstCase = firstMirror.children.first
            let secondCase = secondMirror.children.first
            guard let firstCase, let secondCase, firstCase.label == secondCase.label else {
                // Different cases, or cases without payload: the names tell them apart.
                if firstCase != nil || secondCase != nil
                    || String(describing: first) != String(describing: second)
                {
                    differ(path, first, second)
                }
                return
            }
            let name = firstCase.label ?? "payload"
            compare(firstCase.value, secondCase.value, path: path.isEmpty ? name : "\(path).\(name)")
        }

        private mutating func compareCollections(_ firstMirror: Mirror, _ secondMirror: Mirror, path: String)
        {
            let first = Array(firstMirror.children)
            let second = Array(secondMirror.children)
            for index in 0..<max(first.count, second.count) {
                let elementPath = "\(path)[\(index)]"
                switch (index < first.count, index < second.count) {
                case (true, true):
                    compare(first[index].value, second[index].value, path: elementPath)
                case (true, false):
                    add(elementPath, show(first[index].value), "no element")
                default:
                    add(elementPath, "no element", show(second[index].value))
                }
            }
        }

        /// Compares two collections reached by id, row by row under each id; `false` when they
        /// are not such collections (or one holds an id twice, which its type should not allow):
        /// they are then compared as any other value.
        private mutating func compareByID(_ first: Any, _ second: Any, path: String) -> Bool {
            guard let collection = first as? any IdentifiedCollection,
                let (firstRows, secondRows) = IdentifiedRow.rows(of: collection, and: second)
            else { return false }
            guard let firstOffsets = IdentifiedRow.offsets(of: firstRows),
                let secondOffsets = IdentifiedRow.offsets(of: secondRows)
            else { return false }
            func rowPath(_ row: IdentifiedRow) -> String { "\(path)[id: \(show(row.id.base))]" }
            for row in firstRows where secondOffsets[row.id] == nil {
                add(rowPath(row), show(row.element), "no element", kind: .removed)
            }
            for row in firstRows {
                guard let offset = secondOffsets[row.id] else { continue }
                compare(row.element, secondRows[offset].element, path: rowPath(row))
            }
            for row in secondRows where firstOffsets[row.id] == nil {
                add(rowPath(row), "no element", show(row.element), kind: .added)
            }
            // Rows added or removed are said above; the order changed when the rows of both
            // sides do not come in the same order.
            let firstKept = firstRows.lazy.map(\.id).filter { secondOffsets[$0] != nil }
            let secondKept = secondRows.lazy.map(\.id).filter { firstOffsets[$0] != nil }
            if !firstKept.elementsEqual(secondKept) {
                let (first, second) = ValueText.cut(
                    ids(of: firstRows), ids(of: secondRows), limit: valueLimit)
                add(path, first, second, kind: .reordered)
            }
            return true
        }

        /// `[1, 2, 3]`: the ids of `rows` in order, shown as values are.
        private func ids(of rows: [IdentifiedRow]) -> String {
            "[" + rows.map { ValueText.render($0.id.base, depth: 0) }.joined(separator: ", ") + "]"
        }

        private mutating func compareDictionaries(_ firstMirror: Mirror, _ secondMirror: Mirror, path: String)
        {
            let limit = valueLimit
            func entries(_ mirror: Mirror) -> [(key: String, value: Any)] {
                mirror.children.map { child in
                    let pair = Array(Mirror(reflecting: child.value).children)
                    let key = pair.first.map { ValueDiff.show($0.value, limit: limit) } ?? "?"
                    return (key, pair.count > 1 ? pair[1].value : child.value)
                }
                .sorted { $0.key < $1.key }
            }
            let first = entries(firstMirror)
            let second = Dictionary(
                entries(secondMirror).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            var seen = Set<String>()
            for (key, value) in first {
                seen.insert(key)
                let entryPath = "\(path)[\(key)]"
                if let secondValue = second[key] {
                    compare(value, secondValue, path: entryPath)
                } else {
                    add(entryPath, show(value), "no entry")
                }
            }
            for (key, value) in second.sorted(by: { $0.key < $1.key }) where !seen.contains(key) {
                add("\(path)[\(key)]", "no entry", show(value))
            }
        }

        private mutating func compareFields(
            _ first: Any, _ firstMirror: Mirror, _ second: Any, _ secondMirror: Mirror, path: String
        ) {
            let firstChildren = Array(firstMirror.children)
            let secondChildren = Array(secondMirror.children)
            guard !firstChildren.isEmpty, firstChildren.count == secondChildren.count else {
                if String(describing: first) != String(describing: second) {
                    differ(path, first, second)
                }
                return
            }
            for (offset, (firstChild, secondChild)) in zip(firstChildren, secondChildren).enumerated() {
                let name = firstChild.label ?? ".\(offset)"
                let childPath: String
                if name.hasPrefix(".") {
                    childPath = "\(path)\(name)"
                } else {
                    childPath = path.isEmpty ? name : "\(path).\(name)"
                }
                compare(firstChild.value, secondChild.value, path: childPath)
            }
        }
    }
}

/// One element of a collection reached by id, with its id made hashable across types.
private struct IdentifiedRow {
    let id: AnyHashable
    let element: Any

    init<Element: Identifiable>(_ element: Element) {
        id = AnyHashable(element.id)
        self.element = element
    }

    /// The rows of `first` and of `second`, in order; `nil` when `second` is not of the type of
    /// `first`.
    static func rows<Collection: IdentifiedCollection>(
        of first: Collection, and second: Any
    ) -> (first: [IdentifiedRow], second: [IdentifiedRow])? {
        guard let second = second as? Collection else { return nil }
        return (rows(of: first), rows(of: second))
    }

    private static func rows<Collection: IdentifiedCollection>(of collection: Collection) -> [IdentifiedRow] {
        var rows: [IdentifiedRow] = []
        rows.reserveCapacity(collection.count)
        for element in collection { rows.append(IdentifiedRow(element)) }
        return rows
    }

    /// Where each id is in `rows`; `nil` when an id is there twice.
    static func offsets(of rows: [IdentifiedRow]) -> [AnyHashable: Int]? {
        var offsets: [AnyHashable: Int] = [:]
        offsets.reserveCapacity(rows.count)
        for (offset, row) in rows.enumerated() {
            guard offsets.updateValue(offset, forKey: row.id) == nil else { return nil }
        }
        return offsets
    }
}
