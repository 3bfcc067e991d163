import Testing

@testable import ProactiveMarkup

/// The comparison rules of the conformance test, each checked on both an equal and an unequal pair.
@Suite struct NormalizationTests {
    @Test(
        "Values that mean the same normalise to the same form",
        arguments: [
            ("https://schema.org/InStock", "http://schema.org/InStock"),
            ("schema:InStock", "InStock"),
            ("True", "true"),
            ("55.00", "55"),
            ("4.5", "4.50"),
            ("http://www.Example.com", "http://www.example.com/"),
            ("https://example.com:443/a", "https://example.com/a"),
            ("2019-05-14T17:30:57+01:00", "2019-05-14T16:30:57Z"),
            ("Cafe\u{301}  de\n la Paix", "Café de la Paix"),
        ])
    func equalValues(_ a: String, _ b: String) {
        #expect(NormalizedValue.normalize(a) == NormalizedValue.normalize(b))
    }

    @Test(
        "Values that differ stay different",
        arguments: [
            ("02142", "2142"),
            ("+155501001110", "155501001110"),
            ("http://example.com/a", "http://example.com/a/"),
            ("2019-05-14T17:30:57+01:00", "2019-05-14T17:30:57Z"),
            ("Print", "print"),
            ("55.01", "55"),
        ])
    func differentValues(_ a: String, _ b: String) {
        #expect(NormalizedValue.normalize(a) != NormalizedValue.normalize(b))
    }

    @Test func entityWithOnlyANameEqualsItsNameAsText() {
        let named = SchemaValue.entity(
            SchemaEntity(types: ["MusicGroup"], properties: ["name": [.text("Radiohead")]], source: .jsonLD))
        let described = SchemaValue.entity(
            SchemaEntity(
                types: ["MusicGroup"], properties: ["name": [.text("Radiohead")], "genre": [.text("rock")]],
                source: .jsonLD))
        #expect(NormalizedValue(named) == NormalizedValue(.text("Radiohead")))
        #expect(NormalizedValue(described) != NormalizedValue(.text("Radiohead")))
    }

    @Test func valuesFormASetAndRDFaVocabularyIsLeftOut() {
        let a = SchemaEntity(
            types: ["Book"],
            properties: [
                "genre": [.text("b"), .text("a"), .text("a")],
                "http://www.w3.org/ns/rdfa#usesVocabulary": [.url("https://schema.org/")],
            ], source: .jsonLD)
        let b = SchemaEntity(types: ["Book"], properties: ["genre": [.text("a"), .text("b")]], source: .rdfa)
        #expect(NormalizedEntity(a) == NormalizedEntity(b))
        let vocabularyOnly = SchemaEntity(
            types: [],
            properties: ["http://www.w3.org/ns/rdfa#usesVocabulary": [.url("https://schema.org/")]],
            source: .jsonLD)
        #expect(NormalizedEntity(vocabularyOnly).isEmpty)
    }

    @Test func subsetIsWeakerThanEquality() {
        let small = NormalizedEntity(
            SchemaEntity(types: ["Book"], properties: ["name": [.text("A")]], source: .jsonLD))
        let large = NormalizedEntity(
            SchemaEntity(
                types: ["Book"], properties: ["name": [.text("A")], "isbn": [.text("1")]], source: .microdata)
        )
        #expect(small.isSubset(of: large))
        #expect(!large.isSubset(of: small))
        #expect(small != large)
    }
}
