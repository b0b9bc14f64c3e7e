/// One key a person pressed at the prompt, decoded from the bytes a terminal sends.
enum Key: Equatable {
    /// A character to insert: the bytes of one UTF-8 encoded scalar.
    case character([UInt8])
    case enter
    case backspace
    case delete
    case left
    case right
    case home
    case end
    case up
    case down
    /// Ctrl-C.
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// Ctrl-L.
    case redraw
    /// Ctrl-K.
    case deleteToEnd
    /// Ctrl-U.
    case deleteToStart
    /// A control key or escape sequence the prompt does not use; it is consumed, not inserted.
    case ignored
}

/// Turns the bytes of a terminal in raw mode into keys, one byte at a time.
///
/// Escape sequences (`ESC [ ... final`, `ESC O x`) are consumed whole, whether or not the
/// prompt knows them, so an arrow key never becomes text.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Feeds one byte; returns the key it completes, or `nil` while a sequence is unfinished.
    mutating func feed(_ byte: UInt8) -> Key? {
        if pending.isEmpty {
            switch byte {
            case 0x1B:
                pending = [byte]
                return nil
            case 0x0D, 0x0A: return .enter
            case 0x7F, 0x08: return .backspace
            case 0x01: return .home
            case 0x05: return .end
            case 0x02: return .left
            case 0x06: return .right
            case 0x10: return .up
            case 0x0E: return .down
            case 0x03: return .interrupt
            case 0x04: return .endOfInput
            case 0x0C: return .redraw
            case 0x0B: return .deleteToEnd
            case 0x15: return .deleteToStart
            case 0x00..<0x20: return .ignored
            case 0x80..<0xC0: return .ignored  // a continuation byte without its lead byte
            case 0xC0..<0xE0, 0xE0..<0xF0, 0xF0..<0xF8:
                pending = [byte]
                return nil
            case 0xF8...0xFF: return .ignored
            default: return .character([byte])
            }
        }
        pending.append(byte)
        if pending[0] == 0x1B { return escapeSequence() }
        return utf8Scalar()
    }

    private mutating func escapeSequence() -> Key? {
        if pending.count == 2 {
            // `ESC [` and `ESC O` start a sequence; anything else after ESC (Alt-key) is dropped.
            if pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O") { return nil }
            pending = []
            return .ignored
        }
        let last = pending[pending.count - 1]
        if pending[1] == UInt8(ascii: "O") {
            pending = []
            switch last {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            default: return .ignored
            }
        }
        // CSI: parameter and intermediate bytes 0x20...0x3F, then one final byte 0x40...0x7E.
        if (0x20...0x3F).contains(last) {
            if pending.count > 16 {
                pending = []
                return .ignored
            }
            return nil
        }
        let parameters = String(decoding: pending[2..<(pending.count - 1)], as: UTF8.self)
        pending = []
        switch (last, parameters) {
        case (UInt8(ascii: "A"), _): return .up
        case (UInt8(ascii: "B"), _): return .down
        case (UInt8(ascii: "C"), _): return .right
        case (UInt8(ascii: "D"), _): return .left
        case (UInt8(ascii: "H"), _): return .home
        case (UInt8(ascii: "F"), _): return .end
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return .end
        case (UInt8(ascii: "~"), "3"): return .delete
        default: return .ignored
        }
    }

    private mutating func utf8Scalar() -> Key? {
        let lead = pending[0]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard (0x80..<0xC0).contains(pending[pending.count - 1]) else {
            // Not a continuation: drop the broken scalar, decode this byte afresh.
            let byte = pending.removeLast()
            pending = []
            return feed(byte) ?? .ignored
        }
        guard pending.count == length else { return nil }
        defer { pending = [] }
        return .character(pending)
    }
}
