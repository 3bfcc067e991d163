import Foundation

extension JSONValue {
    /// The path of the first key or string in this value that holds U+0000 (NUL), in the
    /// form donation errors name fields (`attributeSet.title`, `userInfo.note`, `items[2].…`),
    /// keys in sorted order; `""` when this value is such a string itself; nil when there is
    /// none.
    ///
    /// JSON may spell NUL (`\u0000`), but the stores' text cannot hold it: SQLite's text
    /// binding ends a string there and PostgreSQL refuses it in `text` and `jsonb`. A key
    /// that holds it is named with NUL written `\u0000`.
    public var pathOfNULCharacter: String? {
        // Every activity's userInfo is checked: the paths (sorted keys, text) are made only
        // when there is a NUL to name.
        guard holdsNULAnywhere else { return nil }
        // Depth first, without recursion: a document's depth is bounded by its decoder, an
        // app's own values by nothing here.
        var pending: [(path: String, value: JSONValue)] = [("", self)]
        while let (path, value) = pending.popLast() {
            switch value {
            case .string(let text) where Self.holdsNUL(text):
                return path
            case .array(let elements):
                for (index, element) in elements.enumerated().reversed() {
                    pending.append(("\(path)[\(index)]", element))
                }
            case .object(let fields):
                for key in fields.keys.sorted().reversed() {
                    let name = key.replacingOccurrences(of: "\u{0}", with: "\\u0000")
                    let child = path.isEmpty ? name : "\(path).\(name)"
                    if Self.holdsNUL(key) { return child }
                    pending.append((child, fields[key]!))
                }
            default:
                continue
            }
        }
        return nil
    }

    /// Whether a key or string anywhere in this value holds U+0000 (the same walk as
    /// ``pathOfNULCharacter`` without making paths).
    private var holdsNULAnywhere: Bool {
        var pending: [JSONValue] = [self]
        while let value = pending.popLast() {
            switch value {
            case .string(let text) where Self.holdsNUL(text):
                return true
            case .array(let elements):
                pending.append(contentsOf: elements)
            case .object(let fields):
                for (key, child) in fields {
                    if Self.holdsNUL(key) { return true }
                    pending.append(child)
                }
            default:
                continue
            }
        }
        return false
    }

    /// Whether a text holds U+0000.
    static func holdsNUL(_ text: String) -> Bool {
        text.utf8.contains(0)
    }

    /// Whether JSON text may spell U+0000: it holds `\u0000` after an even number of
    /// backslashes (an odd number spells a backslash before `u0000`). A quick test on the
    /// bytes before looking for the field.
    static func mayHoldNUL(_ json: Data) -> Bool {
        json.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let n = bytes.count
            var i = 0
            while i + 5 < n {
                if bytes[i] == UInt8(ascii: "\\") {
                    if bytes[i + 1] == UInt8(ascii: "u") && bytes[i + 2] == UInt8(ascii: "0")
                        && bytes[i + 3] == UInt8(ascii: "0") && bytes[i + 4] == UInt8(ascii: "0")
                        && bytes[i + 5] == UInt8(ascii: "0")
                    {
                        return true
                    }
                    // An escape is two bytes at least: the next one is never a backslash that
                    // starts another.
                    i += 2
                } else {
                    i += 1
                }
            }
            return false
        }
    }
}
