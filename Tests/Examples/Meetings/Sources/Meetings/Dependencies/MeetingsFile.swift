import Foundation

extension URL {
    /// Where the app keeps its series: `$MEETINGS_FILE`, or `~/.meetings/series.json`.
    static var meetingsFile: URL {
        if let path = ProcessInfo.processInfo.environment["MEETINGS_FILE"] {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".meetings/series.json")
    }
}
