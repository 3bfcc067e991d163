/// The primitives of the readers that walk a JSON document's bytes without decoding it
/// (``KnownFieldsScan``, ``ItemDocumentReader``): a position in the bytes, whitespace, and a
/// string written without escapes.
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
}
