import Foundation

/// A query in the spirit of Core Spotlight's `CSSearchQuery` query strings:
///
/// ```
/// title == "rest*"cd && city == "Paris"
/// InRange(rating, 3, 5) || keywords == "dim sum"cdw
/// !(contentType == "public.image") && lastUsedDate > $time.now(-86400)
/// ```
///
/// Comparisons are `==`, `!=`, `<`, `>`, `<=`, `>=` between an attribute and a value; string
/// values may hold `*` wildcards and be followed by modifiers: `c` (case-insensitive),
/// `d` (diacritic-insensitive), `w` (matches any word of the attribute), `t` (tokenized: like
/// `w`, prefix per word). `**` stands for any text attribute. Values are strings, numbers,
/// `true`/`false`, or times: `$time.now`, `$time.now(±seconds)`, `$time.today`,
/// `$time.today(±days)`, `$time.iso(2026-11-21T12:00:00Z)`. Combine with `&&`, `||`, `!`
/// and parentheses.
public indirect enum SearchQueryExpression: Sendable, Hashable {
    /// Both must hold.
    case and(SearchQueryExpression, SearchQueryExpression)
    /// Either must hold.
    case or(SearchQueryExpression, SearchQueryExpression)
    /// Must not hold.
    case not(SearchQueryExpression)
    /// An attribute compared with a value.
    case comparison(attribute: String, op: Operator, value: Value, modifiers: Modifiers)
    /// An attribute within an inclusive range.
    case inRange(attribute: String, lower: Value, upper: Value)
    /// A constant.
    case constant(Bool)

    /// A comparison operator.
    public enum Operator: String, Sendable, Hashable {
        case equal = "==", notEqual = "!=", less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual =
            ">="
    }

    /// A value in a query or of an attribute.
    public enum Value: Sendable, Hashable {
        /// Text (a pattern, in a query).
        case string(String)
        /// A number.
        case number(Double)
        /// A boolean.
        case bool(Bool)
        /// A time.
        case date(Date)
        /// A time relative to "now", resolved at evaluation.
        case relativeTime(RelativeTime)
    }

    /// A time relative to the evaluation time.
    public enum RelativeTime: Sendable, Hashable {
        /// Now, plus seconds.
        case now(offsetSeconds: Double)
        /// Midnight UTC today, plus days.
        case today(offsetDays: Int)
    }

    /// String comparison modifiers.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `c`: case-insensitive.
        public static let caseInsensitive = Modifiers(rawValue: 1)
        /// `d`: diacritic-insensitive.
        public static let diacriticInsensitive = Modifiers(rawValue: 2)
        /// `w`: matches any word of the attribute's value.
        public static let wordBased = Modifiers(rawValue: 4)
        /// `t`: tokenized: each word of the pattern must start a word of the value.
        public static let tokenized = Modifiers(rawValue: 8)
    }
}

/// A syntax error in a query string, with its position.
public struct SearchQuerySyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The character offset of the problem.
    public var offset: Int
    /// What is wrong.
    public var message: String

    public var description: String { "query syntax error at character \(offset + 1): \(message)" }
}
