import PostgresNIO
import ProactiveStorage

/// The PostgreSQL schema, as append-only named migrations recorded in `proactive_migration`.
///
/// The tables mirror the SQLite store's, with snake_case names. Every table that holds a
/// user's data leads its primary key and every index with `user_id` and is partitioned by
/// hash of `user_id` (``partitionCount`` partitions, native PostgreSQL partitioning): one
/// user's rows live in one partition, and the layout can later be distributed by user (Citus
/// distributes on the same column). App declarations and access tokens belong to the whole
/// service and are not partitioned. Identifiers are identity columns: unique across users,
/// and increasing in commit order for one user because one user's writes are serialized.
/// Times are seconds since 1970 as `double precision`, like the SQLite store's `REAL`.
///
/// Cascades (entry → place sightings and reminders, interaction → its people) are foreign
/// keys on `(user_id, …)`, which PostgreSQL supports between partitioned tables.
enum PostgresMigrations {
    /// A named step of the schema.
    struct Migration: Sendable {
        var name: String
        var statements: [String]
        /// Work done in Swift after the statements, in the same transaction.
        var run: (@Sendable (PostgresSession) throws(StorageError) -> Void)? = nil
    }

    /// How many hash partitions each user table has.
    static let partitionCount = 8

    /// The advisory lock held while migrating, so that daemons starting at once do not race.
    static let lockKey: Int64 = 0x5052_4F41_4D49_4752  // "PROAMIGR"

    /// The statements creating the hash partitions of a table.
    static func partitions(of table: String) -> [String] {
        (0..<partitionCount).map { remainder in
            """
            CREATE TABLE \(table)_p\(remainder) PARTITION OF \(table)
              FOR VALUES WITH (MODULUS \(partitionCount), REMAINDER \(remainder))
            """
        }
    }

