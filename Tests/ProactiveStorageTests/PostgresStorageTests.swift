import Foundation
import NIOCore
import NIOPosix
import PostgresNIO
import ProactiveStorage
import ProactiveText
import Synchronization
import Testing

@testable import ProactivePostgres

/// What only the PostgreSQL backend does: connection errors, partitions, notifications
/// between instances, outages. (The conformance suites run everything else on it.)
@Suite struct PostgresStorageTests {
    static var isConfigured: Bool { PostgresTestDatabase.url != nil || PostgresTestDatabase.isCI }

    let now = Fixture.now

    @Test(arguments: [
        "mysql://me@127.0.0.1/proactive", "postgres://127.0.0.1/proactive", "postgres://me@127.0.0.1:99999/p",
        "postgres://me@127.0.0.1/", "postgres://me@127.0.0.1/p?sslmode=verify-full", "not a url",
    ])
    func invalidURLsNameTheSetting(_ url: String) {
        let error = #expect(throws: StorageError.self) { try PostgresStorage(url: url) }
        #expect(error?.code == .cannotOpen)
        #expect(error?.message.contains("PROACTIVE_POSTGRES") == true)
    }

    /// As with libpq, a host that is an absolute path is the directory of the server's
    /// Unix-domain socket, given as the `host` parameter or percent-encoded as the host.
    @Test func aHostThatIsAPathNamesTheServersSocketDirectory() throws {
        let parameter = try PostgresLocation(url: "postgres://me:pw@/p?host=/var/run/postgresql")
        #expect(parameter.socketPath == "/var/run/postgresql/.s.PGSQL.5432")
        #expect(parameter.description == "postgres://me@:5432/p?host=/var/run/postgresql")
        let encoded = try PostgresLocation(url: "postgresql://me@%2Ftmp%2Fpg:6000/p")
        #expect(encoded.socketPath == "/tmp/pg/.s.PGSQL.6000")
        let overridden = try PostgresLocation(url: "postgres://me@127.0.0.1:6001/p?host=/tmp/pg")
        #expect(overridden.socketPath == "/tmp/pg/.s.PGSQL.6001")
        #expect(try PostgresLocation(url: "postgres://me@db.example:6001/p").socketPath == nil)
        for (url, named) in [
            ("postgres://me@/p", "no host"), ("postgres://me@/p?host=", "host must not be empty"),
            ("postgres://me@/p?host=/" + String(repeating: "d", count: 100), "too long"),
        ] {
            let error = #expect(throws: StorageError.self) { try PostgresLocation(url: url) }
            #expect(error?.message.contains(named) == true, "\(url): \(error?.message ?? "")")
            #expect(error?.message.contains("PROACTIVE_POSTGRES") == true)
        }
    }

    /// A storage whose URL names the server's socket directory reaches it without TCP, and
    /// works as through TCP.
    @Test(.enabled(if: PostgresTestDatabase.socketURL != nil || PostgresTestDatabase.isCI))
    func aServerIsReachedThroughItsSocket() throws {
        let socketURL = try #require(
            PostgresTestDatabase.socketURL, "CI sets PROACTIVE_TEST_POSTGRES_SOCKET (scripts/test.sh)")
        let database = try #require(try PostgresTestDatabase.newDatabaseURL())
        let name = String(try #require(URLComponents(string: database)).path.dropFirst())
        let url = try PostgresTestDatabase.replacingDatabase(of: socketURL, with: name)
        #expect(try PostgresLocation(url: url).socketPath != nil)
        let storage = try PostgresStorage(url: url)
        defer { storage.close() }
        let overTCP = try storage.withSession { session in
            try session.query("SELECT inet_client_addr() IS NOT NULL", while: "testing").rows.map {
                try $0.decode(Bool.self)
            }
        }
        #expect(overTCP == [false])
        try storage.write { _ = try $0.upsertEntries([Fixture.item("com.a", "1", "Gelateria Aurora")]) }
        let found = try storage.read {
            try $0.searchCandidates(FullTextQuery(typed: "gelateria"), scope: .system, now: now)
        }
        #expect(found.map(\.indexedText.title) == ["Gelateria Aurora"])
    }

