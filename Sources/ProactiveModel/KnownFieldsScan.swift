import Foundation

/// Reads a document's field names from its bytes, before decoding, to tell that every field
/// of every object ``DocumentFields`` checks is one its type has: the decoding types then skip
/// their own checks (``DocumentFields/fieldsAreKnown``), which list each object's fields
/// through a second keyed container and were about a third of decoding an item.
///
/// Conservative: `false` whenever it is unsure (a document of another type, a key written with
/// an escape, a field given twice, JSON it does not follow), and the decoding types check as
/// before, naming the field; so a document is refused exactly as it was, only faster accepted.
/// It covers the documents donated in bulk: items, batches of items and activities.
enum KnownFieldsScan {
    /// The fields of an object and the objects nested in some of them that are checked too:
    /// one object (`nested`) or an array of objects (`elements`).
    struct Shape {
        var fields: Set<String>
        var nested: [String: Shape] = [:]
        var elements: [String: Shape] = [:]
    }

    /// Each covered type's shape: what ``DocumentFields`` and the decoding types check.
    static let shapes: [String: Shape] = {
        let attributes = Shape(fields: DocumentFields.names(SearchableItemAttributeSet.CodingKeys.self))
        let mapItem = Shape(
            fields: DocumentFields.names(MapItem.CodingKeys.self),
            nested: ["placemark": Shape(fields: DocumentFields.names(Placemark.CodingKeys.self))])
        let item = Shape(
            fields: DocumentFields.names(SearchableItem.CodingKeys.self), nested: ["attributeSet": attributes]
        )
        return [
            "searchableItem": Shape(
                fields: DocumentFields.byType["searchableItem"]!, nested: ["attributeSet": attributes]),
            "searchableItemBatch": Shape(
                fields: DocumentFields.byType["searchableItemBatch"]!, elements: ["items": item]),
            "activity": Shape(
                fields: DocumentFields.byType["activity"]!,
                nested: ["contentAttributeSet": attributes, "mapItem": mapItem]),
        ]
    }()

    /// Whether every field `document` has, where it is checked, is known (see the type's
    /// documentation); `false` when unsure.
    static func fieldsAreKnown(in document: Data) -> Bool {
        document.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.document()
        }
    }

    private struct Reader: JSONByteReading {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        /// The document: one object of a covered type whose checked fields are all known.
        mutating func document() -> Bool {
            // The type first, from a first pass over the top-level keys.
            guard let type = topLevelType(), let shape = KnownFieldsScan.shapes[type] else { return false }
            position = 0
            guard object(shape) else { return false }
            skipWhitespace()
            return position == bytes.count
        }

        /// The value of the top-level `type` field when it is a plain string, else nil.
        mutating func topLevelType() -> String? {
            var type: String?
            let isObject = object { key, reader in
                guard key == "type" else { return reader.skipValue() }
                guard type == nil, let value = reader.plainString() else { return false }
                type = value
                return true
            }
            return isObject ? type : nil
        }

        /// An object whose fields are all in `shape`, each at most once, the objects nested in
        /// its shaped fields checked too; other values skipped.
        mutating func object(_ shape: Shape) -> Bool {
            var seen: [String] = []
            return object { key, reader in
                guard shape.fields.contains(key), !seen.contains(key) else { return false }
                seen.append(key)
                if let nested = shape.nested[key], reader.peek() == UInt8(ascii: "{") {
                    return reader.object(nested)
                }
                if let element = shape.elements[key], reader.peek() == UInt8(ascii: "[") {
                    return reader.array(of: element)
                }
                return reader.skipValue()
            }
        }

        /// An array whose elements are objects of `shape` (any other element is skipped: decoding
        /// refuses it).
        mutating func array(of shape: Shape) -> Bool {
            guard next() == UInt8(ascii: "[") else { return false }
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                return true
            }
            while true {
                skipWhitespace()
                if peek() == UInt8(ascii: "{") {
                    guard object(shape) else { return false }
                } else {
                    guard skipValue() else { return false }
                }
                skipWhitespace()
                switch next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return true
                default: return false
                }
            }
        }

        /// Skips one value (a string, a number or literal, an array or object and everything in
        /// it); false when the bytes are not such a value.
        mutating func skipValue() -> Bool {
            var depth = 0
            repeat {
                skipWhitespace()
                guard let byte = peek() else { return false }
                switch byte {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    position += 1
                    continue
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return false }
                    depth -= 1
                    position += 1
                case UInt8(ascii: ","), UInt8(ascii: ":"):
                    guard depth > 0 else { return false }
                    position += 1
                    continue
                default:
                    // A number or a literal: up to the next delimiter.
                    let start = position
                    while let next = peek(), !Self.isDelimiter(next) { position += 1 }
                    guard position > start else { return false }
                }
            } while depth > 0
            return true
        }

        /// Skips a string, escapes included; false when it does not end.
        mutating func skipString() -> Bool {
            position += 1
            while let byte = next() {
                if byte == UInt8(ascii: "\"") { return true }
                if byte == UInt8(ascii: "\\") { position += 1 }
            }
            return false
        }

        static func isDelimiter(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{")
                || byte == UInt8(ascii: "[") || isWhitespace(byte)
        }
    }
}
