extension String {
    /// The string with each of `characters` (ASCII bytes) written twice: how a quoted literal
    /// of SQL, an FTS5 expression or a `tsquery` writes its own quote (and a `tsquery` its
    /// backslash). The string itself, uncopied, when it has none of them.
    ///
    /// Foundation's `replacingOccurrences(of:with:)` went through `NSString` for every word of
    /// every search: more than half of building a query's text.
    package func doublingEach(of characters: [UInt8]) -> String {
        guard utf8.contains(where: characters.contains) else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            bytes.append(byte)
            if characters.contains(byte) { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
