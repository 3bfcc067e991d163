/// Text helpers for values read from HTML and JSON.
enum HTMLText {
    /// Trims `text` and collapses each run of white space (including new lines, tabs and U+00A0)
    /// to one space.
    static func collapsingWhitespace(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace {
                    result.unicodeScalars.append(" ")
                    pendingSpace = false
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Splits a space-separated attribute value (`itemprop`, `itemtype`, `typeof`) into its tokens.
    static func tokens(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            .map(String.init)
    }
}
