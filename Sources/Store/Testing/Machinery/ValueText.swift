/// Values as the text of a failure or a trace: described, and cut in the middle when long, so
/// one huge value cannot flood a message while both its ends stay readable.
enum ValueText {
    /// `String(describing:)` of a value, cut in the middle when it is longer than `limit`.
    static func describe(_ value: Any, limit: Int = 200) -> String {
        cutInMiddle(String(describing: value), limit: limit)
    }

    /// `text`, with its middle replaced by `…(n more)…` so that it is at most `limit`
    /// characters (at least one character of each end is kept).
    static func cutInMiddle(_ text: String, limit: Int) -> String {
        let count = text.count
        guard count > limit else { return text }
        // "…(" and " more)…" around the number cut, which has at most as many digits as `count`.
        let marker = 9 + String(count).count
        let keep = max((limit - marker) / 2, 1)
        return "\(text.prefix(keep))…(\(count - 2 * keep) more)…\(text.suffix(keep))"
    }
}
