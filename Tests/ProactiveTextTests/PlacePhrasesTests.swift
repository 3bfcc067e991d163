import ProactiveText
import Testing

/// Where a message announces a place, read from its last words as bytes.
@Suite struct PlacePhrasesTests {
    static let table = PlacePhrases(phrases: ["en": ["meet me at"], "fr": ["rendez-vous à"], "zh": ["我們在"]])

    @Test func findsThePhraseAndWhatWasTypedAfterIt() {
        #expect(Self.table.placeMention(in: "Meet me at ")! == ("en", ""))
        #expect(Self.table.placeMention(in: "ok. Meet me at Yank S")! == ("en", "yank s"))
        #expect(Self.table.placeMention(in: "Rendez-vous à la gare")! == ("fr", "la gare"))
        #expect(Self.table.placeMention(in: "明天我們在")! == ("zh", ""))
    }

    @Test func aPhraseIsWholeWordsAndEndsTheMessage() {
        #expect(Self.table.placeMention(in: "Meet me atrium") == nil)
        #expect(Self.table.placeMention(in: "xmeet me at ") == nil)
        #expect(Self.table.placeMention(in: "Meet me at the station. Then lunch") == nil)
        #expect(Self.table.placeMention(in: "Meet me at " + String(repeating: "x", count: 41)) == nil)
    }
}