    static let all: [Migration] = [
        Migration(
            name: "v1-schema",
            statements: [
                // GIN indexes that lead with the user (a text column) need btree_gin's operator
                // classes; the extension is trusted, so the database's owner may create it.
                "CREATE EXTENSION IF NOT EXISTS btree_gin",
                """
                CREATE TABLE app (
                  bundle_identifier text PRIMARY KEY,
                  name text NOT NULL,
                  declaration text NOT NULL,
                  updated_at double precision NOT NULL
                )
                """,
                """
                CREATE TABLE access_token (
                  digest text PRIMARY KEY,
                  user_id text NOT NULL,
                  app text,
                  created_at double precision NOT NULL,
                  label text
                )
                """,
                "CREATE INDEX access_token_created_at ON access_token (created_at)",
                """
                CREATE TABLE entry (
                  user_id text NOT NULL,
                  id bigint GENERATED ALWAYS AS IDENTITY,
                  app text NOT NULL,
                  kind text NOT NULL,
                  identity_key text NOT NULL,
                  unique_identifier text,
                  domain_identifier text,
                  persistent_identifier text,
                  activity_type text,
                  url text,
                  title text,
                  is_eligible_for_search boolean NOT NULL,
                  is_eligible_for_handoff boolean NOT NULL,
                  is_eligible_for_public_indexing boolean NOT NULL,
                  is_eligible_for_prediction boolean NOT NULL,
                  is_current boolean NOT NULL DEFAULT false,
                  first_donated_at double precision NOT NULL,
                  donated_at double precision NOT NULL,
                  expires_at double precision,
                  donation_count bigint NOT NULL DEFAULT 1,
                  engagement_count bigint NOT NULL DEFAULT 0,
                  last_engaged_at double precision,
                  payload text NOT NULL,
                  fts_title text,
                  fts_keywords text,
                  fts_description text,
                  fts_address text,
                  search_all tsvector NOT NULL DEFAULT ''::tsvector,
                  search_title tsvector NOT NULL DEFAULT ''::tsvector,
                  PRIMARY KEY (user_id, id),
                  UNIQUE (user_id, app, kind, identity_key)
                ) PARTITION BY HASH (user_id)
                """,
            ] + partitions(of: "entry") + [
                "CREATE INDEX entry_expires_at ON entry (user_id, expires_at) WHERE expires_at IS NOT NULL",
                """
                CREATE INDEX entry_domain ON entry (user_id, app, domain_identifier)
                  WHERE domain_identifier IS NOT NULL
                """,
                """
                CREATE INDEX entry_unique_identifier ON entry (user_id, app, unique_identifier)
                  WHERE unique_identifier IS NOT NULL
                """,
                """
                CREATE INDEX entry_persistent ON entry (user_id, app, persistent_identifier)
                  WHERE persistent_identifier IS NOT NULL
                """,
                "CREATE INDEX entry_current ON entry (user_id, app) WHERE is_current",
                "CREATE INDEX entry_donated_at ON entry (user_id, donated_at)",
                "CREATE INDEX entry_search_all ON entry USING gin (user_id, search_all)",
                "CREATE INDEX entry_search_title ON entry USING gin (user_id, search_title)",
                """
                CREATE TABLE place_sighting (
                  user_id text NOT NULL,
                  id bigint GENERATED ALWAYS AS IDENTITY,
                  entry_id bigint NOT NULL,
                  app text NOT NULL,
                  activity_type text,
                  url text,
                  seen_at double precision NOT NULL,
                  expires_at double precision,
                  supports_navigation boolean NOT NULL,
                  name_key text NOT NULL,
                  city_key text,
                  latitude double precision,
                  longitude double precision,
                  coordinate_source text,
                  place text NOT NULL,
                  PRIMARY KEY (user_id, id),
                  FOREIGN KEY (user_id, entry_id) REFERENCES entry (user_id, id) ON DELETE CASCADE
                ) PARTITION BY HASH (user_id)
                """,
            ] + partitions(of: "place_sighting") + [
                "CREATE INDEX place_sighting_seen_at ON place_sighting (user_id, seen_at)",
                "CREATE INDEX place_sighting_entry ON place_sighting (user_id, entry_id)",
                """
                CREATE TABLE reminder (
                  user_id text NOT NULL,
                  id bigint GENERATED ALWAYS AS IDENTITY,
                  entry_id bigint NOT NULL,
                  app text NOT NULL,
                  title text NOT NULL,
                  trigger_type text NOT NULL,
                  place text,
                  due_at double precision,
                  created_at double precision NOT NULL,
                  done_at double precision,
                  PRIMARY KEY (user_id, id),
                  FOREIGN KEY (user_id, entry_id) REFERENCES entry (user_id, id) ON DELETE CASCADE
                ) PARTITION BY HASH (user_id)
                """,
            ] + partitions(of: "reminder") + [
                "CREATE INDEX reminder_open ON reminder (user_id, created_at) WHERE done_at IS NULL",
                "CREATE INDEX reminder_entry ON reminder (user_id, entry_id)",
                """
                CREATE TABLE interaction (
                  user_id text NOT NULL,
                  id bigint GENERATED ALWAYS AS IDENTITY,
                  app text NOT NULL,
                  at double precision NOT NULL,
                  direction text NOT NULL,
                  kind text NOT NULL,
                  outcome text NOT NULL,
                  identifier text,
                  group_identifier text,
                  payload text NOT NULL,
                  PRIMARY KEY (user_id, id)
                ) PARTITION BY HASH (user_id)
                """,
            ] + partitions(of: "interaction") + [
                "CREATE INDEX interaction_group ON interaction (user_id, app, group_identifier)",
                "CREATE INDEX interaction_identifier ON interaction (user_id, app, identifier)",
                "CREATE INDEX interaction_at ON interaction (user_id, at)",
                """
                CREATE TABLE interaction_person (
                  user_id text NOT NULL,
                  interaction_id bigint NOT NULL,
                  person_key text NOT NULL,
                  display_name text,
                  FOREIGN KEY (user_id, interaction_id) REFERENCES interaction (user_id, id) ON DELETE CASCADE
                ) PARTITION BY HASH (user_id)
                """,
            ] + partitions(of: "interaction_person") + [
                "CREATE INDEX interaction_person_key ON interaction_person (user_id, person_key)",
                "CREATE INDEX interaction_person_interaction ON interaction_person (user_id, interaction_id)",
                """
                CREATE TABLE event (
                  user_id text NOT NULL,
                  id bigint GENERATED ALWAYS AS IDENTITY,
                  at double precision NOT NULL,
                  kind text NOT NULL,
                  app text,
                  payload text NOT NULL,
                  PRIMARY KEY (user_id, id)
                ) PARTITION BY HASH (user_id)
                """,
            ] + partitions(of: "event") + [
                "CREATE INDEX event_at ON event (user_id, at)",
                "CREATE INDEX event_app ON event (user_id, app, at)",
                """
                CREATE TABLE now_playing (
                  user_id text NOT NULL,
                  app text NOT NULL,
                  at double precision NOT NULL,
                  state text NOT NULL,
                  payload text NOT NULL,
                  PRIMARY KEY (user_id, app)
                ) PARTITION BY HASH (user_id)
                """,
            ] + partitions(of: "now_playing") + [
                """
                CREATE TABLE client_state (
                  user_id text NOT NULL,
                  app text NOT NULL,
                  client_state text,
                  updated_at double precision NOT NULL,
                  PRIMARY KEY (user_id, app)
                ) PARTITION BY HASH (user_id)
                """
            ] + partitions(of: "client_state") + [
                // How many times a user's events or interactions were deleted other than by age
                // (a row appears with the first deletion; no row reads as 0).
                """
                CREATE TABLE context_log_deletion (
                  user_id text NOT NULL,
                  count bigint NOT NULL,
                  PRIMARY KEY (user_id)
                ) PARTITION BY HASH (user_id)
                """
            ] + partitions(of: "context_log_deletion")
        ),
        // Lexemes scoped by user (see `SearchLexemes`): each starts with the user's key, and the
        // GIN indexes hold the lexemes alone, so a one-user prefix query reads that user's words
        // only (a `(user_id, tsvector)` index expanded the prefix over every user's words).
        Migration(
            name: "v2-user-lexemes",
            statements: [
                "DROP INDEX entry_search_all",
                "DROP INDEX entry_search_title",
                """
                CREATE FUNCTION pg_temp.keyed(user_id text, vector tsvector) RETURNS tsvector
                LANGUAGE sql IMMUTABLE AS $$
                  SELECT array_to_tsvector(coalesce(array_agg(left(md5(user_id), 8) || w), '{}'::text[]))
                  FROM unnest(tsvector_to_array(vector)) AS w
                  WHERE octet_length(w) <= \(SearchLexemes.longestWord)
                $$
                """,
                """
                UPDATE entry SET search_all = pg_temp.keyed(user_id, search_all),
                  search_title = pg_temp.keyed(user_id, search_title)
                WHERE search_all <> ''::tsvector OR search_title <> ''::tsvector
                """,
                "CREATE INDEX entry_search_all ON entry USING gin (search_all)",
                "CREATE INDEX entry_search_title ON entry USING gin (search_title)",
            ]
        ),
        // Place sightings without a foreign key to their entry: its check ran one query per
        // inserted sighting (an after-row trigger), about 30 % of the server's work while
        // ingesting. Integrity holds without it: sightings are written in the transaction that
        // wrote their entry, with identifiers it returned, under the user's write lock (no
        // other transaction of that user can delete the entry meanwhile), and every deletion of
        // entries deletes their sightings in the same statement.
        Migration(
            name: "v3-sightings-without-foreign-key",
            statements: [
                """
                DELETE FROM place_sighting s WHERE NOT EXISTS (
                  SELECT 1 FROM entry e WHERE e.user_id = s.user_id AND e.id = s.entry_id)
                """,
                "ALTER TABLE place_sighting DROP CONSTRAINT place_sighting_user_id_entry_id_fkey",
            ]
        ),
        // The public index: not keyed by user (it is every user's), no dates. A contributor is
        // an opaque key (a keyed hash the engine makes); `engaged` marks a contribution without
        // fields. Lexemes carry no user key.
        Migration(
            name: "v4-public-index",
            statements: [
                """
                CREATE TABLE public_entry (
                  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                  app text NOT NULL,
                  key text NOT NULL,
                  contributors integer NOT NULL DEFAULT 0,
                  activity_type text, title text, description text, keywords text, url text,
                  thumbnail text, user_info text,
                  fts_title text, fts_keywords text, fts_description text,
                  search_all tsvector NOT NULL DEFAULT ''::tsvector,
                  UNIQUE (app, key)
                )
                """,
                "CREATE INDEX public_entry_search ON public_entry USING gin (search_all)",
                """
                CREATE TABLE public_contribution (
                  entry_id bigint NOT NULL REFERENCES public_entry (id) ON DELETE CASCADE,
                  contributor bytea NOT NULL,
                  engaged boolean NOT NULL,
                  activity_type text, title text, description text, keywords text, url text,
                  thumbnail text, user_info text,
                  PRIMARY KEY (entry_id, contributor)
                )
                """,
                "CREATE INDEX public_contribution_contributor ON public_contribution (contributor)",
                "CREATE INDEX entry_public ON entry (user_id) WHERE is_eligible_for_public_indexing",
                """
                CREATE INDEX entry_public_expiry ON entry (expires_at)
                  WHERE is_eligible_for_public_indexing AND expires_at IS NOT NULL
                """,
            ]
        ),
        // Prefixes of 2–5 letters in the public index as lexemes of their own (`*new`; see
        // `SearchLexemes.words(_:key:prefixes:)`): a typed prefix was a partial match that GIN
        // expands over every public word of that prefix before intersecting, 2–5 ms for `in:*`
        // or `com:*` among 100,000 entries even beside a rare word; an exact lexeme is
        // intersected like any other (0.3–1.4 ms). `length` and `left` count characters, as
        // the engine counts Unicode scalars (the database is UTF-8).
        Migration(
            name: "v5-public-prefixes",
            statements: [
                """
                UPDATE public_entry SET search_all = search_all || coalesce((
                  SELECT array_to_tsvector(array_agg(DISTINCT '\(SearchLexemes.prefixMarker)' || left(w, n)))
                  FROM unnest(tsvector_to_array(search_all)) AS w,
                    generate_series(\(SearchLexemes.indexedPrefixLengths.lowerBound),
                      \(SearchLexemes.indexedPrefixLengths.upperBound)) AS n
                  WHERE length(w) >= n AND left(w, 1) <> '\(SearchLexemes.prefixMarker)'
                ), ''::tsvector)
                """
            ]
        ),
        // How many words each indexed description has (`TextRelevance.wordCount`): a first page
        // reads candidates without their description and bounds what it can add by its length.
        // Rows written before keep NULL (the bound then assumes any length).
        Migration(
            name: "v6-description-words",
            statements: ["ALTER TABLE entry ADD COLUMN fts_description_words integer"]
        ),
        // The entries a user engaged with, by how often: a first page reads the most any entry
        // was engaged with to bound the candidates it does not read
        // (`titleSearchCandidates`). Partial: donations never engaged with, nearly all, are not
        // in it.
        Migration(
            name: "v7-engaged-entries",
            statements: [
                "CREATE INDEX entry_engaged ON entry (user_id, engagement_count) WHERE engagement_count > 0"
            ]
        ),
        // Traditional Chinese characters are written in their Simplified form in the index and
        // in queries (`SimplifiedChinese`): the index text of rows written before is folded,
        // and their lexemes made again, in Swift as the engine makes them (see
        // `foldTraditionalChinese(_:)`). SQL's `translate()` with the 2,852 characters took
        // more than the statement timeout for 50,000 rows: it searches its list for each
        // character, and was called once per lexeme.
        Migration(
            name: "v8-simplified-chinese-index-text",
            statements: [],
            run: foldTraditionalChinese
        ),
    ]

