// The stand-in Darwin module of the Apple check: Darwin's libc as the package uses it (see
// darwin.h), plus what Darwin's Swift overlay adds on top of the C declarations.
@_exported import CDarwinStandIn

public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

// <signal.h>'s SIG_DFL and SIG_IGN are casts, which Swift does not import; Darwin's overlay
// declares them as these.
public var SIG_DFL: sig_t? { nil }
public var SIG_IGN: sig_t { fatalError("the Apple check's Darwin stand-in is never run") }

// Darwin's overlay gives the variadic `open` these two Swift forms. Never called: the check
// only type-checks, and nothing is linked.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 {
    fatalError("the Apple check's Darwin stand-in is never run")
}

public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
    fatalError("the Apple check's Darwin stand-in is never run")
}