    @Test func anUnreachableServerFailsAtOnceNamingTheLocationButNotThePassword() {
        let start = Date()
        let error = #expect(throws: StorageError.self) {
            try PostgresStorage(url: "postgres://me:s3cret@127.0.0.1:1/proactive")
        }
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(error?.code == .cannotOpen)
        let message = error?.message ?? ""
        #expect(
            message.contains("PROACTIVE_POSTGRES") && message.contains("postgres://me@127.0.0.1:1/proactive"))
        #expect(!message.contains("s3cret"))
    }

    @Test(.enabled(if: isConfigured)) func aMissingDatabaseOrRoleIsNamed() throws {
        let base = try #require(PostgresTestDatabase.url)
        let missing = try PostgresTestDatabase.replacingDatabase(of: base, with: "no_such_database")
        let error = #expect(throws: StorageError.self) { try PostgresStorage(url: missing) }
        #expect(error?.code == .cannotOpen)
        #expect(error?.message.contains("does not exist") == true)
        #expect(error?.message.contains("PROACTIVE_POSTGRES") == true)

        var components = try #require(URLComponents(string: base))
        components.user = "no_such_role"
        let roleError = #expect(throws: StorageError.self) { try PostgresStorage(url: components.string!) }
        #expect(roleError?.code == .cannotOpen)
    }

    /// A database not encoded in UTF-8 is refused at start-up, naming the setting, the
    /// encoding and how to create one, and nothing is created in it.
    @Test(.enabled(if: isConfigured)) func aDatabaseNotInUTF8IsRefusedWithWhatToDo() throws {
        let base = try #require(PostgresTestDatabase.url)
        let name = "proactive_latin1_" + String(UInt64.random(in: .min ... .max), radix: 16)
        try PostgresTestDatabase.execute(
            "CREATE DATABASE \(name) ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0",
            at: base)
        let url = try PostgresTestDatabase.replacingDatabase(of: base, with: name)
        let error = #expect(throws: StorageError.self) { try PostgresStorage(url: url) }
        #expect(error?.code == .cannotOpen)
        let message = error?.message ?? ""
        #expect(message.contains("PROACTIVE_POSTGRES") && message.contains("LATIN1"), "\(message)")
        #expect(message.contains("createdb --encoding=UTF8 --template=template0 \(name)"), "\(message)")
        let tables = try PostgresTestDatabase.execute(
            "SELECT count(*)::text FROM pg_tables WHERE schemaname = 'public'", at: url)
        #expect(tables == ["0"])
    }

    @Test(.enabled(if: isConfigured)) func userTablesArePartitionedByHashOfTheUser() throws {
        let url = try #require(try PostgresTestDatabase.newDatabaseURL())
        let storage = try PostgresStorage(url: url)
        defer { storage.close() }
        let partitioned = try PostgresTestDatabase.execute(
            """
            SELECT c.relname::text FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid
            WHERE p.partstrat = 'h' ORDER BY 1
            """, at: url)
        #expect(
            partitioned == [
                "client_state", "context_log_deletion", "entry", "event", "interaction", "interaction_person",
                "now_playing", "place_sighting", "reminder",
            ])
        let entryPartitions = try PostgresTestDatabase.execute(
            "SELECT count(*)::text FROM pg_inherits WHERE inhparent = 'entry'::regclass", at: url)
        #expect(entryPartitions == ["8"])
        let keys = try PostgresTestDatabase.execute(
            """
            SELECT DISTINCT pg_get_partkeydef(partrelid) FROM pg_partitioned_table
            """, at: url)
        #expect(keys == ["HASH (user_id)"])
    }

    @Test(.enabled(if: isConfigured)) func migrationsRunOnceWhenInstancesStartTogether() async throws {
        let url = try #require(try PostgresTestDatabase.newDatabaseURL())
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    do {
                        let storage = try PostgresStorage(url: url, maximumConnections: 2)
                        defer { storage.close() }
                        try storage.write {
                            try $0.upsertEntry(Fixture.item("com.a", UUID().uuidString, "x"))
                        }
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            var failures: [String] = []
            for try await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        #expect(failures.isEmpty)
        let storage = try PostgresStorage(url: url)
        defer { storage.close() }
        #expect(try storage.read { try $0.entryCounts() }[.item] == 4)
        #expect(
            try PostgresTestDatabase.execute("SELECT name FROM proactive_migration ORDER BY name", at: url)
                == [
                    "v1-schema", "v2-user-lexemes", "v3-sightings-without-foreign-key", "v4-public-index",
                    "v5-public-prefixes", "v6-description-words", "v7-engaged-entries",
                    "v8-simplified-chinese-index-text",
                ]
        )
    }

    /// A database made before lexemes were keyed by user (v1: unkeyed lexemes, GIN indexes on
    /// `(user_id, tsvector)`) is migrated in place: every user's entries are found again, by
    /// that user only, and the index matches the rows.
    @Test(.enabled(if: isConfigured)) func unkeyedLexemesAreMigrated() throws {
        let url = try #require(try PostgresTestDatabase.newDatabaseURL())
        do {
            let storage = try PostgresStorage(url: url)
            defer { storage.close() }
            try storage.write(user: "alice") {
                try $0.upsertEntry(Fixture.item("com.a", "1", "Gelateria Aurora"))
            }
            try storage.write(user: "bob") {
                try $0.upsertEntry(Fixture.item("com.a", "1", "Gelato Boreale"))
            }
        }
        // Back to v1's form.
        for statement in [
            "DROP INDEX entry_search_all", "DROP INDEX entry_search_title",
            """
            UPDATE entry SET
              search_all = array_to_tsvector(ARRAY(SELECT substr(w, 9) FROM unnest(tsvector_to_array(search_all)) w)),
              search_title = array_to_tsvector(ARRAY(SELECT substr(w, 9) FROM unnest(tsvector_to_array(search_title)) w))
            """,
            "CREATE INDEX entry_search_all ON entry USING gin (user_id, search_all)",
            "CREATE INDEX entry_search_title ON entry USING gin (user_id, search_title)",
            "DELETE FROM proactive_migration WHERE name = 'v2-user-lexemes'",
        ] {
            try PostgresTestDatabase.execute(statement, at: url)
        }
        #expect(
            try PostgresTestDatabase.execute(
                "SELECT tsvector_to_array(search_all)::text FROM entry ORDER BY id", at: url)
                == ["{aurora,gelateria}", "{boreale,gelato}"])
        let storage = try PostgresStorage(url: url)
        defer { storage.close() }
        let query = FullTextQuery(typed: "gela")
        let alice = try storage.read(user: "alice") {
            try $0.searchCandidates(query, scope: .system, now: now)
        }
        #expect(alice.map(\.indexedText.title) == ["Gelateria Aurora"])
        let bob = try storage.read(user: "bob") { try $0.searchCandidates(query, scope: .system, now: now) }
        #expect(bob.map(\.indexedText.title) == ["Gelato Boreale"])
        #expect(try storage.read(user: "alice") { try $0.indexIntegrityCheck() })
        #expect(try storage.read(user: "bob") { try $0.indexIntegrityCheck() })
        let indexes = try PostgresTestDatabase.execute(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'entry' AND indexname LIKE 'entry_search%' ORDER BY 1",
            at: url)
        #expect(
            indexes.allSatisfy {
                $0?.hasSuffix("USING gin (search_all)") == true
                    || $0?.hasSuffix("USING gin (search_title)") == true
            })
        #expect(indexes.count == 2)
    }

    /// Public entries written before prefixes were indexed (v4) get them in place: the
    /// migration's SQL gives the lexemes the engine writes, and a typed prefix finds the entry.
    @Test(.enabled(if: isConfigured)) func publicEntriesGainTheirPrefixLexemes() throws {
        let url = try #require(try PostgresTestDatabase.newDatabaseURL())
        let text = IndexedText(
            title: "Gâteau Αθήνα", keywords: "ab, a", description: IndexText.indexForm("東京タワー information"),
            address: nil)
        let unprefixed = SearchLexemes.words(text, key: "").all.map { "'" + $0 + "'" }.joined(separator: ",")
        try PostgresStorage(url: url).close()
        for statement in [
            """
            INSERT INTO public_entry (app, key, contributors, title, fts_title, fts_keywords, fts_description, search_all)
            VALUES ('com.a', 'k', 5, 'Gâteau', '\(text.title!)', '\(text.keywords!)', '\(text.description!)',
              array_to_tsvector(ARRAY[\(unprefixed)]))
            """,
            "DELETE FROM proactive_migration WHERE name = 'v5-public-prefixes'",
        ] {
            try PostgresTestDatabase.execute(statement, at: url)
        }
        let storage = try PostgresStorage(url: url)
        defer { storage.close() }
        let stored = try PostgresTestDatabase.execute(
            "SELECT w FROM public_entry, unnest(tsvector_to_array(search_all)) w ORDER BY w COLLATE \"C\"",
            at: url)
        #expect(stored.compactMap { $0 } == SearchLexemes.words(text, key: "", prefixes: true).all.sorted())
        for typed in ["gâ", "gatea", "αθήν", "informati", "ab", "東京", "informa"] {
            let found = try storage.read {
                try $0.publicSearchCandidates(FullTextQuery(typed: typed), app: nil, threshold: 5, limit: 10)
            }
            #expect(found.map(\.entry.fields.title) == ["Gâteau"], "\(typed)")
        }
        let none = try storage.read {
            try $0.publicSearchCandidates(FullTextQuery(typed: "gatx"), app: nil, threshold: 5, limit: 10)
        }
        #expect(none.isEmpty)
    }

    /// Every connection starts without JIT compilation, whatever the server's default: a
    /// statement the planner estimates as costly would otherwise be compiled with LLVM first.
    @Test(.enabled(if: isConfigured)) func connectionsRunWithoutJITCompilation() throws {
        let storage = try #require(try PostgresTestDatabase.make())
        #expect(try storage.sessionSetting("jit") == "off")
        // Several connections at once: each one started so.
        let settings = Mutex<[String?]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let value = try? storage.sessionSetting("jit")
            settings.withLock { $0.append(value) }
        }
        #expect(settings.withLock { $0 } == Array(repeating: "off", count: 4))
    }

    /// A fresh database with two items of two apps whose titles start with "gela".
    static func twoGelaterias() throws -> PostgresStorage? {
        guard let storage = try PostgresTestDatabase.make() else { return nil }
        try storage.write {
            _ = try $0.upsertEntries([
                Fixture.item("com.a", "1", "Gelateria Aurora"), Fixture.item("com.b", "2", "Gelato Boreale"),
            ])
        }
        return storage
    }

    /// A reading statement is prepared on its connection the first time it runs there and
    /// executed by name after, with the same rows; with its parameters of every kind (text,
    /// NULL text, arrays, numbers).
    @Test(.enabled(if: isConfigured)) func readsArePreparedOnceAConnection() throws {
        let storage = try #require(try Self.twoGelaterias())
        defer { storage.close() }
        let query = FullTextQuery(typed: "gela")
        func search(_ scope: AppScope = .system) throws -> [String?] {
            try storage.read { try $0.searchCandidates(query, scope: scope, now: now) }.map(
                \.indexedText.title)
        }
        let first = try search()
        #expect(Set(first) == ["Gelateria Aurora", "Gelato Boreale"])
        let statements = try storage.readerPreparedStatementPlans().map(\.statement)
        #expect(statements.filter { $0.contains("search_all @@") }.count == 1)
        // The same statement again, by name: nothing more prepared, the same rows.
        #expect(try search() == first)
        #expect(try search(.app("com.b")) == ["Gelato Boreale"])
        #expect(try storage.readerPreparedStatementPlans().count == statements.count)
    }

    /// A search's statements run with their generic plans (planned once a connection), and the
    /// public index's unnamed with its words in its text (planned for them each time, not
    /// prepared); the connection's default is unchanged after it.
    @Test(.enabled(if: isConfigured)) func searchesRunWithGenericPlansAndThePublicIndexWithCustomOnes() throws
    {
        let storage = try #require(try Self.twoGelaterias())
        defer { storage.close() }
        let query = FullTextQuery(typed: "gela")
        for _ in 0..<2 {
            let found = try storage.read { tx in
                _ = try tx.publicSearchCandidates(query, app: nil, threshold: 1, limit: 10)
                return try tx.titleSearchCandidates(
                    query, scope: .system, kinds: Set(EntryKind.allCases), now: now, limit: 10, othersBelow: 5
                )
            }
            #expect(
                Set(found?.candidates.map(\.indexedText.title) ?? []) == [
                    "Gelateria Aurora", "Gelato Boreale",
                ])
        }
        let plans = try storage.readerPreparedStatementPlans()
        let mode = try storage.sessionSetting("plan_cache_mode")
        let title = try #require(plans.first { $0.statement.contains("search_title @@") })
        #expect(title.generic == 2 && title.custom == 0)
        #expect(!plans.contains { $0.statement.contains("FROM public_entry") })
        #expect(mode == "force_generic_plan")
    }

    /// A donation batch's statements (the expiry purge, the entries, the place sightings, the
    /// event log's ageing) run as prepared statements with their generic plans, an unnamed
    /// write between them still runs, and the connection's default is back after.
    @Test(.enabled(if: isConfigured)) func aBatchsStatementsRunPreparedWithGenericPlans() throws {
        let storage = try #require(try PostgresTestDatabase.make())
        defer { storage.close() }
        for round in 0..<2 {
            try storage.write { tx in
                #expect(try tx.submitPurgeExpired(now: now).value() == 0)
                let written = try tx.upsertEntries([
                    Fixture.item("com.a", "a\(round)", "Gelateria"),
                    Fixture.item("com.a", "b\(round)", "Gelato"),
                ])
                try tx.replacePlaceSightings(
                    written.map {
                        ($0.id, [Fixture.sighting(entryID: $0.id, "com.a", name: "Aurora", at: now)])
                    },
                    newEntryIDs: Set(written.map(\.id)))
                try tx.recordEngagement(entryID: written[0].id, at: now)
                #expect(try tx.deleteEvents(before: now) == 0)
            }
        }
        let plans = try storage.withSession(PostgresStorage.preparedStatementPlans)
        for fragment in [
            "INSERT INTO entry", "INSERT INTO place_sighting", "expires_at <=", "DELETE FROM event",
        ] {
            let plan = try #require(plans.first { $0.statement.contains(fragment) }, "\(fragment)")
            #expect(plan.generic == 2 && plan.custom == 0, "\(fragment)")
        }
        #expect(try storage.sessionSetting("plan_cache_mode") == "force_generic_plan")
        let stored = try storage.read { tx in
            try tx.entries(scope: .system, kinds: [.item], since: nil, now: now, limit: 10)
        }
        #expect(stored.count == 4 && stored.filter { $0.engagementCount == 1 }.count == 2)
        let sightings = try storage.read { try $0.placeSightings(since: .distantPast, now: now, limit: 10) }
        #expect(sightings.count == 4)
    }

    /// A long prefix alone reads the public index as the partial match it is; beside other
    /// words, as the lexeme of its first five scalars, checked on the rows found.
    @Test func aLongPrefixAloneIsAPartialMatchOfThePublicIndex() throws {
        let alone = try #require(FullTextQuery(typed: "suggerisce").publicTSQueries)
        #expect(alone.index == "'suggerisce':*" && alone.match == alone.index)
        let beside = try #require(FullTextQuery(typed: "de suggerisce").publicTSQueries)
        #expect(beside.index == "'de' & '*sugge'" && beside.match == "'de' & 'suggerisce':*")
    }

    /// Past ``PooledConnection/mostPrepared`` statement texts a connection runs the others
    /// unnamed, and every one answers.
    @Test(.enabled(if: isConfigured)) func pastTheMostPreparedStatementsReadsRunUnnamed() throws {
        let storage = try #require(try PostgresTestDatabase.make())
        defer { storage.close() }
        let count = PooledConnection.mostPrepared + 5
        let (values, prepared) = try storage.withSession { session in
            let values = try (0..<count).map { i in
                try session.read("SELECT \(unescaped: String(i)) + \(Int64(i))", while: "testing").map {
                    var reader = RowReader($0)
                    return try reader.next(Int64.self)
                }
            }
            return (values, try PostgresStorage.preparedStatements(session).count)
        }
        #expect(values == (0..<count).map { [Int64(2 * $0)] })
        #expect(prepared == PooledConnection.mostPrepared)
    }

    @Test(.enabled(if: isConfigured)) func writingInAReadTransactionThrows() throws {
        let storage = try #require(try PostgresTestDatabase.make())
        #expect(throws: StorageError.self) {
            try storage.read { try $0.upsertEntry(Fixture.item("com.a", "1", "x")) }
        }
        #expect(throws: StorageError.self) {
            try storage.read {
                try $0.saveApp(bundleIdentifier: "com.a", name: "A", declaration: "{}", at: now)
            }
        }
        #expect(try storage.read { try $0.entryCounts() }.isEmpty)
    }

    @Test(.enabled(if: isConfigured)) func aCallOnAnEventLoopThrowsInsteadOfBlockingIt() throws {
        let storage = try #require(try PostgresTestDatabase.make())
        let error = try MultiThreadedEventLoopGroup.singleton.next().submit { () -> StorageError? in
            do {
                _ = try storage.read { try $0.entryCounts() }
                return nil
            } catch {
                return error as? StorageError
            }
        }.wait()
        #expect(error?.code == .database)
        #expect(try storage.read { try $0.entryCounts() }.isEmpty)
    }

    @Test(.enabled(if: isConfigured)) func aFailedWriteLeavesNothing() throws {
        let storage = try #require(try PostgresTestDatabase.make())
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try storage.write { tx in
                try tx.upsertEntry(Fixture.item("com.a", "1", "Half written"))
                throw Abort()
            }
        }
        // A reminder of an entry that does not exist breaks a constraint: the whole write goes.
        let error = #expect(throws: StorageError.self) {
            try storage.write { tx in
                try tx.upsertEntry(Fixture.item("com.a", "2", "Half written"))
                try tx.insertReminder(
                    StoredReminder(
                        entryID: 999_999, app: "com.a", title: "x", triggerType: "time", place: nil,
                        dueAt: now,
                        createdAt: now))
            }
        }
        #expect(error?.code == .conflict)
        #expect(try storage.read { try $0.entryCounts() }.isEmpty)
        // The connection is usable again.
        try storage.write { try $0.upsertEntry(Fixture.item("com.a", "3", "Whole")) }
        #expect(try storage.read { try $0.entryCounts() }[.item] == 1)
    }

    @Test(.enabled(if: isConfigured)) func anotherInstancesWritesAreCountedAndPushed() throws {
        let url = try #require(try PostgresTestDatabase.newDatabaseURL())
        let writer = try PostgresStorage(url: url, maximumConnections: 2)
        let watcher = try PostgresStorage(url: url, maximumConnections: 2)
        defer {
            writer.close()
            watcher.close()
        }
        let pushed = Mutex<[UserID]>([])
        watcher.onExternalChange { user in pushed.withLock { $0.append(user) } }
        let before = try watcher.externalChangeCount()
        let writerBefore = try writer.externalChangeCount()

        try writer.write(user: "alice") { try $0.upsertEntry(Fixture.item("com.a", "1", "Hello")) }
        try writer.write(user: "bob") {
            try $0.insertEvent(at: now, kind: "appLaunch", app: "com.a", payload: "{}")
        }
        // A write that changes nothing, and a read, notify nobody.
        try writer.write(user: "carol") { _ = try $0.resignCurrent(app: "com.a") }
        _ = try writer.read(user: "alice") { try $0.entryCounts() }

        let deadline = Date().addingTimeInterval(5)
        while pushed.withLock({ $0.count }) < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pushed.withLock { $0 } == ["alice", "bob"])
        #expect(try watcher.externalChangeCount() == before + 2)
        // An instance's own commits do not count.
        #expect(try writer.externalChangeCount() == writerBefore)
    }

    @Test(.enabled(if: isConfigured)) func anOutageThrowsUnavailablePromptly() throws {
        let cluster = try ThrowawayCluster()
        defer { cluster.stop() }
        let storage = try PostgresStorage(url: cluster.url, maximumConnections: 2)
        defer { storage.close() }
        try storage.write { try $0.upsertEntry(Fixture.item("com.a", "1", "Before")) }

        cluster.stop()
        for attempt in 0..<2 {
            let start = Date()
            let error = #expect(throws: StorageError.self) {
                try storage.write { try $0.upsertEntry(Fixture.item("com.a", "\(attempt + 2)", "During")) }
            }
            #expect(error?.code == .unavailable)
            #expect(Date().timeIntervalSince(start) < 5)
            let readError = #expect(throws: StorageError.self) { try storage.read { try $0.entryCounts() } }
            #expect(readError?.code == .unavailable)
        }
    }

    @Test(.enabled(if: isConfigured)) func afterARestartWritesWorkAndTheListenerComesBack() throws {
        let cluster = try ThrowawayCluster()
        defer { cluster.stop() }
        let writer = try PostgresStorage(url: cluster.url, maximumConnections: 2)
        let watcher = try PostgresStorage(url: cluster.url, maximumConnections: 2)
        defer {
            writer.close()
            watcher.close()
        }
        let pushed = Mutex<[UserID]>([])
        watcher.onExternalChange { user in pushed.withLock { $0.append(user) } }
        try writer.write(user: "alice") { try $0.upsertEntry(Fixture.item("com.a", "1", "Before")) }
        var deadline = Date().addingTimeInterval(5)
        while !pushed.withLock({ $0.contains("alice") }) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let countBeforeRestart = try watcher.externalChangeCount()
        // Each storage's read connections are idle when the server restarts under them.
        #expect(try watcher.read(user: "alice") { try $0.entryCounts() }[.item] == 1)
        #expect(try writer.read(user: "alice") { try $0.entryCounts() }[.item] == 1)

        try cluster.restart()
        // The listener notices, reconnects (counting one change: some may have been missed)…
        deadline = Date().addingTimeInterval(10)
        while try watcher.externalChangeCount() < countBeforeRestart + 1 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try watcher.externalChangeCount() >= countBeforeRestart + 1)
        // …the pools replace their dead connections, and notifications flow again.
        try writer.write(user: "bob") { try $0.upsertEntry(Fixture.item("com.a", "2", "After")) }
        deadline = Date().addingTimeInterval(5)
        while !pushed.withLock({ $0.contains("bob") }) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(pushed.withLock { $0.contains("bob") })
        #expect(try watcher.read(user: "bob") { try $0.entryCounts() }[.item] == 1)
        #expect(try writer.read(user: "alice") { try $0.entryCounts() }[.item] == 1)
    }
}

