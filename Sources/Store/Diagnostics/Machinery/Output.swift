#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes all of `text` to standard error, retrying short writes: the library's one way to
/// print, shared by the store's diagnostics and the tracing middleware's default sink.
package func writeToStandardError(_ text: String) {
    writeAll(text, to: 2)
}

/// Writes all of `text` to the file `descriptor`; gives up quietly when the reader is gone.
/// Shared by the store's diagnostics, the tracing middleware and the demo.
package func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}

/// Writes all of `bytes` to the file `descriptor`, retrying short and interrupted writes: the
/// package's one write loop.
///
/// - Returns: `nil` when every byte was written, otherwise the `errno` of the failed write
///   (`EIO` for a write that wrote nothing).
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var remaining = bytes
    while !remaining.isEmpty {
        let written = write(descriptor, remaining.baseAddress, remaining.count)
        if written < 0 && errno == EINTR { continue }
        if written < 0 { return errno }
        if written == 0 { return EIO }
        remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
    }
    return nil
}
