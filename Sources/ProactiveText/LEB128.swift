/// Unsigned LEB128 numbers: seven bits a byte, low bits first, the high bit set on every byte
/// but the last. The stored forms of text use them for lengths and counts (`StoredText`,
/// ``IndexText/contracted(_:)``).
public enum LEB128 {
    /// Appends `value`.
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// The number at `index` (advanced past it), or `nil` when `bytes` end first or it has more
    /// than 64 bits.
    public static func read(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count, shift < 64 {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
