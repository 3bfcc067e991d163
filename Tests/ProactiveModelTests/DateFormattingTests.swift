import Foundation
import ProactiveModel
import Testing

/// Dates written by hand as Foundation's ISO 8601 style writes them, and read back.
@Suite struct DateFormattingTests {
    static func foundation(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }

    @Test func writesWhatFoundationWrites() {
        var generator = SystemRandomNumberGenerator()
        var seconds: [Double] = [
            0, 0.5, 0.9995, 0.9999999, 59.001, 86_399.9999, 951_782_400, 1_795_812_450.17744,
            4_102_444_800, 253_402_300_799, 253_402_300_800, -1, -62_135_596_799, 1e9 + 0.0015,
        ]
        for _ in 0..<20_000 { seconds.append(Double.random(in: 0...4_102_444_800, using: &generator)) }
        for _ in 0..<20_000 {
            seconds.append(
                Double(Int.random(in: 0...4_102_444_800, using: &generator))
                    + Double(Int.random(in: 0...999, using: &generator)) / 1000)
        }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            #expect(DonationCoding.formatDate(date) == Self.foundation(date), "\(value)")
        }
    }

    @Test func examples() {
        #expect(
            DonationCoding.formatDate(Date(timeIntervalSince1970: 1_795_780_800)) == "2026-11-27T12:00:00Z")
        #expect(
            DonationCoding.formatDate(Date(timeIntervalSince1970: 951_782_400.25))
                == "2000-02-29T00:00:00.250Z")
        let date = Date(timeIntervalSince1970: 1_795_812_450.5)
        #expect(DonationCoding.parseDate(DonationCoding.formatDate(date)) == date)
    }
}
