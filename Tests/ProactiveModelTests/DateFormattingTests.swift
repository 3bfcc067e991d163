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

    /// Every moment written reads back as itself, over the years every day of each month.
    @Test func whatIsWrittenReadsBack() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let date = Date(
                timeIntervalSince1970: Double(Int.random(in: 0...253_402_300_799, using: &generator)))
            #expect(DonationCoding.parseDate(DonationCoding.formatDate(date)) == date)
        }
    }

    /// A date or time that cannot be is refused, saying why, not rolled over to another moment
    /// as Foundation's parser does (2026-02-30 was read as March 2, 25:00 as 01:00 the next day).
    @Test func anImpossibleMomentIsRefusedSayingWhy() {
        let refused: [(String, String)] = [
            ("2026-02-30T00:00:00Z", "2026-02-30 is not a date: that month has 28 days"),
            ("2026-02-29T00:00:00Z", "2026-02-29 is not a date: that month has 28 days"),
            ("2026-04-31T12:00:00+02:00", "2026-04-31 is not a date: that month has 30 days"),
            ("2026-13-01T00:00:00Z", "2026-13-01 is not a date: there is no month 13"),
            ("2026-00-10T00:00:00Z", "2026-00-10 is not a date: there is no month 0"),
            ("2026-01-00T00:00:00Z", "2026-01-00 is not a date: that month has 31 days"),
            ("2026-01-01T25:00:00Z", "25:00:00 is not a time of day"),
            ("2026-01-01T24:00:00Z", "24:00:00 is not a time of day"),
            ("2026-01-01T00:61:00Z", "00:61:00 is not a time of day"),
            ("2026-01-01T00:00:61Z", "00:00:61 is not a time of day"),
            ("2026-1-1T0:0:0Z", "expected an ISO 8601 date such as 2026-11-21T12:00:00Z"),
            ("2026-01-01", "expected an ISO 8601 date such as 2026-11-21T12:00:00Z"),
            ("tomorrow", "expected an ISO 8601 date such as 2026-11-21T12:00:00Z"),
            ("2026-01-01T00:00:00+25:00", "expected an ISO 8601 date such as 2026-11-21T12:00:00Z"),
        ]
        for (text, problem) in refused {
            #expect(DonationCoding.parseDate(text) == nil, "\(text)")
            #expect(DonationCoding.dateProblem(text) == problem, "\(text)")
        }
        for text in [
            "2024-02-29T00:00:00Z", "2000-02-29T23:59:59.999Z", "2026-12-31T23:59:59-11:00",
            "2026-06-30T23:59:60Z", "9999-12-31T23:59:59Z",
        ] {
            #expect(DonationCoding.parseDate(text) != nil, "\(text)")
        }
    }
}