/// A PostgreSQL cluster of its own, for a test that stops it (`scripts/postgres-cluster.sh`).
final class ThrowawayCluster: Sendable {
    let directory: String
    let url: String
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/postgres-cluster.sh").path

    init() throws {
        directory = "/tmp/proactive-pg-\(UInt32.random(in: .min ... .max))"
        try Self.run("start", directory)
        let port = try String(contentsOfFile: directory + "/port", encoding: .utf8)
        url =
            "postgres://proactive@127.0.0.1:\(port.trimmingCharacters(in: .whitespacesAndNewlines))/proactive"
    }

    /// Crashes the server (immediate stop) and starts it again on the same port.
    func restart() throws { try Self.run("restart", directory) }

    /// Stops the server at once and removes its directory (again: nothing happens).
    func stop() { try? Self.run("stop", directory) }

    /// Runs the script, its output discarded. (Foundation's `Process` is not used: it missed
    /// the script's exit here once the server it started ran in the background.)
    static func run(_ command: String, _ directory: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let arguments = ["/bin/bash", script, command, directory]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", &actions, nil, &argv, environ) == 0 else {
            throw StorageError(code: .cannotOpen, message: "cannot run postgres-cluster.sh")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            throw StorageError(code: .cannotOpen, message: "postgres-cluster.sh \(command) failed")
        }
    }
}

