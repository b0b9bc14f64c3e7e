import ReMVVMStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The format of one line of an action log, in both directions:
/// `{"seq":1,"type":"LoginAction","origin":"outside","action":{...}}` or
/// `{"seq":2,"type":"Ping","origin":"followUp","time":0.3,"skipped":true}`. Logs written before
/// origins were recorded have no `"origin"`, and those written before times were recorded no
/// `"time"`; they still read, with an unknown origin and time. An undo or a redo also names the
/// line whose state before it brought back: `"restores":3`, or `"restores":null` when there was
/// nothing to restore.
enum LogLine {
    /// The name a log gives an action type: ``TypeName``'s, so a log, a trace and a test name
    /// an action alike (`SearchFeature.Changed`, `Wrapper<Int>`). It is what
    /// ``ActionReplayer`` matches, so it must not change for logs already written.
    static func typeName(of type: any Any.Type) -> String {
        TypeName.of(type)
    }

    /// The line of an action whose payload `encoder` made, with its newline.
    static func entry(
        sequenceNumber: Int, typeName: String, origin: ActionLog.Entry.Origin, time: Duration?,
        restored: ActionLog.Entry.Restored? = nil, payload: Data
    ) -> [UInt8] {
        var line = Array("{\"seq\":\(sequenceNumber),\"type\":".utf8)
        appendString(typeName, to: &line)
        line += Array(",\"origin\":\"\(origin.rawValue)\"".utf8)
        if let time { line += Array(",\"time\":\(seconds(time))".utf8) }
        switch restored {
        case .stateBefore(let sequenceNumber): line += Array(",\"restores\":\(sequenceNumber)".utf8)
        case .nothing: line += Array(",\"restores\":null".utf8)
        case nil: break
        }
        // The payload last: `payloadText(of:)` finds it there.
        line += Array(",\"action\":".utf8)
        line += payload
        line += Array("}\n".utf8)
        return line
    }

    /// The line of an action that was not recorded, with its newline; `reason` says why when
    /// the action was `Encodable` but could not be encoded.
    static func skipped(
        sequenceNumber: Int, typeName: String, origin: ActionLog.Entry.Origin, time: Duration?,
        reason: String?
    ) -> [UInt8] {
        var line = Array("{\"seq\":\(sequenceNumber),\"type\":".utf8)
        appendString(typeName, to: &line)
        line += Array(",\"origin\":\"\(origin.rawValue)\"".utf8)
        if let time { line += Array(",\"time\":\(seconds(time))".utf8) }
        line += Array(",\"skipped\":true".utf8)
        if let reason {
            line += Array(",\"reason\":".utf8)
            appendString(reason, to: &line)
        }
        line += Array("}\n".utf8)
        return line
    }

