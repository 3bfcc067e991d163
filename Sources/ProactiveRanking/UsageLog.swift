/// App launches read from a log in the LSApp layout
/// (`user_id session_id timestamp app_name event_type app_id`, tab-separated), grouped by user.
///
/// Only `Opened` rows are kept; a header line (first field `user_id`) and blank lines are skipped.
/// Timestamps are local times (`YYYY-MM-DD HH:MM:SS`) and are read as if they were UTC, so hours
/// and days of the week stay local.
public struct UsageLog: Sendable {
    /// One launch: seconds since 1970 (local time read as UTC) and the app identifier.
    public struct Launch: Sendable, Hashable {
        /// Seconds since 1970-01-01 00:00:00 in the log's local time.
        public var time: Int
        /// The app's identifier (`app_id`).
        public var app: String
    }

    /// Users in order of first appearance.
    public private(set) var users: [String] = []
    /// Each user's launches in file order.
    public private(set) var launches: [String: [Launch]] = [:]
    private var lineNumber = 0

    /// Creates an empty log.
    public init() {}

    /// Reads one line of the log.
    /// - Throws: ``NextAppEvaluationError`` with code `malformedLine` or `malformedTimestamp`.
    public mutating func append(line: some StringProtocol) throws {
        lineNumber += 1
        var trimmed = Substring(line)
        if trimmed.hasSuffix("\r") { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty { return }
        let fields = trimmed.split(separator: "\t", omittingEmptySubsequences: false)
        if fields.first == "user_id" { return }
        guard fields.count >= 6 else {
            throw NextAppEvaluationError(
                .malformedLine, line: lineNumber,
                message: "expected 6 tab-separated fields, found \(fields.count)")
        }
        guard fields[4] == "Opened" else { return }
        guard let time = Self.seconds(fromTimestamp: fields[2]) else {
            throw NextAppEvaluationError(
                .malformedTimestamp, line: lineNumber, message: "field timestamp is not YYYY-MM-DD HH:MM:SS")
        }
        let user = String(fields[0])
        if launches[user] == nil { users.append(user) }
        launches[user, default: []].append(Launch(time: time, app: String(fields[5])))
    }

    /// Seconds since 1970 of `YYYY-MM-DD HH:MM:SS`, read as UTC; `nil` if malformed.
    static func seconds(fromTimestamp text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19, bytes[4] == 45, bytes[7] == 45, bytes[10] == 32, bytes[13] == 58,
            bytes[16] == 58
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        // Days from civil (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// A user's launches sorted by time (file order breaking ties), with consecutive repeats of
    /// the same app collapsed into one.
    public func sequence(of user: String) -> [Launch] {
        let sorted = (launches[user] ?? []).enumerated().sorted {
            $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
        }
        var result: [Launch] = []
        result.reserveCapacity(sorted.count)
        for (_, launch) in sorted where result.last?.app != launch.app { result.append(launch) }
        return result
    }
}
