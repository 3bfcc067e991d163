import Foundation

/// Where a page of search results ends, as an opaque string: the time the ranking was made,
/// the score and entry of the page's last result, and a fingerprint of the search, so that a
/// cursor is only accepted by the search that made it.
struct SearchCursor: Codable, Hashable {
    /// The time of the first page's ranking: its `timeIntervalSinceReferenceDate`, the
    /// value a `Date` holds, so that the time read back is exactly the same (scores are
    /// compared exactly; seconds since 1970 would round).
    var at: Double
    /// The last result's score (its exact value, not the rounded one shown).
    var score: Double
    /// The last result's entry.
    var entry: Int64
    /// ``fingerprint(of:)`` of the search.
    var search: String
    /// Whether the last result is a public entry (public entries follow the user's own, and
    /// `entry` is then a public entry's identifier); `nil` for the user's own.
    var isPublic: Bool?

    private enum CodingKeys: String, CodingKey {
        case at = "t", score = "s", entry = "e", search = "q", isPublic = "p"
    }

    /// The cursor as URL-safe base64 of its JSON, without padding.
    var encoded: String {
        // Sorted keys: the same position is always the same cursor.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(self)) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Reads a cursor that ``encoded`` made; `nil` for anything else.
    init?(encoded: String) {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard encoded.utf8.count <= 512, !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let cursor = try? JSONDecoder().decode(SearchCursor.self, from: data),
            cursor.at.isFinite, cursor.score.isFinite
        else { return nil }
        self = cursor
    }

    init(at: Double, score: Double, entry: Int64, search: String, isPublic: Bool = false) {
        self.at = at
        self.score = score
        self.entry = entry
        self.search = search
        self.isPublic = isPublic ? true : nil
    }

    /// What identifies a search across its pages: its text, filter and app (not its limit,
    /// which may change from page to page).
    static func fingerprint(of request: SearchRequest) -> String {
        var hasher = FNV1a()
        hasher.add(request.text)
        hasher.add(request.filter.map { "\($0)" } ?? "")
        hasher.add(request.app ?? "")
        return String(hasher.value, radix: 36)
    }

    /// Where the ranking left off: the last result's score and entry.
    var position: CandidateRanking.Position {
        CandidateRanking.Position(score: score, id: entry)
    }
}

/// 64-bit FNV-1a, a stable hash (Swift's `Hasher` is seeded per process, and a cursor must
/// be accepted by every daemon of a service).
private struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        value ^= 0xff
        value = value &* 0x0000_0100_0000_01b3
    }
}
