import ReMVVMStore

/// A value of this library that a session test writes its own way, not as the memberwise call
/// reflection would make of its stored properties (which may be private, or an initializer a
/// test cannot call).
protocol SessionTestCode {
    /// The Swift code that builds the value through public API, or `nil` when it has none.
    var sessionTestCode: String? { get }
}

/// A value of this library whose change a session test states as the calls that make it, on the
/// value as it was: `$0.navigation.apply(.present(Screen.greetings))`.
protocol SessionTestSteps {
    /// The calls, each written after `value.` in the test (after `value` for one that starts
    /// with `[`, a subscript, or `=`), that turn `self` into `other`, or `nil` when no such
    /// calls make exactly `other`.
    func sessionTestSteps(to other: Any) -> [String]?
}

extension UndoAction: SessionTestCode {
    var sessionTestCode: String? { "UndoAction()" }
}

extension RedoAction: SessionTestCode {
    var sessionTestCode: String? { "RedoAction()" }
}

extension NavigationAction: SessionTestCode {
    /// `NavigationAction<Screen>.push(Screen.greetings)`.
    var sessionTestCode: String? {
        guard let name = SwiftValueCode.typeName(of: self), let member = memberCode else { return nil }
        return name + member
    }

    /// The case with its payload, after the type: `.pop(count: 2)`, `.dismiss`; `nil` when a
    /// screen cannot be written as code.
    var memberCode: String? {
        func code(_ screen: Screen) -> String? { SwiftValueCode.code(for: screen) }
        func list(_ screens: [Screen]) -> String? {
            var codes: [String] = []
            for screen in screens {
                guard let screenCode = code(screen) else { return nil }
                codes.append(screenCode)
            }
            return "[" + codes.joined(separator: ", ") + "]"
        }
        switch self {
        case .push(let screen): return code(screen).map { ".push(\($0))" }
        case .pop(let count): return ".pop(count: \(count))"
        case .popToRoot: return ".popToRoot"
        case .present(let screen): return code(screen).map { ".present(\($0))" }
        case .dismiss: return ".dismiss"
        case .replace(let screens): return list(screens).map { ".replace(\($0))" }
        case .replaceWithModals(let screens, let modals):
            guard let root = list(screens) else { return nil }
            var codes: [String] = []
            for modal in modals {
                guard let modalCode = list(modal) else { return nil }
                codes.append(modalCode)
            }
            return ".replace(\(root), presenting: [\(codes.joined(separator: ", "))])"
        case .synchronize(let count): return ".synchronize(visibleCount: \(count))"
        case .popTo(let id): return ".popTo(id: \(id))"
        case .close(let id): return ".close(id: \(id))"
        }
    }
}

extension AlertState: SessionTestCode {
    /// `AlertState<DetailAlert>(title: "Delete?", buttons: [.destructive("Yes, delete", action:
    /// DetailAlert.confirmDeletion), .cancel("Nevermind")])`, through the public initializer: a
    /// part left at its default is left out; `nil` when a value cannot be written as code.
    var sessionTestCode: String? {
        guard let name = SwiftValueCode.typeName(of: self) else { return nil }
        var arguments = ["title: " + String(reflecting: title)]
        if let message { arguments.append("message: " + String(reflecting: message)) }
        if !buttons.isEmpty {
            var codes: [String] = []
            for button in buttons {
                guard let code = button.memberCode else { return nil }
                codes.append(code)
            }
            arguments.append("buttons: [" + codes.joined(separator: ", ") + "]")
        }
        if style != .alert { arguments.append("style: .\(style.rawValue)") }
        return name + "(" + arguments.joined(separator: ", ") + ")"
    }
}

extension AlertButton: SessionTestCode {
    /// `AlertButton<DetailAlert>.cancel("Nevermind")`: its static constructor, since its
    /// initializer is not public.
    var sessionTestCode: String? {
        guard let name = SwiftValueCode.typeName(of: self), let member = memberCode else { return nil }
        return name + member
    }

    /// The constructor after the type: `.destructive("Yes, delete", action:
    /// DetailAlert.confirmDeletion)`; `nil` when the value cannot be written as code.
    var memberCode: String? {
        let label = String(reflecting: label)
        guard let action else { return ".\(role.rawValue)(\(label))" }
        return SwiftValueCode.code(for: action).map { ".\(role.rawValue)(\(label), action: \($0))" }
    }
}

extension NavigationState: SessionTestCode {
    /// None: a test states a navigation through the actions that make it (``SessionTestSteps``),
    /// since its entries' identifiers come from a counter it keeps to itself.
    var sessionTestCode: String? { nil }
}

extension NavigationState: SessionTestSteps where Screen: Equatable {
    /// The calls of ``sessionSteps(to:)``, written: `apply(.dismiss)`,
    /// `= NavigationState(root: Screen.login)`, `[id: 4]?.screen = Screen.profile(id: 3)`; `nil`
    /// when a screen cannot be written.
    func sessionTestSteps(to other: Any) -> [String]? {
        guard let target = other as? Self, let steps = sessionSteps(to: target) else { return nil }
        var calls: [String] = []
        for step in steps {
            guard let call = step.code else { return nil }
            calls.append(call)
        }
        return calls
    }

