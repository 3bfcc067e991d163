import Testing

@testable import ProactiveText

/// The byte-level index form (what every string takes) is what the scalar-by-scalar form
/// gives, for scalars of every length, the special letters, marks, full-width forms and CJK
/// runs among them.
@Suite struct IndexFormBytesTests {
    @Test func bytesGiveWhatScalarsGive() {
        var rng = SystemRandomNumberGenerator()
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x10000...0x10FFFF, 0xC0...0x17F, 0x300...0x36F,
            0x4E00...0x4F00, 0xFF00...0xFF70, 0x1E90...0x1EA0,
        ]
        let special = Array(TextFolding.specialLetters.keys)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &rng) {
                if Int.random(in: 0..<6, using: &rng) == 0 {
                    text.unicodeScalars.append(special.randomElement(using: &rng)!)
                } else {
                    let range = ranges.randomElement(using: &rng)!
                    text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &rng)) ?? " ")
                }
            }
            #expect(
                IndexText.indexForm(text) == IndexText.indexFormByScalar(text),
                "\(text.unicodeScalars.map(\.value))")
        }
        for text in ["", "ascii only, eight+ bytes", "Große 餐廳!", "e\u{301}té Ｔｏｋｙｏ ẞ", "東京タワー 서울 🍣"] {
            #expect(IndexText.indexForm(text) == IndexText.indexFormByScalar(text))
        }
    }

    @Test func nonspacingMarksAreReadFromTheirTable() {
        for value in UInt32(0)...0x1_1000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(Script.isNonspacingMark(scalar) == (scalar.properties.generalCategory == .nonspacingMark))
        }
    }
}
