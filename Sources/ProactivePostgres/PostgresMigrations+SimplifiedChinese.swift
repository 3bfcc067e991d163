import PostgresNIO
import ProactiveStorage

extension PostgresMigrations {
    /// Migration v8: the index text written before Traditional Chinese characters were folded to
    /// Simplified ones (`SimplifiedChinese`) is folded, and its lexemes made again as the
    /// engine makes them (``SearchLexemes``), a thousand rows at a time. Only rows whose index
    /// text goes beyond ASCII are read, and only those with a character to fold are written.
    static func foldTraditionalChinese(_ session: PostgresSession) throws(StorageError) {
        try foldEntries(session)
        try foldPublicEntries(session)
    }

    /// How many rows are read at a time.
    private static let batch = 1_000

    private static let doing = "applying migration v8-simplified-chinese-index-text"

    private static func decodeFailure(_ error: any Error) -> StorageError {
        StorageError(postgres: error, while: doing)
    }

    private static func foldEntries(_ session: PostgresSession) throws(StorageError) {
        var afterUser = ""
        var afterID: Int64 = 0
        while true {
            let rows = try session.query(
                """
                SELECT user_id, id, fts_title, fts_keywords, fts_description, fts_address FROM entry
                WHERE (user_id, id) > (\(afterUser), \(afterID))
                  AND octet_length(concat(fts_title, fts_keywords, fts_description, fts_address))
                    <> char_length(concat(fts_title, fts_keywords, fts_description, fts_address))
                ORDER BY user_id, id LIMIT \(batch)
                """, while: doing
            ).rows
            guard !rows.isEmpty else { return }
            var users: [String] = []
            var ids: [Int64] = []
            var titles = ArrayColumn(.text), keywords = titles, descriptions = titles, addresses = titles
            var all: [String] = []
            var title: [String] = []
            for row in rows {
                let (user, id, t, k, d, a): (String, Int64, String?, String?, String?, String?)
                do {
                    (user, id, t, k, d, a) = try row.decode(
                        (String, Int64, String?, String?, String?, String?).self)
                } catch {
                    throw decodeFailure(error)
                }
                (afterUser, afterID) = (user, id)
                guard
                    let new = IndexedText(title: t, keywords: k, description: d, address: a)
                        .foldingTraditionalChinese,
                    let userID = UserID(rawValue: user)
                else { continue }
                let lexemes = SearchLexemes.joinedWords(new, key: SearchLexemes.userKey(userID))
                users.append(user)
                ids.append(id)
                titles.append(new.title)
                keywords.append(new.keywords)
                descriptions.append(new.description)
                addresses.append(new.address)
                all.append(lexemes.all)
                title.append(lexemes.title)
            }
            guard !ids.isEmpty else { continue }
            try session.query(
                """
                UPDATE entry AS e SET fts_title = u.t, fts_keywords = u.k, fts_description = u.d,
                  fts_address = u.a, search_all = array_to_tsvector(string_to_array(u.sa, ' ')),
                  search_title = array_to_tsvector(string_to_array(u.st, ' '))
                FROM unnest(\(users)::text[], \(ids)::bigint[], \(titles), \(keywords), \(descriptions), \(addresses), \(all)::text[], \(title)::text[])
                  AS u(user_id, id, t, k, d, a, sa, st)
                WHERE e.user_id = u.user_id AND e.id = u.id
                """, while: doing)
        }
    }

    private static func foldPublicEntries(_ session: PostgresSession) throws(StorageError) {
        var afterID: Int64 = 0
        while true {
            let rows = try session.query(
                """
                SELECT id, fts_title, fts_keywords, fts_description FROM public_entry
                WHERE id > \(afterID)
                  AND octet_length(concat(fts_title, fts_keywords, fts_description))
                    <> char_length(concat(fts_title, fts_keywords, fts_description))
                ORDER BY id LIMIT \(batch)
                """, while: doing
            ).rows
            guard !rows.isEmpty else { return }
            var ids: [Int64] = []
            var titles = ArrayColumn(.text), keywords = titles, descriptions = titles
            var all: [String] = []
            for row in rows {
                let (id, t, k, d): (Int64, String?, String?, String?)
                do {
                    (id, t, k, d) = try row.decode((Int64, String?, String?, String?).self)
                } catch {
                    throw decodeFailure(error)
                }
                afterID = id
                guard let new = IndexedText(title: t, keywords: k, description: d).foldingTraditionalChinese
                else {
                    continue
                }
                ids.append(id)
                titles.append(new.title)
                keywords.append(new.keywords)
                descriptions.append(new.description)
                all.append(SearchLexemes.joinedWords(new, key: "", prefixes: true).all)
            }
            guard !ids.isEmpty else { continue }
            try session.query(
                """
                UPDATE public_entry AS p SET fts_title = u.t, fts_keywords = u.k, fts_description = u.d,
                  search_all = array_to_tsvector(string_to_array(u.sa, ' '))
                FROM unnest(\(ids)::bigint[], \(titles), \(keywords), \(descriptions),
                  \(all)::text[]) AS u(id, t, k, d, sa)
                WHERE p.id = u.id
                """, while: doing)
        }
    }
}
