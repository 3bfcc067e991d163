import Foundation
import ProactiveModel

/// A JSON value in a ``TestDocument``, written with literals:
/// `["title": "Yank Sing", "rating": 4.5, "keywords": ["dim sum"]]`.
public indirect enum TestValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([TestValue])
    case object([String: TestValue])
    /// A date, written in ISO 8601 as documents take it.
    case date(Date)
    case null

    /// The value as JSON (object keys sorted).
    public var data: Data {
        (try? JSONSerialization.data(
            withJSONObject: foundation, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]))
            ?? Data("null".utf8)
    }

    private var foundation: Any {
        switch self {
        case .string(let text): text
        case .number(let number): number
        case .bool(let flag): flag
        case .array(let values): values.map(\.foundation)
        case .object(let fields): fields.mapValues(\.foundation)
        case .date(let date): DonationCoding.formatDate(date)
        case .null: NSNull()
        }
    }
}

extension TestValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TestValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, TestValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
