/// The primitives of the readers that walk a JSON document's bytes without decoding it
/// (``KnownFieldsScan``, ``ItemDocumentReader``): a position in the bytes, whitespace, a
/// string written without escapes, and an object walked field by field.
protocol JSONByteReading {
    /// The document's bytes.
    var bytes: UnsafeBufferPointer<UInt8> { get }
    /// Where the reader is in ``bytes``.
    var position: Int { get set }
}

extension JSONByteReading {
    /// The byte at the position, not consumed; nil at the end.
    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The byte at the position, consumed; nil at the end.
    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// Whether a byte is JSON whitespace (space, tab, line feed, carriage return).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Moves past whitespace.
    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// A string written without escapes or control characters, consumed, as its text; nil
    /// otherwise (and for bytes that are not UTF-8).
    mutating func plainString() -> String? {
        guard next() == UInt8(ascii: "\"") else { return nil }
        let start = position
        while let byte = next() {
            if byte == UInt8(ascii: "\"") {
                return String(
                    validating: UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        }
        return nil
    }

    /// An object, calling `field` with each key (written without escapes) once the reader
    /// is at its value; `field` reads the value and returns false to give up. False when the
    /// bytes are not such an object.
    mutating func object(_ field: (String, inout Self) -> Bool) -> Bool {
        skipWhitespace()
        guard next() == UInt8(ascii: "{") else { return false }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return true
        }
        while true {
            skipWhitespace()
            guard let key = plainString() else { return false }
            skipWhitespace()
            guard next() == UInt8(ascii: ":") else { return false }
            skipWhitespace()
            guard field(key, &self) else { return false }
            skipWhitespace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return true
            default: return false
            }
        }
    }
}
