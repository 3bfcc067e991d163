import BenchmarkSupport
import Foundation
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
        allLexemes = Self.words(ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
        titleLexemes = Self.words(ftsTitle)
    }

    /// `EntryDrafts.join`.
    static func join(_ parts: [String?]) -> String? {
        let present = parts.compactMap { $0 }.filter { !$0.isEmpty }
        return present.isEmpty ? nil : IndexText.indexForm(present.joined(separator: " "))
    }

    /// `SearchLexemes.words` of the backend: the distinct folded words, sorted, within
    /// PostgreSQL's limits.
    static func words(_ texts: String?...) -> [String] {
        var seen: Set<String> = []
        var total = 0
        var out: [String] = []
        for text in texts {
            guard let text else { continue }
            for word in TextFolding.words(text) where word.utf8.count <= 2046 {
                guard seen.insert(word).inserted else { continue }
                total += word.utf8.count + 8
                if total > 900_000 { return out.sorted() }
                out.append(word)
            }
        }
        return out.sorted()
    }

    /// The columns every insertion names, in order (the others take their defaults, as in the
    /// backend's INSERT).
    static let columns = [
        "user_id", "app", "kind", "identity_key", "unique_identifier", "domain_identifier", "title",
        "is_eligible_for_search", "is_eligible_for_handoff", "is_eligible_for_public_indexing",
        "is_eligible_for_prediction", "first_donated_at", "donated_at", "expires_at", "payload", "fts_title",
        "fts_keywords", "fts_description", "fts_address", "search_all", "search_title",
    ]

    /// The row as a line of `COPY … FROM STDIN (FORMAT text)`.
    func copyLine(donatedAt: Double, expiresAt: Double, into out: inout String) {
        func text(_ s: String?) -> String {
            guard let s else { return "\\N" }
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
            lexemes.map {
                "'"
                    + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                        of: "'", with: "''") + "'"
            }
            .joined(separator: " ")
        }
        let fields: [String] = [
            text(user), text(Self.app), "item", text(identityKey), text(identityKey), text(domain),
            text(title),
            "t", "f", "f", "f", "\(donatedAt)", "\(donatedAt)", "\(expiresAt)", text(payload), text(ftsTitle),
            text(ftsKeywords), text(ftsDescription), text(ftsAddress), text(vector(allLexemes)),
            text(vector(titleLexemes)),
        ]
        out += fields.joined(separator: "\t")
        out += "\n"
    }
}

/// `FullTextQuery.tsquery()` of the backend (every term, prefix terms with `:*`).
func tsquery(_ query: FullTextQuery) -> String? {
    var parts: [String] = []
    for term in query.terms {
        let words = TextFolding.words(IndexText.indexForm(term.text))
        guard !words.isEmpty else { continue }
        for (index, word) in words.enumerated() {
            let quoted =
                "'"
                + word.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "'", with: "''") + "'"
            parts.append(term.isPrefix && index == words.count - 1 ? quoted + ":*" : quoted)
        }
    }
    return parts.isEmpty ? nil : parts.joined(separator: " & ")
}