    /// Throws unless the database stores text as UTF-8: the index form, the lexemes and the
    /// public index's prefixes are Unicode (a `SQL_ASCII` database would store bytes it cannot
    /// compare as text; `LATIN1` cannot store Chinese at all).
    static func requireUTF8(_ session: PostgresSession, database: String) throws(StorageError) {
        let doing = "reading the database's encoding"
        let encoding = try session.query("SHOW server_encoding", while: doing).rows.first.map { row in
            (try? row.decode(String.self)) ?? ""
        }
        guard let encoding, encoding != "UTF8" else { return }
        throw StorageError(
            code: .cannotOpen,
            message:
                "the database is encoded in \(encoding), and Proactive stores text as UTF8: create it with "
                + "`createdb --encoding=UTF8 --template=template0 \(database)` (or CREATE DATABASE … ENCODING 'UTF8' "
                + "TEMPLATE template0)")
    }

    /// Applies the migrations not yet applied, each in its own transaction, under an advisory
    /// lock held by this session.
    static func migrate(_ session: PostgresSession) throws(StorageError) {
        try session.query("SELECT pg_advisory_lock(\(lockKey))", while: "waiting for the migration lock")
        defer {
            _ = try? session.query(
                "SELECT pg_advisory_unlock(\(lockKey))", while: "releasing the migration lock")
        }
        try session.query(
            """
            CREATE TABLE IF NOT EXISTS proactive_migration (
              name text PRIMARY KEY,
              applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, while: "creating the migration table")
        var applied: Set<String> = []
        for row in try session.query("SELECT name FROM proactive_migration", while: "reading the migrations")
        {
            do {
                applied.insert(try row.decode(String.self))
            } catch {
                throw StorageError(postgres: error, while: "reading the migrations")
            }
        }
        for migration in all where !applied.contains(migration.name) {
            let doing = "applying migration \(migration.name)"
            try session.query("BEGIN", while: doing)
            do {
                // A migration rewriting a large table takes longer than one request may.
                try session.query("SET LOCAL statement_timeout = 0", while: doing)
                for statement in migration.statements {
                    try session.query(PostgresQuery(unsafeSQL: statement), while: doing)
                }
                try migration.run?(session)
                try session.query(
                    "INSERT INTO proactive_migration (name) VALUES (\(migration.name))", while: doing)
                try session.query("COMMIT", while: doing)
            } catch {
                _ = try? session.query("ROLLBACK", while: doing)
                throw error
            }
        }
    }
}
