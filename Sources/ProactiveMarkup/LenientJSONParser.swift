/// A small, tolerant JSON reader for the JSON-LD that real pages contain.
///
/// Beyond strict JSON it accepts: HTML comment markers (`<!--`, `-->`) and CDATA markers
/// (`<![CDATA[`, `]]>`) between tokens; `//` and `/* */` comments; trailing commas and empty array
/// slots; missing commas between members; semicolons and commas between top-level values (so a
/// block may hold several values); raw control characters (new lines, tabs) inside strings;
/// single-quoted strings; invalid UTF-8 inside strings (replaced with U+FFFD). Nesting deeper than
/// ``maximumDepth`` is an error rather than a stack overflow.
struct LenientJSONParser {
    /// Why a block could not be read.
    struct Failure: Error, Hashable {
        /// The byte offset where reading stopped.
        var offset: Int
        /// What was expected, without quoting the input.
        var reason: String
        /// Whether the failure is nesting beyond the depth limit.
        var isTooDeep: Bool = false
    }

    /// The deepest nesting of arrays and objects accepted.
    var maximumDepth: Int

    /// Reads every top-level value in `bytes`.
    func parseAll(_ bytes: [UInt8]) throws(Failure) -> [JSONValue] {
        var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
        var values: [JSONValue] = []
        while true {
            reader.skipSeparators(alsoSkipping: [UInt8(ascii: ","), UInt8(ascii: ";")])
            if reader.isAtEnd { break }
            values.append(try reader.value(depth: 0))
        }
        return values
    }
}

/// The cursor of ``LenientJSONParser``.
private struct Reader {
    let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    var isAtEnd: Bool { index >= bytes.count }

    func failure(_ reason: String) -> LenientJSONParser.Failure {
        LenientJSONParser.Failure(offset: index, reason: reason)
    }

    func hasPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = prefix.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        return true
    }

    /// Skips white space, comments, and HTML comment or CDATA markers, and any of `extra`.
    mutating func skipSeparators(alsoSkipping extra: [UInt8] = []) {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                index += 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0:
                index += 2  // U+00A0 no-break space
            case 0xEF where hasPrefix("\u{FEFF}"):
                index += 3  // byte order mark
            case UInt8(ascii: "<") where hasPrefix("<!--"):
                index += 4
            case UInt8(ascii: "<") where hasPrefix("<![CDATA["):
                index += 9
            case UInt8(ascii: "-") where hasPrefix("-->"):
                index += 3
            case UInt8(ascii: "]") where hasPrefix("]]>"):
                index += 3
            case UInt8(ascii: "/") where hasPrefix("//"):
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where hasPrefix("/*"):
                index += 2
                while index < bytes.count && !hasPrefix("*/") { index += 1 }
                index = min(index + 2, bytes.count)
            default:
                if extra.contains(byte) { index += 1 } else { return }
            }
        }
    }

    mutating func value(depth: Int) throws(LenientJSONParser.Failure) -> JSONValue {
        skipSeparators()
        guard index < bytes.count else { throw failure("a value, found the end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return try object(depth: depth + 1)
        case UInt8(ascii: "["):
            return try array(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number()
        default:
            if hasPrefix("true") {
                index += 4
                return .bool(true)
            }
            if hasPrefix("false") {
                index += 5
                return .bool(false)
            }
            if hasPrefix("null") {
                index += 4
                return .null
            }
            throw failure("a value")
        }
    }

    mutating func object(depth: Int) throws(LenientJSONParser.Failure) -> JSONValue {
        guard depth <= maximumDepth else {
            var tooDeep = failure("nesting within the depth limit of \(maximumDepth)")
            tooDeep.isTooDeep = true
            throw tooDeep
        }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        while true {
            skipSeparators(alsoSkipping: [UInt8(ascii: ",")])
            guard index < bytes.count else { throw failure("'}' to close an object") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
                throw failure("a quoted member name")
            }
            let key = try string()
            skipSeparators()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("':' after a name")
            }
            index += 1
            members.append((key, try value(depth: depth)))
        }
    }

    mutating func array(depth: Int) throws(LenientJSONParser.Failure) -> JSONValue {
        guard depth <= maximumDepth else {
            var tooDeep = failure("nesting within the depth limit of \(maximumDepth)")
            tooDeep.isTooDeep = true
            throw tooDeep
        }
        index += 1
        var values: [JSONValue] = []
        while true {
            skipSeparators(alsoSkipping: [UInt8(ascii: ",")])
            guard index < bytes.count else { throw failure("']' to close an array") }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            values.append(try value(depth: depth))
        }
    }

    mutating func number() -> JSONValue {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                return .number(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    mutating func string() throws(LenientJSONParser.Failure) -> String {
        let quote = bytes[index]
        index += 1
        var start = index
        var buffer: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                let result: String
                if buffer.isEmpty {
                    result = String(decoding: bytes[start..<index], as: UTF8.self)
                } else {
                    buffer.append(contentsOf: bytes[start..<index])
                    result = String(decoding: buffer, as: UTF8.self)
                }
                index += 1
                return result
            }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            buffer.append(contentsOf: bytes[start..<index])
            index += 1
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "u"): appendUnicodeEscape(to: &buffer)
            default: buffer.append(escaped)  // \" \\ \/ and lenient \' or unknown escapes
            }
            start = index
        }
        throw failure("a closing quote")
    }

    /// Reads the four hex digits after `\u` (and a following low surrogate), appending UTF-8.
    mutating func appendUnicodeEscape(to buffer: inout [UInt8]) {
        guard var scalar = hex4() else {
            buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
            return
        }
        if (0xD800..<0xDC00).contains(scalar) {
            if hasPrefix("\\u") {
                let save = index
                index += 2
                if let low = hex4(), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = save
                }
            }
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        buffer.append(contentsOf: Array(String(character).utf8))
    }

    mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