    /// The changes that make `target`: from this state, the screens changed in place in the
    /// entries both keep, the pops and dismisses down to the entries both share, then the
    /// pushes and presents of the rest; when that cannot be (an
    /// undo brought back a state whose next entry takes an earlier identifier), the same from a
    /// new state. An identifier that an entry took and gave up again is taken the same way, by
    /// a push and a pop. `nil` when none make exactly `target`.
    ///
    /// The steps are worked out on the stored parts, as ``apply(_:)`` changes them (a
    /// `NavigationAction` needs a `Sendable` screen, which a conditional conformance cannot ask
    /// for); the tests of this file apply them, and the test that runs them checks the result.
    func sessionSteps(to target: Self) -> [NavigationTestStep<Screen>]? {
        var fromHere = NavigationSteps(from: self)
        if let steps = fromHere.steps(to: target) { return steps }
        guard let root = target.shownEntries.first else { return nil }
        var fromNew = NavigationSteps(from: NavigationState(root: root.screen))
        return fromNew.steps(to: target).map { [.new(root: root.screen)] + $0 }
    }
}

/// One change a session test makes to a navigation, written after `$0.navigation`.
enum NavigationTestStep<Screen>: Equatable where Screen: Equatable {
    /// ` = NavigationState(root: screen)`
    case new(root: Screen)
    case push(Screen)
    case pop(count: Int)
    case present(Screen)
    case dismiss
    case replace(root: Screen)
    /// `[id: id]?.screen = screen`: the entry's screen changed in place.
    case setScreen(id: Int, Screen)

    /// The call, or `nil` when the screen cannot be written as code.
    var code: String? {
        func screen(_ value: Screen) -> String? { SwiftValueCode.code(for: value) }
        switch self {
        case .new(let root): return screen(root).map { "= NavigationState(root: \($0))" }
        case .push(let value): return screen(value).map { "apply(.push(\($0)))" }
        case .pop(let count): return "apply(.pop(count: \(count)))"
        case .present(let value): return screen(value).map { "apply(.present(\($0)))" }
        case .dismiss: return "apply(.dismiss)"
        case .replace(let root): return screen(root).map { "apply(.replace([\($0)]))" }
        case .setScreen(let id, let value): return screen(value).map { "[id: \(id)]?.screen = \($0)" }
        }
    }
}

/// The stored parts of a ``NavigationState`` on their way to another, and the steps so far.
private struct NavigationSteps<Screen: Equatable> {
    var entries: [NavigationEntry<Screen>]
    var starts: [Int]
    var next: Int
    var steps: [NavigationTestStep<Screen>] = []
    var popped = 0

    init(from state: NavigationState<Screen>) {
        entries = state.shownEntries
        starts = state.modalStarts
        next = state.nextID
    }

    /// The steps that make `target`, or `nil`.
    mutating func steps(to target: NavigationState<Screen>) -> [NavigationTestStep<Screen>]? {
        // An entry with the same identifier at the same place is the same appearance: where its
        // screen differs, it changed in place.
        var index = 0
        while index < min(entries.count, target.shownEntries.count),
            entries[index].id == target.shownEntries[index].id
        {
            let screen = target.shownEntries[index].screen
            if entries[index].screen != screen {
                entries[index].screen = screen
                steps.append(.setScreen(id: entries[index].id, screen))
            }
            index += 1
        }
        func sharesPrefix() -> Bool {
            entries.count <= target.shownEntries.count
                && target.shownEntries.prefix(entries.count).elementsEqual(entries)
                && starts == target.modalStarts.filter { $0 < entries.count }
        }
        while !sharesPrefix() {
            let topStart = starts.last ?? 0
            if entries.count - topStart > 1 {
                entries.removeLast()
                popped += 1
            } else if topStart > 0 {
                endPops()
                entries.removeLast()
                starts.removeLast()
                steps.append(.dismiss)
            } else if entries.count == 1, let root = target.shownEntries.first {
                // Another root: a replace makes it, with the identifier it had.
                endPops()
                guard burn(until: root.id, screen: root.screen) else { return nil }
                steps.append(.replace(root: root.screen))
                entries = [NavigationEntry(screen: root.screen, id: next)]
                next += 1
            } else {
                return nil
            }
        }
        endPops()
        for index in entries.count..<target.shownEntries.count {
            let entry = target.shownEntries[index]
            guard burn(until: entry.id, screen: entry.screen) else { return nil }
            if target.modalStarts.contains(index) {
                starts.append(index)
                steps.append(.present(entry.screen))
            } else {
                steps.append(.push(entry.screen))
            }
            entries.append(NavigationEntry(screen: entry.screen, id: next))
            next += 1
        }
        guard let top = entries.last, burn(until: target.nextID, screen: top.screen),
            entries == target.shownEntries, starts == target.modalStarts, next == target.nextID
        else { return nil }
        return steps
    }

    private mutating func endPops() {
        if popped > 0 { steps.append(.pop(count: popped)) }
        popped = 0
    }

    /// Takes identifiers up to `id` by pushing `screen` and popping it again; `false` when
    /// `id` is already taken.
    private mutating func burn(until id: Int, screen: Screen) -> Bool {
        guard next <= id else { return false }
        while next < id {
            steps += [.push(screen), .pop(count: 1)]
            next += 1
        }
        return true
    }
}
