/// The header lines of a raw HTTP/1 request head, read as bytes.
///
/// ``RequestHeadGuard`` looks at every request's head before the HTTP parser does (for a body's
/// framing and an upgrade); going through `String`, `lowercased()` and Foundation's
/// `trimmingCharacters(in:)` for every line was a third of the daemon's time per request.
struct HTTPHeadFields {
    let head: [UInt8]

    /// Each header line after the request line, up to (not including) its CRLF, as the name
    /// (the bytes before the first colon) and the value (after it, spaces and tabs trimmed).
    /// Lines without a colon are skipped.
    func forEach(_ body: (_ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) -> Void) {
        var start = 0
        var index = 0
        var isRequestLine = true
        while index <= head.count {
            let atEnd = index == head.count
            if atEnd || (head[index] == 13 && index + 1 < head.count && head[index + 1] == 10) {
                if !isRequestLine, let colon = head[start..<index].firstIndex(of: UInt8(ascii: ":")) {
                    body(head[start..<colon], Self.trimmed(head[(colon + 1)..<index]))
                }
                isRequestLine = false
                if atEnd { break }
                index += 2
                start = index
            } else {
                index += 1
            }
        }
    }

    /// Whether `bytes` spell `name` (lowercase ASCII) in any case.
    static func matches(_ bytes: ArraySlice<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return name.withUTF8Buffer { expected in
            zip(bytes, expected).allSatisfy { byte, lower in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 == lower : byte == lower
            }
        }
    }

    /// `bytes` without leading and trailing spaces and tabs (HTTP's optional whitespace).
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return slice
    }
}
