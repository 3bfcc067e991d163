import ProactivePhoneNumbers
import Testing

struct PhoneNumberTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var text: String
        var region: String
        var e164: String
        var national: String
        var testDescription: String { "\(region) \(text)" }
    }

    static let examples: [Example] = [
        Example(text: "(415) 781-1111", region: "US", e164: "+14157811111", national: "(415) 781-1111"),
        Example(text: "01 45 48 55 26", region: "FR", e164: "+33145485526", national: "01 45 48 55 26"),
        Example(text: "030 12345678", region: "DE", e164: "+493012345678", national: "030 12345678"),
        Example(text: "02 7200 1234", region: "IT", e164: "+390272001234", national: "02 7200 1234"),
        Example(text: "213 456 789", region: "PT", e164: "+351213456789", national: "21 345 6789"),
        Example(text: "(11) 3123-4567", region: "BR", e164: "+551131234567", national: "(11) 3123-4567"),
        Example(text: "(11) 91234-5678", region: "BR", e164: "+5511912345678", national: "(11) 91234-5678"),
        Example(text: "010 6552 9988", region: "CN", e164: "+861065529988", national: "010 6552 9988"),
        Example(text: "138 0013 8000", region: "CN", e164: "+8613800138000", national: "138 0013 8000"),
        Example(text: "02 2720 8889", region: "TW", e164: "+886227208889", national: "02 2720 8889"),
        Example(text: "020 7946 0018", region: "GB", e164: "+442079460018", national: "020 7946 0018"),
    ]

    @Test(arguments: examples)
    func parsesNationalNumbers(example: Example) throws {
        let number = try PhoneNumber(parsing: example.text, defaultRegion: example.region)
        #expect(number.e164 == example.e164)
        #expect(number.nationalFormat == example.national)
        #expect(number.regionCode == example.region)
        #expect(number.isValid)
        #expect(number.internationalFormat.hasPrefix("+\(number.countryCode) "))
    }

    @Test(arguments: examples)
    func e164RoundTripsWithoutRegion(example: Example) throws {
        let number = try PhoneNumber(parsing: example.e164)
        #expect(number.e164 == example.e164)
        #expect(number.regionCode == example.region)
    }

    @Test func regionIsCaseInsensitive() throws {
        #expect(try PhoneNumber(parsing: "01 45 48 55 26", defaultRegion: "fr").e164 == "+33145485526")
    }

    @Test func internationalFormats() throws {
        #expect(
            try PhoneNumber(parsing: "(415) 781-1111", defaultRegion: "US").internationalFormat
                == "+1 415-781-1111")
        #expect(
            try PhoneNumber(parsing: "01 45 48 55 26", defaultRegion: "FR").internationalFormat
                == "+33 1 45 48 55 26")
    }

    @Test func internationalPrefixFromAnotherRegion() throws {
        // A French number written with the US international prefix.
        let number = try PhoneNumber(parsing: "011 33 1 45 48 55 26", defaultRegion: "US")
        #expect(number.e164 == "+33145485526")
        #expect(number.regionCode == "FR")
    }

    @Test func kinds() throws {
        #expect(try PhoneNumber(parsing: "06 12 34 56 78", defaultRegion: "FR").kind == .mobile)
        #expect(try PhoneNumber(parsing: "01 45 48 55 26", defaultRegion: "FR").kind == .fixedLine)
        #expect(try PhoneNumber(parsing: "(800) 555-0100", defaultRegion: "US").kind == .tollFree)
    }

    @Test(arguments: [
        ("hello", PhoneNumberError.Code.notANumber),
        ("", .notANumber),
        ("1", .notANumber),
        ("+999 1234 5678", .invalidCountryCode),
        ("12345678901234567890123", .tooLong),
    ])
    func garbageIsRejected(text: String, code: PhoneNumberError.Code) {
        #expect {
            _ = try PhoneNumber(parsing: text, defaultRegion: "US")
        } throws: { error in
            (error as? PhoneNumberError)?.code == code
        }
    }

    @Test func invalidNumbersAreRejectedUnlessAsked() throws {
        // Parses, but 099 is no French area.
        #expect(throws: PhoneNumberError.self) { try PhoneNumber(parsing: "09 99", defaultRegion: "FR") }
        let lenient = try PhoneNumber(parsing: "(415) 000-0000", defaultRegion: "US", validation: .none)
        #expect(!lenient.isValid)
        #expect(lenient.e164 == "+14150000000")
        #expect(throws: PhoneNumberError.self) {
            try PhoneNumber(parsing: "(415) 000-0000", defaultRegion: "US")
        }
    }

    @Test func numberWithoutPlusNeedsARegion() {
        #expect {
            _ = try PhoneNumber(parsing: "01 45 48 55 26")
        } throws: { error in
            (error as? PhoneNumberError)?.code == .invalidCountryCode
        }
    }

    @Test(arguments: ["F", "FRA", "1A", ""])
    func badRegionIsRejected(region: String) {
        #expect {
            _ = try PhoneNumber(parsing: "01 45 48 55 26", defaultRegion: region)
        } throws: { error in
            (error as? PhoneNumberError)?.code == .invalidRegion
        }
    }

    @Test func errorMessagesDoNotContainTheNumber() {
        do {
            _ = try PhoneNumber(parsing: "(415) 000-0000", defaultRegion: "US")
            Issue.record("expected an error")
        } catch let error as PhoneNumberError {
            #expect(!error.description.contains("415"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func callingCodes() {
        #expect(PhoneNumber.callingCode(forRegion: "fr") == 33)
        #expect(PhoneNumber.callingCode(forRegion: "TW") == 886)
        #expect(PhoneNumber.callingCode(forRegion: "QQ") == nil)
        #expect(PhoneNumber.regionCode(forCallingCode: 351) == "PT")
        #expect(PhoneNumber.regionCode(forCallingCode: 999) == nil)
    }

    @Test func concurrentParsing() async throws {
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                let example = Self.examples[index % Self.examples.count]
                group.addTask { try PhoneNumber(parsing: example.text, defaultRegion: example.region).e164 }
            }
            var all: [String] = []
            for try await value in group { all.append(value) }
            return all
        }
        #expect(results.count == 200)
        #expect(Set(results) == Set(Self.examples.map(\.e164)))
    }
}
