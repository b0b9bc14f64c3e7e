extension String {
    /// The text `bytes` encode, or `nil` when they are not valid UTF-8.
    ///
    /// The standard library's `String(validating:as:)` does this from macOS 15 and iOS 18 on;
    /// the demo runs from macOS 13, the package's floor.
    init?(validUTF8 bytes: [UInt8]) {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break decoding
            case .error: return nil
            }
        }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
