#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The raw bytes of each argument: `CommandLine.arguments` repairs invalid UTF-8 silently, and
// the demo reports it instead.
let arguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
    guard let argument = CommandLine.unsafeArgv[index] else { return [] }
    return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
}
exit(await DemoTool.run(arguments: arguments))
