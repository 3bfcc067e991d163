import Testing

@testable import ProactiveText

/// Folding gives what its rules give, written plainly: every scalar of the Basic Multilingual
/// Plane, and random multilingual text.
@Suite struct TextFoldingTests {
    /// The folding rules written plainly, scalar by scalar: the reference.
    static func reference(_ text: String) -> String {
        var out: [UInt8] = []
        var pendingSpace = false
        func space() {
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D) {
                    pendingSpace = !out.isEmpty
                    continue
                }
                space()
                out += Array(String(scalar).lowercased().utf8)
                continue
            }
            if Script.isUnsegmented(scalar) {
                space()
                out += Array(String(scalar).utf8)
            } else if let base = TextFolding.latinBases[scalar] {
                space()
                out += Array(base.utf8)
            } else if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else if let special = TextFolding.specialLetters[scalar] {
                space()
                out += Array(special.utf8)
            } else if (0xFF01...0xFF5E).contains(scalar.value) {
                space()
                out += Array(String(Unicode.Scalar(scalar.value - 0xFEE0)!).lowercased().utf8)
            } else {
                space()
                out += Array(scalar.properties.lowercaseMapping.utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func everyScalarOfTheBasicPlaneFoldsAsTheRulesSay() {
        for value in 0x80...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "A" + String(scalar) + "b"
            #expect(TextFolding.fold(text) == Self.reference(text), "U+\(String(value, radix: 16))")
        }
    }

    @Test func randomTextFoldsAsTheRulesSay() {
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "Café", "STRASSE", "Straße", "ŒUVRE", "İstanbul", "Ǆemal", "ΣΟΦΊΑ", "Ελληνικά", "Привет", "ЁЖИК",
            "עִבְרִית", "العَرَبِيَّة", "हिन्दी", "紅燒牛肉", "カタカナ", "한국어", "ＡＢＣ１２", "\u{3000}", "\u{00A0}",
            "\u{2003}", "e\u{0301}", "Ḃ", "Ǻ", "ß", "ﬁ", " ", "\t", "\n", "42", "l'été", "ǅ", "Ⅻ", "Ꭰ", "ꭰ",
        ]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                if Int.random(in: 0..<5, using: &rng) == 0 {
                    text.unicodeScalars.append(
                        Unicode.Scalar(UInt32.random(in: 0x80...0x2FFF, using: &rng)) ?? "x")
                } else {
                    text += pieces.randomElement(using: &rng)!
                }
            }
            #expect(TextFolding.fold(text) == Self.reference(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }

    /// The byte-level form (what every string takes) appends what the scalar-by-scalar form
    /// does, after text already in the buffer, for scalars of every length (4-byte ones of the
    /// other planes too) and for substrings.
    @Test func bytesFoldAsScalarsDo() {
        var rng = SystemRandomNumberGenerator()
        let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x10000...0x10FFFF]
        for round in 0..<3_000 {
            var text = ""
            // Every third text ASCII only, long enough to be folded eight bytes at a time.
            let ascii = round % 3 == 0
            for _ in 0..<Int.random(in: 0...(ascii ? 40 : 16), using: &rng) {
                let range =
                    ascii
                    ? (Bool.random(using: &rng) ? 0x41...0x5A : 0x00...0x7F)
                    : ranges.randomElement(using: &rng)!
                text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &rng)) ?? " ")
            }
            let prefix = Array("Ab ".utf8)
            var bytes = prefix
            TextFolding.appendFolded(text, to: &bytes)
            var scalars = prefix
            TextFolding.appendFoldedScalars(text, to: &scalars)
            #expect(bytes == scalars, "\(text.unicodeScalars.map { $0.value })")
            let sub = text.dropFirst()
            var subBytes: [UInt8] = []
            TextFolding.appendFolded(sub, to: &subBytes)
            var subScalars: [UInt8] = []
            TextFolding.appendFoldedScalars(sub, to: &subScalars)
            #expect(subBytes == subScalars)
        }
    }
}