    /// A duration as a JSON number of seconds, to the microsecond, without trailing zeros:
    /// `0`, `0.1`, `300`, `1.000125`. Never negative.
    static func seconds(_ duration: Duration) -> String {
        let microseconds = max(0, microseconds(in: duration))
        let whole = microseconds / 1_000_000
        var fraction = String(microseconds % 1_000_000)
        if fraction == "0" { return "\(whole)" }
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// A duration in whole microseconds, rounded down.
    static func microseconds(in duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// The duration a line's `"time"` gives in seconds, to the microsecond.
    static func duration(seconds: Double) -> Duration {
        .microseconds(Int64((seconds * 1_000_000).rounded()))
    }

    /// The JSON of a line's payload, as the recorder wrote it (the last field of the line), or
    /// `nil` for a line in another form.
    static func payloadText(of line: Data) -> String? {
        let bytes = Array(line)
        guard bytes.last == UInt8(ascii: "}"), let end = endOfKey("action", in: bytes) else { return nil }
        let payload = bytes[end..<(bytes.count - 1)]
        return payload.isEmpty ? nil : String(decoding: payload, as: UTF8.self)
    }

    /// Where the value of the first `"key":` in `bytes` starts, or `nil` when there is none.
    private static func endOfKey(_ key: String, in bytes: [UInt8]) -> Int? {
        let key = Array("\"\(key)\":".utf8)
        guard bytes.count >= key.count else { return nil }
        for start in 0...(bytes.count - key.count) where bytes[start..<start + key.count].elementsEqual(key) {
            return start + key.count
        }
        return nil
    }

    /// Appends `text` as a JSON string.
    static func appendString(_ text: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): line += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): line += Array("\\\\".utf8)
            case UInt8(ascii: "\n"): line += Array("\\n".utf8)
            case UInt8(ascii: "\r"): line += Array("\\r".utf8)
            case UInt8(ascii: "\t"): line += Array("\\t".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                line += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: line.append(byte)
            }
        }
        line.append(UInt8(ascii: "\""))
    }

    /// The line of what the reducer of the action on line `sequenceNumber` drew, with its
    /// newline: `{"seq":4,"draws":[{"name":"uuid","value":"DEADBEEF-..."}]}`. Each value is the
    /// draw's JSON.
    static func draws(sequenceNumber: Int, _ draws: [(name: String, value: Data)]) -> [UInt8] {
        var line = Array("{\"seq\":\(sequenceNumber),\"draws\":[".utf8)
        for (offset, draw) in draws.enumerated() {
            if offset > 0 { line.append(UInt8(ascii: ",")) }
            line += Array("{\"name\":".utf8)
            appendString(draw.name, to: &line)
            line += Array(",\"value\":".utf8)
            line += draw.value
            line.append(UInt8(ascii: "}"))
        }
        line += Array("]}\n".utf8)
        return line
    }

    /// Whether `error`, from decoding a ``Header``, is a missing `"type"`.
    static func lacksType(_ error: DecodingError) -> Bool {
        if case .keyNotFound(let key, _) = error { return key.stringValue == "type" }
        return false
    }

    /// Whether the line holds a `"draws"` key (and so is a draws line, once it lacks a type).
    static func isDrawsLine(_ line: Data) -> Bool {
        endOfKey("draws", in: Array(line)) != nil
    }

    /// A draws line's sequence number and the names of its draws.
    struct DrawsHeader: Decodable {
        let sequenceNumber: Int
        let names: [String]

        private enum CodingKeys: String, CodingKey {
            case seq, draws
        }

        private struct Named: Decodable {
            let name: String
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sequenceNumber = try container.decode(Int.self, forKey: .seq)
            names = try container.decode([Named].self, forKey: .draws).map(\.name)
        }
    }

    /// One value of a draws line, decoded with the type the replayed reducer draws.
    struct DrawValue: EncodedDraw {
        let line: Data
        let index: Int

        static let indexKey = CodingUserInfoKey(rawValue: "remvvm.drawIndex")!

        func decode<Value: Decodable>(_ type: Value.Type) -> Value? {
            let decoder = JSONDecoder()
            decoder.userInfo[Self.indexKey] = index
            return try? decoder.decode(Picked<Value>.self, from: line).value
        }

        /// The value as the log has it, for a message: a text, a number or a flag.
        var description: String {
            if let text = decode(String.self) { return String(reflecting: text) }
            if let number = decode(Double.self) { return "\(number)" }
            if let flag = decode(Bool.self) { return "\(flag)" }
            return "(a value of line \(index))"
        }

        /// The line, decoding only the value at the index in `userInfo` of its draws.
        private struct Picked<Value: Decodable>: Decodable {
            let value: Value

            private enum CodingKeys: String, CodingKey {
                case draws
            }

            private struct Draw: Decodable {
                let value: Value
            }

            /// Decodes nothing: passes over a draw before the one wanted.
            private struct Passed: Decodable {
                init(from decoder: any Decoder) throws {}
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                var draws = try container.nestedUnkeyedContainer(forKey: .draws)
                let index = decoder.userInfo[DrawValue.indexKey] as? Int ?? 0
                for _ in 0..<index { _ = try draws.decode(Passed.self) }
                value = try draws.decode(Draw.self).value
            }
        }
    }

    /// The fields of a line other than the payload.
    struct Header: Decodable {
        let sequenceNumber: Int
        let typeName: String
        let isSkipped: Bool
        let hasPayload: Bool
        /// `nil` in a log written before origins were recorded.
        let originName: String?
        /// Seconds since the first line; `nil` in a log written before times were recorded.
        let time: Double?
        /// For an undo or a redo: the line whose state before it was brought back.
        let restored: ActionLog.Entry.Restored?

        enum CodingKeys: String, CodingKey {
            case seq, type, skipped, action, origin, time, restores
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                sequenceNumber = try container.decode(Int.self, forKey: .seq)
            } catch {
                // For a number with a fraction the decoder reports corrupt data without a path.
                guard (try? container.decode(Double.self, forKey: .seq)) != nil else { throw error }
                throw DecodingError.typeMismatch(
                    Int.self, .init(codingPath: [CodingKeys.seq], debugDescription: "not a whole number"))
            }
            typeName = try container.decode(String.self, forKey: .type)
            isSkipped = try container.decodeIfPresent(Bool.self, forKey: .skipped) ?? false
            hasPayload = container.contains(.action)
            originName = try container.decodeIfPresent(String.self, forKey: .origin)
            time = try container.decodeIfPresent(Double.self, forKey: .time)
            if container.contains(.restores) {
                restored =
                    try container.decodeIfPresent(Int.self, forKey: .restores).map {
                        .stateBefore(sequenceNumber: $0)
                    } ?? .nothing
            } else {
                restored = nil
            }
        }
    }

    /// The payload of a line, decoded as `Action`.
    struct Payload<Action: Decodable>: Decodable {
        let action: Action
    }

    /// What is wrong, in a few words, for an error message: `missing "lastName"`,
    /// `"seq": expected a whole number`. With `droppingFirstKey`, paths start below the line's
    /// first key (inside `action`).
    static func problem(in error: DecodingError, droppingFirstKey: Bool = false) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            Self.path(of: codingPath, droppingFirstKey: droppingFirstKey)
        }
        func at(_ codingPath: [any CodingKey]) -> String {
            let place = path(codingPath)
            return place.isEmpty ? "" : "\"\(place)\": "
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \"\(path(context.codingPath + [key]))\""
        case .valueNotFound(let type, let context):
            return "\(at(context.codingPath))expected \(describe(type)), found null"
        case .typeMismatch(let type, let context):
            return "\(at(context.codingPath))expected \(describe(type))"
        case .dataCorrupted(let context):
            // Corrupt data at a path is a value the decoder could not convert (a number with a
            // fraction for a whole number, say). Said in our words: Foundation's own (its
            // `debugDescription`, its underlying error) differ between Apple's Foundation and
            // swift-foundation, and so does whether they name the field.
            return "\(at(context.codingPath))a value does not fit its type "
                + "(a number with a fraction for a whole number, say)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// A coding path as an error message names it: `action.names[2]`; with
    /// `droppingFirstKey`, from below the line's first key.
    static func path(of codingPath: [any CodingKey], droppingFirstKey: Bool = false) -> String {
        var text = ""
        for key in codingPath.dropFirst(droppingFirstKey ? 1 : 0) {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// The start of a line, quoted for an error message: at most 40 characters, with control
    /// characters escaped, so echoing a bad line can neither flood nor drive a terminal.
    static func excerpt(of line: some Collection<UInt8>) -> String {
        let text = String(decoding: line.prefix(160), as: UTF8.self)
        var result = "'"
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == 40 {
                result += "..."
                break
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    /// Whether `error` says the bytes are not JSON at all (rather than JSON of the wrong shape).
    static func isNotJSON(_ error: DecodingError) -> Bool {
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty { return true }
        return false
    }

    private static func describe(_ type: any Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Float.Type: "a number"
        default: TypeName.of(type)
        }
    }
}
