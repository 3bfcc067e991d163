/// Reads a few string fields of a JSON object without decoding the rest: a search result's
/// title and second line (``SearchResultText``), read from each shown entry's document.
///
/// Strict where it reads (strings with every JSON escape, `null`) and answers nil, so that the
/// caller decodes with `JSONDecoder` instead, wherever it is unsure: a field it reads that is
/// neither a string nor `null` (an object for the nested one), a field given twice, malformed
/// JSON, nesting deeper than ``maximumDepth``. `JSONDecoder` with a `Decodable` of the same
/// optional fields was 6–7 % of a search's time (docs/benchmarks.md, "Folding text byte by
/// byte").
struct JSONFieldScanner {
    /// The fields to read: string fields by name, and the string fields of one nested object.
    struct Request: Sendable {
        /// The names of the string fields read.
        let names: [[UInt8]]
        /// The name of the nested object read, if any.
        let nested: [UInt8]?
        /// The names of its string fields read.
        let nestedNames: [[UInt8]]

        init(names: [String], nested: String? = nil, nestedNames: [String] = []) {
            self.names = names.map { Array($0.utf8) }
            self.nested = nested.map { Array($0.utf8) }
            self.nestedNames = nestedNames.map { Array($0.utf8) }
        }
    }

    /// What was read of an object: its fields in the order asked for (nil: missing or `null`),
    /// and those of the nested object (nil: missing or `null`).
    struct Fields {
        var values: [String?]
        var nested: [String?]?
    }

    /// The deepest nesting of arrays and objects skipped.
    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The fields `request` asks for of the object `json` is; nil when unsure (see the type).
    static func fields(of json: String, _ request: Request) -> Fields? {
        var json = json
        return json.withUTF8 { bytes in
            var scanner = JSONFieldScanner(bytes)
            let names = request.names.count
            let keys = request.names + (request.nested.map { [$0] } ?? [])
            var values = [String?](repeating: nil, count: names)
            var nested: [String?]?
            var seen = [Bool](repeating: false, count: keys.count)
            let complete = scanner.object(keys: keys) { scanner, key in
                guard let key else { return scanner.skipValue(depth: 1) }
                if key < names { return scanner.stringField(key, into: &values, seen: &seen) }
                guard !seen[key] else { return false }
                seen[key] = true
                if scanner.null() { return true }
                var inner = [String?](repeating: nil, count: request.nestedNames.count)
                var innerSeen = [Bool](repeating: false, count: request.nestedNames.count)
                let read = scanner.object(keys: request.nestedNames) { scanner, key in
                    guard let key else { return scanner.skipValue(depth: 2) }
                    return scanner.stringField(key, into: &inner, seen: &innerSeen)
                }
                nested = inner
                return read
            }
            guard complete else { return nil }
            scanner.skipSpace()
            guard scanner.at == bytes.count else { return nil }
            return Fields(values: values, nested: nested)
        }
    }

    // MARK: - Reading

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after spaces) when it is next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// Reads field `key`'s value into `values` (nil for `null`); false when the field was
    /// seen before or its value is neither a string nor `null`.
    private mutating func stringField(_ key: Int, into values: inout [String?], seen: inout [Bool]) -> Bool {
        guard !seen[key] else { return false }
        seen[key] = true
        if null() { return true }
        guard let value = string() else { return false }
        values[key] = value
        return true
    }

    /// Consumes `null` when it is next.
    private mutating func null() -> Bool {
        skipSpace()
        guard at + 4 <= bytes.count, bytes[at] == UInt8(ascii: "n") else { return false }
        guard bytes[at + 1] == UInt8(ascii: "u"), bytes[at + 2] == UInt8(ascii: "l"),
            bytes[at + 3] == UInt8(ascii: "l")
        else { return false }
        at += 4
        return true
    }

    /// An object: `field` is called at each field's value with the index of its name in
    /// `keys` (nil for a name not asked for) and must consume the value; false when the
    /// object is malformed or `field` says so.
    private mutating func object(keys: [[UInt8]], _ field: (inout JSONFieldScanner, Int?) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = key(in: keys), consume(UInt8(ascii: ":")) else { return false }
            guard field(&self, key) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// A field's name (a string), as its index in `keys` (nil: not asked for); nil when it is
    /// not a string.
    private mutating func key(in keys: [[UInt8]]) -> Int?? {
        skipSpace()
        let start = at + 1
        guard let raw = rawString() else { return nil }
        if raw.escaped {
            guard let text = string(from: start) else { return nil }
            return .some(keys.firstIndex(of: Array(text.utf8)))
        }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<raw.end])
        return .some(keys.firstIndex { $0.elementsEqual(name) })
    }

    /// Skips a string (after spaces): where its closing quote is and whether it has escapes;
    /// nil when it is not a well-formed string.
    private mutating func rawString() -> (end: Int, escaped: Bool)? {
        skipSpace()
        guard at < bytes.count, bytes[at] == Self.quote else { return nil }
        at += 1
        var escaped = false
        while at < bytes.count {
            let b = bytes[at]
            if b == Self.quote {
                at += 1
                return (at - 1, escaped)
            }
            if b < 0x20 { return nil }
            if b == Self.backslash {
                escaped = true
                at += 1
                guard at < bytes.count else { return nil }
            }
            at += 1
        }
        return nil
    }

    /// A string value (after spaces), its escapes replaced; nil when it is not one.
    private mutating func string() -> String? {
        skipSpace()
        let start = at + 1
        guard let raw = rawString() else { return nil }
        guard raw.escaped else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<raw.end]), as: UTF8.self)
        }
        return string(from: start)
    }

    /// The string whose text starts at `start` (after its opening quote), escapes replaced.
    private func string(from start: Int) -> String? {
        var out: [UInt8] = []
        var i = start
        func hex4() -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for k in 0..<4 {
                let c = bytes[i + k]
                let digit: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            i += 4
            return value
        }
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == Self.quote { return String(decoding: out, as: UTF8.self) }
            guard b == Self.backslash else {
                out.append(b)
                continue
            }
            guard i < bytes.count else { return nil }
            let e = bytes[i]
            i += 1
            switch e {
            case Self.quote, Self.backslash, UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var value = hex4() else { return nil }
                if (0xD800...0xDBFF).contains(value) {
                    guard i + 2 <= bytes.count, bytes[i] == Self.backslash, bytes[i + 1] == UInt8(ascii: "u")
                    else { return nil }
                    i += 2
                    guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(value) {
                    return nil
                }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                UTF8.encode(scalar) { out.append($0) }
            default: return nil
            }
        }
        return nil
    }

    /// Skips any value (after spaces); false when it is malformed or nested deeper than
    /// ``maximumDepth``.
    private mutating func skipValue(depth: Int) -> Bool {
        skipSpace()
        guard at < bytes.count, depth <= Self.maximumDepth else { return false }
        switch bytes[at] {
        case Self.quote:
            return rawString() != nil
        case UInt8(ascii: "{"):
            return object(keys: []) { scanner, _ in scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            at += 1
            if consume(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "]"))
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return null()
        default:
            let start = at
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                    UInt8(ascii: "."),
                    UInt8(ascii: "e"), UInt8(ascii: "E"):
                    at += 1
                default:
                    return at > start
                }
            }
            return at > start
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for k in 0..<count where bytes[at + k] != word.utf8Start[k] { return false }
        at += count
        return true
    }
}
