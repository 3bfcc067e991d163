/// An address split for gazetteer lookup: segments (between commas, `，`, `、`, `;` or line
/// breaks) of folded tokens, each token Latin/other letters, digits, or a Han run.
struct AddressText {
    /// One folded token.
    struct Token {
        var text: String
        /// Whether it contains a digit (a house number or a postal code).
        var isNumeric: Bool
        /// Whether it is a run of Han ideographs (scanned by substring, not by word).
        var isHan: Bool
    }

    /// One segment of the address.
    struct Segment {
        var tokens: [Token]
        /// Whether the segment comes from a structured address's city field.
        var isCityField: Bool
    }

    var segments: [Segment] = []
    /// Postal-code–like tokens (4+ digits, or digits joined by a hyphen), in text order, as
    /// written.
    var postalCodeCandidates: [String] = []

    private static let separators: Set<Character> = [",", "，", "、", ";", "；", "\n", "|"]

    /// Splits free text.
    init(text: String) {
        append(text: text, isCityField: false)
    }

    init() {}

    /// Adds the segments of a text.
    mutating func append(text: String, isCityField: Bool) {
        for piece in text.split(whereSeparator: { Self.separators.contains($0) }) {
            let tokens = Self.tokens(of: piece)
            if !tokens.isEmpty { segments.append(Segment(tokens: tokens, isCityField: isCityField)) }
            collectPostalCodes(in: piece)
        }
    }

    /// Folded tokens of one segment: words split on spaces, then at boundaries between Han
    /// ideographs and other characters.
    private static func tokens(of piece: Substring) -> [Token] {
        var tokens: [Token] = []
        for word in GazetteerKey.fold(String(piece)).split(separator: " ") {
            var current = String.UnicodeScalarView()
            var currentIsHan = false
            func flush() {
                guard !current.isEmpty else { return }
                let text = String(current)
                let isNumeric =
                    !currentIsHan && text.unicodeScalars.contains { $0.properties.numericType != nil }
                tokens.append(Token(text: text, isNumeric: isNumeric, isHan: currentIsHan))
                current = String.UnicodeScalarView()
            }
            for scalar in word.unicodeScalars {
                let isHan = GazetteerKey.isHan(scalar)
                if !current.isEmpty && isHan != currentIsHan { flush() }
                currentIsHan = isHan
                current.append(scalar)
            }
            flush()
        }
        return tokens
    }

    /// Records tokens shaped like postal codes: runs of ASCII digits with at least four
    /// digits, allowing one inner hyphen ("94105", "1100-053", "01310-200").
    private mutating func collectPostalCodes(in piece: Substring) {
        var run: [UInt8] = []
        func flush() {
            while run.first == UInt8(ascii: "-") { run.removeFirst() }
            while run.last == UInt8(ascii: "-") { run.removeLast() }
            let digits = run.count { $0 != UInt8(ascii: "-") }
            if digits >= 4, run.count - digits <= 1 {
                postalCodeCandidates.append(String(decoding: run, as: UTF8.self))
            }
            run.removeAll(keepingCapacity: true)
        }
        for byte in piece.utf8 {
            if (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") {
                run.append(byte)
            } else {
                flush()
            }
        }
        flush()
    }
}
