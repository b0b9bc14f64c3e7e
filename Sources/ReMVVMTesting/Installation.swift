// How a test target gets the reporter without a setup call: the loader runs the function below
// before `main` (an executable's `.init_array` entries on Linux and other ELF systems, a Mach-O
// image's `__mod_init_func` section on Apple platforms), as it runs a C constructor. So
// depending on the ReMVVMTesting product is enough; nothing has to be imported or called.
// `@used` keeps the entry when nothing refers to it.

/// Installs the reporter; runs when the image holding this module is loaded.
@_cdecl("remvvm_testing_install_reporter")
func installReporter() {
    IssueReporter.install()
}

#if canImport(Darwin)
    @used @section("__DATA,__mod_init_func,mod_init_funcs")
    let installAtLoad: @convention(c) () -> Void = installReporter
#elseif os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
    @used @section(".init_array")
    let installAtLoad: @convention(c) () -> Void = installReporter
#endif
