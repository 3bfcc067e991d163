import Foundation

/// An arbitrary JSON value, used for payloads such as ``UserActivity/userInfo``.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number of bytes of this value's compact JSON encoding.
    public var encodedByteCount: Int {
        (try? JSONEncoder().encode(self).count) ?? 0
    }
}

extension JSONValue {
    /// The field of a document that takes the most bytes, as a path ("userInfo",
    /// "attributeSet.contentDescription", "items[3]"), with its encoded size: what a size
    /// rejection names. It descends into the containers documents define (`attributeSet`,
    /// `contentAttributeSet`, `items` and their elements), not into an app's own payload
    /// such as `userInfo`, whose keys are the app's.
    public var largestField: (path: String, bytes: Int)? {
        var path = ""
        var value = self
        var found: (path: String, bytes: Int)?
        while true {
            let children: [(name: String, value: JSONValue)]
            switch value {
            case .object(let fields): children = fields.map { ($0.key, $0.value) }
            case .array(let elements): children = elements.enumerated().map { ("[\($0.offset)]", $0.element) }
            default: return found
            }
            guard
                let (name, child, bytes) = children.map({ ($0.name, $0.value, $0.value.encodedByteCount) })
                    .max(by: { $0.2 < $1.2 || ($0.2 == $1.2 && $0.0 > $1.0) })
            else { return found }
            path = name.hasPrefix("[") || path.isEmpty ? path + name : path + "." + name
            found = (path, bytes)
            let container = name.hasPrefix("[") || Self.documentContainers.contains(name)
            guard container else { return found }
            value = child
        }
    }

    /// The fields of donation documents that hold more of the document's own fields.
    static let documentContainers: Set<String> = ["attributeSet", "contentAttributeSet", "items"]
}
