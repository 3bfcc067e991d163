import Foundation
import PostgresNIO
import ProactiveStorage

extension PostgresTransaction {
    // MARK: Writing

    func contributePublic(_ contribution: PublicContribution, contributor: Data) throws {
        let doing = "contributing to the public index"
        // One statement: the entry's upsert locks its row until commit (contributions of other
        // users to the same entry, through other daemons, wait, so every recount sees the
        // others' committed rows), then the contribution.
        let entryID = try firstRow(
            write(
                """
                WITH entry AS (
                  INSERT INTO public_entry (app, key) VALUES (\(contribution.key.app), \(contribution.key.key))
                  ON CONFLICT (app, key) DO UPDATE SET app = excluded.app
                  RETURNING id
                )
                INSERT INTO public_contribution (entry_id, contributor, engaged, activity_type, title, description,
                  keywords, url, thumbnail, user_info)
                SELECT entry.id, \(ByteBuffer(bytes: contributor)), false, \(contribution.activityType),
                  \(contribution.title), \(contribution.description), \(contribution.keywords), \(contribution.url),
                  \(contribution.thumbnail), \(contribution.userInfo)
                FROM entry
                ON CONFLICT (entry_id, contributor) DO UPDATE SET engaged = false,
                  activity_type = excluded.activity_type, title = excluded.title,
                  description = excluded.description, keywords = excluded.keywords, url = excluded.url,
                  thumbnail = excluded.thumbnail, user_info = excluded.user_info
                RETURNING entry_id
                """, doing), doing
        ) { try $0.next(Int64.self) }
        guard let entryID else {
            throw StorageError(code: .database, message: "PostgreSQL returned no row while \(doing)")
        }
        try refreshPublicEntry(entryID, key: contribution.key, doing)
    }

    func engagePublic(entryID: Int64, contributor: Data) throws -> Bool {
        let doing = "counting an engagement in the public index"
        guard try lockPublicEntry(entryID, doing) else { return false }
        try write(
            """
            INSERT INTO public_contribution (entry_id, contributor, engaged)
            VALUES (\(entryID), \(ByteBuffer(bytes: contributor)), true)
            ON CONFLICT (entry_id, contributor) DO NOTHING
            """, doing)
        try refreshPublicEntry(entryID, doing)
        return true
    }

    func withdrawPublicContributions(contributor: Data, keeping: Set<PublicEntryKey>) throws {
        let doing = "withdrawing contributions to the public index"
        let entries = try rows(
            read(
                """
                SELECT p.id, p.app, p.key FROM public_contribution c JOIN public_entry p ON p.id = c.entry_id
                WHERE c.contributor = \(ByteBuffer(bytes: contributor)) AND NOT c.engaged ORDER BY p.id
                """, doing), doing
        ) { r in (id: try r.next(Int64.self), key: PublicEntryKey(app: try r.next(), key: try r.next())) }
        for entry in entries where !keeping.contains(entry.key) {
            try withdraw(contributor, from: entry.id, doing)
        }
    }

    func withdrawPublicEngagements(contributor: Data, app: String?) throws {
        let doing = "withdrawing engagements from the public index"
        let ids = try rows(
            read(
                """
                SELECT p.id FROM public_contribution c JOIN public_entry p ON p.id = c.entry_id
                WHERE c.contributor = \(ByteBuffer(bytes: contributor)) AND c.engaged
                  AND (\(app)::text IS NULL OR p.app = \(app))
                ORDER BY p.id
                """, doing), doing
        ) { try $0.next(Int64.self) }
        for id in ids { try withdraw(contributor, from: id, doing) }
    }

    private func withdraw(_ contributor: Data, from entryID: Int64, _ doing: String) throws {
        guard try lockPublicEntry(entryID, doing) else { return }
        try write(
            """
            DELETE FROM public_contribution
            WHERE entry_id = \(entryID) AND contributor = \(ByteBuffer(bytes: contributor))
            """, doing)
        try refreshPublicEntry(entryID, doing)
    }

