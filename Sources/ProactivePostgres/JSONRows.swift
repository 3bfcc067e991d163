/// Rows passed to one statement as a single `jsonb` parameter and expanded there with
/// `jsonb_to_recordset` (postgres-nio cannot bind arrays that contain NULLs, and one
/// statement per row costs a round trip each).
///
/// Each row is a JSON object whose keys are the record's column names; a `nil` value leaves
/// its key out, which `jsonb_to_recordset` reads as NULL. Numbers are written in Swift's
/// shortest round-trip form, so PostgreSQL reads back exactly the same `double precision`.
struct JSONRows {
    private var bytes: [UInt8] = [UInt8(ascii: "[")]
    private var rowOpen = false
    private var firstField = true
    /// How many rows were added.
    private(set) var count = 0

    init(reservingCapacity capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The JSON array of the rows.
    var json: String {
        var out = bytes
        if rowOpen { out.append(UInt8(ascii: "}")) }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Starts a new row (ending the previous one).
    mutating func startRow() {
        if rowOpen { bytes.append(UInt8(ascii: "}")) }
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "{"))
        rowOpen = true
        firstField = true
        count += 1
    }

    private mutating func key(_ name: StaticString) {
        if !firstField { bytes.append(UInt8(ascii: ",")) }
        firstField = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    mutating func add(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        appendString(value)
    }

    mutating func add(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func add(_ name: StaticString, _ value: Int) {
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func add(_ name: StaticString, _ value: Int64) {
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A finite number (callers check ``isRepresentable(_:)`` first).
    mutating func add(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: value.description.utf8)
    }

    mutating func add(_ name: StaticString, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Whether a number can be written in JSON (not infinite, not NaN).
    static func isRepresentable(_ value: Double?) -> Bool { value?.isFinite ?? true }

    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = value.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
        } else {
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hex[Int(byte >> 4)], hex[Int(byte & 0xf)],
                    ])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
