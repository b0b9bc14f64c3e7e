#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a terminal in raw mode while the prompt reads a line, and puts it back on every way
/// out: the line is read, the input ends, or a signal stops the program (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, or a crash) while the terminal is raw.
///
/// Raw here means: bytes arrive one at a time and unechoed, Ctrl-C and Ctrl-Z are plain bytes,
/// `\r` is not turned into `\n`. Output processing stays on, so `\n` still starts a new line.
/// Between two lines, while commands run, the terminal is as the program found it.
enum TerminalMode {
    /// The signals during which the terminal is put back before the program stops.
    private static let signals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
    ]

    /// The terminal's settings before raw mode, if `descriptor` is a terminal.
    static func currentSettings(of descriptor: Int32) -> termios? {
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
        return settings
    }

    /// Whether `settings` show typed characters.
    static func echoes(_ settings: termios) -> Bool {
        settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Switches `descriptor` to raw mode; returns `false` when it cannot.
    static func enterRaw(_ descriptor: Int32, from settings: termios) -> Bool {
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        restoreState.descriptor = descriptor
        restoreState.settings = settings
        restoreState.isActive = 1
        for number in signals {
            restoreState.previousHandlers[Int(number)] = signal(number, restoreAndRaise)
        }
        // TCSANOW, not TCSAFLUSH: lines typed ahead stay in the input.
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
            leaveRaw()
            return false
        }
        return true
    }

    /// Puts the terminal back as it was before ``enterRaw(_:from:)``.
    static func leaveRaw() {
        guard restoreState.isActive == 1 else { return }
        _ = tcsetattr(restoreState.descriptor, TCSANOW, &restoreState.settings)
        restoreState.isActive = 0
        for number in signals {
            _ = signal(number, restoreState.previousHandlers[Int(number)])
        }
    }
}

#if canImport(Darwin)
    private typealias SignalHandler = sig_t
#else
    private typealias SignalHandler = sighandler_t
#endif

/// What the signal handler needs, in plain global storage: a handler may not touch Swift
/// objects. Written only on the main thread, before the handlers that read it are installed.
private struct RestoreState {
    var descriptor: Int32 = 0
    var settings = termios()
    var isActive: sig_atomic_t = 0
    var previousHandlers = [SignalHandler?](repeating: nil, count: 65)
}

nonisolated(unsafe) private var restoreState = RestoreState()

/// Puts the terminal back, gives the signal back to whoever handled it before (the default,
/// or the runtime's crash reporter), and raises it again.
private func restoreAndRaise(_ number: Int32) {
    if restoreState.isActive == 1 {
        _ = tcsetattr(restoreState.descriptor, TCSANOW, &restoreState.settings)
        restoreState.isActive = 0
    }
    _ = signal(number, restoreState.previousHandlers[Int(number)])
    _ = raise(number)
}
