import Foundation

/// Finds a key given twice in one object of a JSON document.
///
/// JSON leaves a repeated name's meaning open (RFC 8259 §4; I-JSON, RFC 7493, forbids it), and
/// parsers disagree: Foundation's `JSONDecoder` keeps the first value, most others the last. A
/// document such as `{"app":"com.a","app":"com.b"}` would mean one thing to a proxy that checked
/// it and another to the engine, so the engine refuses it, naming the key.
public enum JSONDuplicateKeys {
    /// The path of the first key given twice in one object of `document`, as a donation error
    /// names a field (`attributeSet.title`, `items[2].uniqueIdentifier`), or `nil` when every
    /// object's keys differ. Keys are compared as the strings they decode to (`"a"` and
    /// `"\u0061"` are the same key).
    ///
    /// `document` must be valid JSON (decode it first): the scan follows its structure without
    /// checking it, in one pass over the bytes.
    public static func firstDuplicate(in document: Data) -> String? {
        document.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.run()
        }
    }

    /// A key of the object being read: its bytes between the quotes, and their hash.
    private struct Key {
        var start: Int
        var end: Int
        var escaped: Bool
        var hash: UInt64
    }

    /// An object or array being read.
    private struct Frame {
        var isObject: Bool
        /// The object's keys so far.
        var keys: [Key] = []
        /// Indices into `keys` by hash, once the object has many keys.
        var byHash: [UInt64: [Int]]? = nil
        /// The array's index of the value being read.
        var index = 0
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var frames: [Frame] = []
        /// Objects with more keys than this are looked up by hash rather than compared in turn.
        static let linearKeys = 16

        mutating func run() -> String? {
            var position = 0
            var expectingKey = false
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "{"):
                    frames.append(Frame(isObject: true))
                    expectingKey = true
                case UInt8(ascii: "["):
                    frames.append(Frame(isObject: false))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    frames.removeLast()
                    expectingKey = false
                case UInt8(ascii: ","):
                    if frames[frames.count - 1].isObject {
                        expectingKey = true
                    } else {
                        frames[frames.count - 1].index += 1
                    }
                case UInt8(ascii: "\""):
                    let (end, escaped) = stringEnd(after: position)
                    if expectingKey {
                        let key = Key(
                            start: position + 1, end: end, escaped: escaped,
                            hash: hash(start: position + 1, end: end, escaped: escaped))
                        if add(key) { return path(duplicate: key) }
                        expectingKey = false
                    }
                    position = end
                default:
                    break
                }
                position += 1
            }
            return nil
        }

        /// The index of the closing quote of the string opening at `quote`, and whether the
        /// string holds an escape.
        func stringEnd(after quote: Int) -> (Int, Bool) {
            var position = quote + 1
            var escaped = false
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\\"):
                    escaped = true
                    position += 2
                case UInt8(ascii: "\""):
                    return (position, escaped)
                default:
                    position += 1
                }
            }
            return (bytes.count, escaped)
        }

        /// Adds `key` to the innermost object; true when the object already has it.
        mutating func add(_ key: Key) -> Bool {
            let top = frames.count - 1
            if let indices = frames[top].byHash?[key.hash] {
                if indices.contains(where: { same(frames[top].keys[$0], key) }) { return true }
            } else if frames[top].byHash == nil {
                if frames[top].keys.contains(where: { $0.hash == key.hash && same($0, key) }) { return true }
            }
            frames[top].keys.append(key)
            let count = frames[top].keys.count
            if count == Self.linearKeys + 1 {
                var byHash: [UInt64: [Int]] = [:]
                for (index, key) in frames[top].keys.enumerated() {
                    byHash[key.hash, default: []].append(index)
                }
                frames[top].byHash = byHash
            } else if count > Self.linearKeys + 1 {
                frames[top].byHash![key.hash, default: []].append(count - 1)
            }
            return false
        }

        /// Whether two keys decode to the same string.
        func same(_ a: Key, _ b: Key) -> Bool {
            if !a.escaped && !b.escaped {
                return a.end - a.start == b.end - b.start
                    && memcmp(bytes.baseAddress! + a.start, bytes.baseAddress! + b.start, a.end - a.start)
                        == 0
            }
            return decoded(a) == decoded(b)
        }

        /// The string a key decodes to.
        func decoded(_ key: Key) -> String {
            let literal = UnsafeBufferPointer(rebasing: bytes[(key.start - 1)...key.end])
            guard key.escaped, let string = try? JSONDecoder().decode(String.self, from: Data(literal)) else {
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), as: UTF8.self)
            }
            return string
        }

        /// FNV-1a of the key's decoded UTF-8.
        func hash(start: Int, end: Int, escaped: Bool) -> UInt64 {
            var state: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ byte: UInt8) {
                state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            if escaped {
                for byte in decoded(Key(start: start, end: end, escaped: true, hash: 0)).utf8 { mix(byte) }
            } else {
                for position in start..<end { mix(bytes[position]) }
            }
            return state
        }

        /// The path of `duplicate` in the innermost object: each enclosing object's key being
        /// read and each enclosing array's index, then the key.
        func path(duplicate: Key) -> String {
            var path = ""
            for frame in frames.dropLast() {
                if frame.isObject {
                    if let key = frame.keys.last {
                        if !path.isEmpty { path += "." }
                        path += decoded(key)
                    }
                } else {
                    path += "[\(frame.index)]"
                }
            }
            if !path.isEmpty { path += "." }
            return path + decoded(duplicate)
        }
    }
}
