#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Moves a file that cannot be restored out of the way, under a name that says why and when,
/// so that it is kept for a person to look at and is never overwritten by the next save.
enum SetAside {
    /// Renames the file at `path` to `<path>.<reason>-<UTC time>`, e.g.
    /// `state.json.not-json-20261125T081500Z`, adding `-2`, `-3`, ... when that name is taken.
    ///
    /// - Returns: The new path.
    /// - Throws: The system's reason when the file cannot be renamed (a read-only folder).
    static func move(_ path: String, because reason: SetAsideReason, at seconds: Int) throws(LogFileError)
        -> String
    {
        let base = "\(path).\(reason.rawValue)-\(timestamp(seconds))"
        var candidate = base
        var number = 1
        // A name that exists is never replaced: an earlier file set aside in the same second.
        while access(candidate, F_OK) == 0 {
            number += 1
            candidate = "\(base)-\(number)"
            guard number < 1_000 else { throw LogFileError(code: EEXIST) }
        }
        guard rename(path, candidate) == 0 else { throw LogFileError(code: errno) }
        return candidate
    }

    /// The current time, in seconds since 1970.
    static func now() -> Int {
        Int(time(nil))
    }

    /// `seconds` since 1970 as a UTC time that sorts and fits in a file name:
    /// `20261125T081500Z`.
    static func timestamp(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let date = "\(year)\(two(month))\(two(day))"
        let time = "\(two(second / 3_600))\(two(second / 60 % 60))\(two(second % 60))"
        return date + "T" + time + "Z"
    }

    /// The Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
