public import ReMVVMStore

extension StoreDiagnostic.Kind {
    /// An ``ActionRecorder`` could not open or write its file (an unwritable path, a full disk)
    /// and stopped recording; the store goes on.
    public static let recordingFailed = StoreDiagnostic.Kind("recordingFailed")
}
