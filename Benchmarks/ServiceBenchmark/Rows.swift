import BenchmarkSupport
import Foundation
import ProactivePostgres
import ProactiveStorage
import ProactiveText

/// One document of the corpus, for one user.
struct Document: Sendable {
    var index: Int
    var user: String
    var json: Data
    var title: String
    var keywords: String
    var description: String
    var city: String

    init(index: Int, user: String, corpus: inout Corpus) {
        let d = corpus.document(index)
        self.index = index
        self.user = user
        json = Data(d.json.utf8)
        title = d.title
        keywords = d.keywords
        description = d.description
        city = d.city
    }
}

/// The documents of one user donated in one call (one transaction).
struct Batch: Sendable {
    var user: String
    var documents: [Document]
}

/// The corpus spread over users: document `i` belongs to user `i % users`; each user's
/// documents go in batches of at most `batchSize`, users' batches in turn.
func makeBatches(documents range: Range<Int>, users: Int, batchSize: Int, corpus: inout Corpus) -> [Batch] {
    var byUser: [[Document]] = Array(repeating: [], count: users)
    for i in range {
        byUser[i % users].append(Document(index: i, user: userName(i % users), corpus: &corpus))
    }
    var rounds: [[Batch]] = []
    for (u, docs) in byUser.enumerated() {
        for (round, start) in stride(from: 0, to: docs.count, by: batchSize).enumerated() {
            if rounds.count <= round { rounds.append([]) }
            rounds[round].append(
                Batch(user: userName(u), documents: Array(docs[start..<min(start + batchSize, docs.count)])))
        }
    }
    return rounds.flatMap { $0 }
}

func userName(_ u: Int) -> String { "u" + String(format: "%04d", u) }

/// An `entry` row exactly as the PostgreSQL backend stores a corpus document (see
/// `PostgresTransaction.upsertEntry` and `EntryDrafts.item`): the same columns, the same
/// index form of each text field, the same lexeme arrays given to `array_to_tsvector`.
/// The benchmark checks this against the rows the engine wrote (`verifyBaselineRows`).
struct EntryRow: Sendable {
    static let app = "com.example.bench"

    var user: String
    var identityKey: String
    var domain: String
    var title: String
    var payload: String
    var ftsTitle: String?
    var ftsKeywords: String?
    var ftsDescription: String?
    var ftsAddress: String?
    var allLexemes: [String]
    var titleLexemes: [String]
    var descriptionWords: Int

    init(_ d: Document) {
        user = d.user
        identityKey = "b-\(d.index)"
        domain = "d\(d.index % 100)"
        title = d.title
        payload = String(decoding: d.json, as: UTF8.self)
        // EntryDrafts.item: title = join([displayName, title]), keywords = join(keywords),
        // description = join([contentDescription, textContent]), address = join([namedLocation, …, city, …]).
        ftsTitle = Self.join([d.title])
        ftsKeywords = Self.join(d.keywords.split(separator: " ").map(String.init))
        ftsDescription = Self.join([d.description])
        ftsAddress = Self.join([d.title, d.city])
        descriptionWords = TextRelevance.wordCount(ftsDescription)
        // The backend's own lexemes (user key included), sorted as `array_to_tsvector` keeps them.
        let lexemes = SearchLexemes.words(
            IndexedText(
                title: ftsTitle, keywords: ftsKeywords, description: ftsDescription, address: ftsAddress),
            key: SearchLexemes.userKey(UserID(rawValue: user)!))
        allLexemes = lexemes.all.sorted()
        titleLexemes = lexemes.title.sorted()
    }

    /// `EntryDrafts.join`.
    static func join(_ parts: [String?]) -> String? {
        let present = parts.compactMap { $0 }.filter { !$0.isEmpty }
        return present.isEmpty ? nil : IndexText.indexForm(present.joined(separator: " "))
    }

    /// The columns every insertion names, in order (the others take their defaults, as in the
    /// backend's INSERT).
    static let columns = [
        "user_id", "app", "kind", "identity_key", "unique_identifier", "domain_identifier", "title",
        "is_eligible_for_search", "is_eligible_for_handoff", "is_eligible_for_public_indexing",
        "is_eligible_for_prediction", "first_donated_at", "donated_at", "expires_at", "payload", "fts_title",
        "fts_keywords", "fts_description", "fts_address", "search_all", "search_title",
        "fts_description_words",
    ]

    /// The row as a line of `COPY … FROM STDIN (FORMAT text)`.
    func copyLine(donatedAt: Double, expiresAt: Double, into out: inout String) {
        func text(_ s: String?) -> String {
            guard let s else { return "\\N" }
            // Most fields need no escape: the same string, uncopied.
            guard s.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else { return s }
            var o = ""
            o.reserveCapacity(s.utf8.count)
            for ch in s.unicodeScalars {
                switch ch {
                case "\\": o += "\\\\"
                case "\t": o += "\\t"
                case "\n": o += "\\n"
                case "\r": o += "\\r"
                default: o.unicodeScalars.append(ch)
                }
            }
            return o
        }
        func vector(_ lexemes: [String]) -> String {
            lexemes.map { "'" + $0.doublingEach(of: [UInt8(ascii: "\\"), UInt8(ascii: "'")]) + "'" }
                .joined(separator: " ")
        }
        let fields: [String] = [
            text(user), text(Self.app), "item", text(identityKey), text(identityKey), text(domain),
            text(title),
            "t", "f", "f", "f", "\(donatedAt)", "\(donatedAt)", "\(expiresAt)", text(payload), text(ftsTitle),
            text(ftsKeywords), text(ftsDescription), text(ftsAddress), text(vector(allLexemes)),
            text(vector(titleLexemes)), "\(descriptionWords)",
        ]
        out += fields.joined(separator: "\t")
        out += "\n"
    }
}

/// The backend's `tsquery` for a user's query.
func tsquery(_ query: FullTextQuery, user: String) -> String? {
    query.tsquery(userKey: SearchLexemes.userKey(UserID(rawValue: user)!))
}
