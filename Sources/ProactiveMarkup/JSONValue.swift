/// A JSON value as read by ``LenientJSONParser``; numbers keep the text they were written with.
enum JSONValue: Sendable, Hashable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .array(let values): hasher.combine(values)
        case .string(let string): hasher.combine(string)
        case .number(let number): hasher.combine(number)
        case .bool(let bool): hasher.combine(bool)
        case .null: hasher.combine(1)
        }
    }

    /// The value of `key` when this is an object (the first one when the key is repeated).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