    /// Locks a public entry's row until commit; returns whether it exists.
    private func lockPublicEntry(_ entryID: Int64, _ doing: String) throws -> Bool {
        try requireWritable(doing)
        return try firstRow(
            read("SELECT 1 FROM public_entry WHERE id = \(entryID) FOR UPDATE", doing), doing
        ) { try $0.next(Int32.self) } != nil
    }

    /// Recounts a public entry's contributors and takes the most common value of each field
    /// (and the lexemes of them); removes the entry when no one contributes any more. The
    /// caller holds the entry's row lock.
    private func refreshPublicEntry(_ entryID: Int64, key known: PublicEntryKey? = nil, _ doing: String)
        throws
    {
        var key = known
        if key == nil {
            key = try firstRow(
                read("SELECT app, key FROM public_entry WHERE id = \(entryID)", doing), doing
            ) { r in PublicEntryKey(app: try r.next(), key: try r.next()) }
        }
        guard let key else { return }
        let contributions = try rows(
            read(
                """
                SELECT engaged, activity_type, title, description, keywords, url, thumbnail, user_info
                FROM public_contribution WHERE entry_id = \(entryID)
                """, doing), doing
        ) { r in
            (
                engaged: try r.next(Bool.self),
                fields: PublicContribution(
                    key: key, activityType: try r.next(), title: try r.next(), description: try r.next(),
                    keywords: try r.next(), url: try r.next(), thumbnail: try r.next(), userInfo: try r.next()
                )
            )
        }
        guard !contributions.isEmpty else {
            try write("DELETE FROM public_entry WHERE id = \(entryID)", doing)
            return
        }
        let fields = PublicContribution.consensus(
            of: contributions.filter { !$0.engaged }.map(\.fields), key: key)
        let text = fields.indexedText
        let words = SearchLexemes.joinedWords(text, key: "", prefixes: true).all
        try write(
            """
            UPDATE public_entry SET contributors = \(contributions.count), activity_type = \(fields.activityType),
              title = \(fields.title), description = \(fields.description), keywords = \(fields.keywords),
              url = \(fields.url), thumbnail = \(fields.thumbnail), user_info = \(fields.userInfo),
              fts_title = \(text.title), fts_keywords = \(text.keywords), fts_description = \(text.description),
              search_all = array_to_tsvector(string_to_array(\(words), ' '))
            WHERE id = \(entryID)
            """, doing)
    }

    // MARK: Reading

    func entriesEligibleForPublicIndexing(now: Date) throws -> [StoredEntry] {
        let doing = "reading the entries eligible for public indexing"
        return try rows(
            read(
                """
                SELECT \(unescaped: StoredEntry.postgresColumns) FROM entry
                WHERE user_id = \(userID) AND is_eligible_for_public_indexing
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                """, doing), doing, StoredEntry.init(reader:))
    }

    func publicSearchCandidates(_ query: FullTextQuery, app: String?, threshold: Int, limit: Int) throws
        -> [PublicSearchCandidate]
    {
        guard query.publicTSQueries != nil else { return [] }
        let doing = "searching the public index"
        return try rows(
            fetch(.publicSearchCandidates(query: query, app: app, threshold: threshold, limit: limit), doing),
            doing
        ) { r in
            PublicSearchCandidate(
                entry: try StoredPublicEntry(reader: &r),
                indexedText: IndexedText(
                    title: try r.next(), keywords: try r.next(), description: try r.next()))
        }
    }

}

extension StoredPublicEntry {
    /// The columns `init(reader:)` reads.
    static let postgresColumns = """
        id, app, key, contributors, activity_type, title, description, keywords, url, thumbnail, user_info
        """

    init(reader r: inout RowReader) throws {
        let id: Int64 = try r.next()
        let key = PublicEntryKey(app: try r.next(), key: try r.next())
        let contributors: Int = try r.next()
        self.init(
            id: id,
            fields: PublicContribution(
                key: key, activityType: try r.next(), title: try r.next(), description: try r.next(),
                keywords: try r.next(), url: try r.next(), thumbnail: try r.next(), userInfo: try r.next()),
            contributors: contributors)
    }
}
