extension TextFolding {
    /// Whether a word of the text's folded form (a maximal run of letters, digits and marks,
    /// as ``words(_:)`` splits it, and as SQLite's `unicode61` tokenizer splits the index form)
    /// starts with `prefix`, given as folded UTF-8. `buffer` is scratch space kept between
    /// calls.
    public static func hasWord(startingWith prefix: [UInt8], in text: String, buffer: inout [UInt8]) -> Bool {
        guard let first = prefix.first else { return true }
        buffer.removeAll(keepingCapacity: true)
        appendFolded(text, to: &buffer)
        return buffer.withUnsafeBufferPointer { bytes in
            guard prefix.count <= bytes.count else { return false }
            for start in 0...(bytes.count - prefix.count) where bytes[start] == first {
                if isWordStart(bytes, at: start) && TextRelevance.startsWith(bytes, at: start, prefix) {
                    return true
                }
            }
            return false
        }
    }

    /// Whether the scalar before `index` (a scalar's first byte) is not a word character.
    private static func isWordStart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index > 0 else { return true }
        if bytes[index - 1] < 0x80 { return !Script.isWordCharacter(Unicode.Scalar(bytes[index - 1])) }
        var start = index - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let before = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let scalar = before.unicodeScalars.first else { return true }
        return !Script.isWordCharacter(scalar)
    }
}