/// The lexemes PostgreSQL stores are exactly the folded words SQLite's tokenizer makes (the
/// shared `TextFolding.words`), each after the user's key, each once, title words first.
@Suite struct SearchLexemeTests {
    static func reference(_ text: IndexedText, key: String, prefixes: Bool = false) -> (
        all: [String], title: [String]
    ) {
        var seenWords: Set<String> = []
        var seen: Set<String> = []
        var all: [String] = []
        var title: [String] = []
        for (index, field) in [text.title, text.keywords, text.description, text.address].enumerated() {
            for word in TextFolding.words(field ?? "") where seenWords.insert(word).inserted {
                var lexemes = [key + word]
                if prefixes {
                    let scalars = Array(word.unicodeScalars)
                    for length in 2...5 where length <= scalars.count {
                        var prefix = String.UnicodeScalarView()
                        prefix.append(contentsOf: scalars.prefix(length))
                        lexemes.append(key + "*" + String(prefix))
                    }
                }
                for lexeme in lexemes where seen.insert(lexeme).inserted {
                    all.append(lexeme)
                    if index == 0 { title.append(lexeme) }
                }
            }
        }
        return (all, title)
    }

    /// The public index's lexemes: each word, then its prefixes of 2 to 5 scalars after `*`
    /// (accents folded first, CJK by scalar, never a prefix longer than the word).
    @Test func publicLexemesAddEachWordsPrefixesOfTwoToFiveScalars() {
        let text = IndexedText(
            title: "Gâteau Αθήνα", keywords: "ab, a", description: IndexText.indexForm("東京タワー information"),
            address: nil)
        let words = SearchLexemes.words(text, key: "", prefixes: true)
        #expect(words.all == Self.reference(text, key: "", prefixes: true).all)
        #expect(words.all.contains("*gat") && words.all.contains("*gatea") && !words.all.contains("*gateau"))
        #expect(words.all.filter { $0.hasPrefix("*αθ") }.count == 4)
        #expect(words.all.contains("*ab") && !words.all.contains("*a"))
        #expect(words.all.contains("*东京") && words.all.contains("*infor") && !words.all.contains("*inform"))
        #expect(
            SearchLexemes.joinedWords(text, key: "", prefixes: true).all == words.all.joined(separator: " "))
        // Queries: 2–5 scalars are one exact lexeme, shorter and longer ones a prefix match.
        #expect(
            FullTextQuery(typed: "tarte gât").tsquery(userKey: "", indexedPrefixes: true)
                == "'tarte' & '*gat'")
        #expect(FullTextQuery(typed: "g").tsquery(userKey: "", indexedPrefixes: true) == "'g':*")
        #expect(
            FullTextQuery(typed: "informat").tsquery(userKey: "", indexedPrefixes: true) == "'informat':*")
        #expect(FullTextQuery(typed: "gât").tsquery(userKey: "k") == "'kgat':*")
        // A pair of CJK characters is its own lexeme; a single character too.
        #expect(FullTextQuery(typed: "牛肉麵").tsquery(userKey: "k") == "'k牛肉' & 'k肉面'")
        #expect(FullTextQuery(typed: "餐").tsquery(userKey: "k") == "'k餐'")
    }

    @Test func lexemesAreTheFoldedWordsAfterTheKey() {
        let samples: [IndexedText] = [
            IndexedText(
                title: "Café Straße", keywords: "œuvre, Ærø; naïve", description: "ÉCOLE école d’été 2026",
                address: "Rua São João 12, Lisboa"),
            IndexedText(
                title: IndexText.indexForm("東京タワー 北京烤鸭"), keywords: nil,
                description: IndexText.indexForm("我們在台北見面 🍣 sushi"), address: "Zürich"),
            IndexedText(title: "   ", keywords: "--", description: "a_b-c.d e\u{301}", address: "Ｆｕｌｌ　ｗｉｄｔｈ"),
            IndexedText(title: nil, keywords: nil, description: nil, address: nil),
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aàbßcç 東京-_.,'’\u{301}1２ÆøŁİ🍣")
        let random = (0..<200).map { _ in
            IndexedText(
                title: String(
                    (0..<Int.random(in: 0..<20, using: &generator)).map { _ in alphabet.randomElement()! }),
                keywords: nil,
                description: String(
                    (0..<Int.random(in: 0..<60, using: &generator)).map { _ in alphabet.randomElement()! }),
                address: nil)
        }
        // Large texts: thousands of distinct words (some longer than 32 bytes) and repeats, so
        // that remembering the words seen grows its table many times.
        let large = (0..<4).map { _ in
            IndexedText(
                title: nil, keywords: nil,
                description: (0..<3000).map { _ in
                    String(
                        (0..<Int.random(in: 1...40, using: &generator)).map { _ in alphabet.randomElement()! }
                    )
                }.joined(separator: " "), address: nil)
        }
        for text in samples + random + large {
            let key = SearchLexemes.userKey(UserID(rawValue: "alice")!)
            let words = SearchLexemes.words(text, key: key)
            let expected = Self.reference(text, key: key)
            #expect(words.all == expected.all, "\(text)")
            #expect(words.title == expected.title, "\(text)")
            let joined = SearchLexemes.joinedWords(text, key: key)
            #expect(joined.all == expected.all.joined(separator: " "), "\(text)")
            #expect(joined.title == expected.title.joined(separator: " "), "\(text)")
            let withPrefixes = Self.reference(text, key: key, prefixes: true)
            #expect(SearchLexemes.words(text, key: key, prefixes: true).all == withPrefixes.all, "\(text)")
            #expect(
                SearchLexemes.joinedWords(text, key: key, prefixes: true).all
                    == withPrefixes.all.joined(separator: " "), "\(text)")
            #expect(!expected.all.contains { $0.contains(" ") }, "a lexeme holds a space: \(text)")
            let bytes = SearchLexemes.joinedLexemes(text, key: key)
            #expect(String(decoding: bytes.joined, as: UTF8.self) == joined.all, "\(text)")
            #expect(
                String(decoding: bytes.joined[..<bytes.titleEnd], as: UTF8.self) == joined.title, "\(text)")
            #expect(bytes.descriptionWords == TextRelevance.wordCount(text.description), "\(text)")
        }
        #expect(SearchLexemes.userKey(UserID(rawValue: "alice")!) == "6384e2b2")
    }

    /// A word longer than PostgreSQL's longest lexeme (key included) is left out, its
    /// neighbours kept; once the vector would pass its largest size, no later word is added.
    @Test func wordsPastPostgreSQLsLimitsAreLeftOut() {
        let key = SearchLexemes.userKey(UserID(rawValue: "alice")!)
        let longest = String(repeating: "α", count: 1019)  // 2,038 bytes: with the key, 2,046
        let tooLong = longest + "β"
        let text = IndexedText(title: "before \(tooLong) after \(longest) end", address: "\(tooLong)x later")
        #expect(
            SearchLexemes.words(text, key: key).all
                == ["before", "after", longest, "end", "later"].map { key + $0 })
        #expect(
            SearchLexemes.words(text, key: key, prefixes: true).all.filter { !$0.contains("*") }
                == ["before", "after", longest, "end", "later"].map { key + $0 })

        let many = (0..<50_000).map { "w\($0)" }
        let full = IndexedText(title: "first", description: many.joined(separator: " "), address: "last")
        var expected: [String] = []
        var total = 0
        for word in ["first"] + many {
            total += key.utf8.count + word.utf8.count + 8
            guard total <= 900_000 else { break }
            expected.append(key + word)
        }
        #expect(expected.count > 30_000 && expected.count < 50_000)
        let words = SearchLexemes.words(full, key: key)
        #expect(words.all == expected)
        #expect(words.title == [key + "first"])
        #expect(SearchLexemes.joinedWords(full, key: key).all == expected.joined(separator: " "))
        // The description's words are all counted, those past the vector's end too.
        #expect(SearchLexemes.joinedLexemes(full, key: key).descriptionWords == many.count)
    }
}
