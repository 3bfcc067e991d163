import GRDB
import ProactiveStorage

/// The store's schema, as append-only named migrations.
///
/// A migration that rewrites a column a stored text is compressed beside (an entry's `fts*`
/// columns, a sighting's `nameKey`, `cityKey`, `latitude`, `longitude`: see
/// ``StoredText/companion(_:)``) has to store that text again in the same statement (read
/// beside the old values, written beside the new ones), or the text no longer reads.
enum SQLiteMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-foundation") { db in
            try db.execute(
                sql: """
                    CREATE TABLE app (
                      bundleIdentifier TEXT PRIMARY KEY NOT NULL,
                      name TEXT NOT NULL,
                      declaration TEXT NOT NULL,
                      updatedAt REAL NOT NULL
                    );

                    CREATE TABLE entry (
                      id INTEGER PRIMARY KEY,
                      app TEXT NOT NULL,
                      kind TEXT NOT NULL,
                      identityKey TEXT NOT NULL,
                      uniqueIdentifier TEXT,
                      domainIdentifier TEXT,
                      persistentIdentifier TEXT,
                      activityType TEXT,
                      url TEXT,
                      title TEXT,
                      isEligibleForSearch INTEGER NOT NULL,
                      isEligibleForHandoff INTEGER NOT NULL,
                      isEligibleForPublicIndexing INTEGER NOT NULL,
                      isEligibleForPrediction INTEGER NOT NULL,
                      isCurrent INTEGER NOT NULL DEFAULT 0,
                      firstDonatedAt REAL NOT NULL,
                      donatedAt REAL NOT NULL,
                      expiresAt REAL,
                      donationCount INTEGER NOT NULL DEFAULT 1,
                      engagementCount INTEGER NOT NULL DEFAULT 0,
                      lastEngagedAt REAL,
                      payload TEXT NOT NULL,
                      ftsTitle TEXT,
                      ftsKeywords TEXT,
                      ftsDescription TEXT,
                      ftsAddress TEXT,
                      UNIQUE (app, kind, identityKey)
                    );
                    CREATE INDEX entry_expiresAt ON entry(expiresAt) WHERE expiresAt IS NOT NULL;
                    CREATE INDEX entry_domain ON entry(app, domainIdentifier) WHERE domainIdentifier IS NOT NULL;
                    CREATE INDEX entry_persistent ON entry(app, persistentIdentifier) WHERE persistentIdentifier IS NOT NULL;
                    CREATE INDEX entry_current ON entry(app) WHERE isCurrent;
                    CREATE INDEX entry_donatedAt ON entry(donatedAt);

                    CREATE VIRTUAL TABLE entry_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress,
                      content='entry', content_rowid='id',
                      tokenize='unicode61 remove_diacritics 2', prefix='2 3'
                    );
                    CREATE TRIGGER entry_fts_insert AFTER INSERT ON entry BEGIN
                      INSERT INTO entry_fts(rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                      VALUES (new.id, new.ftsTitle, new.ftsKeywords, new.ftsDescription, new.ftsAddress);
                    END;
                    CREATE TRIGGER entry_fts_delete AFTER DELETE ON entry BEGIN
                      INSERT INTO entry_fts(entry_fts, rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                      VALUES ('delete', old.id, old.ftsTitle, old.ftsKeywords, old.ftsDescription, old.ftsAddress);
                    END;
                    CREATE TRIGGER entry_fts_update AFTER UPDATE OF ftsTitle, ftsKeywords, ftsDescription, ftsAddress ON entry BEGIN
                      INSERT INTO entry_fts(entry_fts, rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                      VALUES ('delete', old.id, old.ftsTitle, old.ftsKeywords, old.ftsDescription, old.ftsAddress);
                      INSERT INTO entry_fts(rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                      VALUES (new.id, new.ftsTitle, new.ftsKeywords, new.ftsDescription, new.ftsAddress);
                    END;

                    CREATE TABLE interaction (
                      id INTEGER PRIMARY KEY,
                      app TEXT NOT NULL,
                      at REAL NOT NULL,
                      direction TEXT NOT NULL,
                      kind TEXT NOT NULL,
                      outcome TEXT NOT NULL,
                      identifier TEXT,
                      groupIdentifier TEXT,
                      payload TEXT NOT NULL
                    );
                    CREATE INDEX interaction_group ON interaction(app, groupIdentifier);
                    CREATE INDEX interaction_identifier ON interaction(app, identifier);
                    CREATE TABLE interaction_person (
                      interactionId INTEGER NOT NULL REFERENCES interaction(id) ON DELETE CASCADE,
                      personKey TEXT NOT NULL,
                      displayName TEXT
                    );
                    CREATE INDEX interaction_person_key ON interaction_person(personKey);
                    CREATE INDEX interaction_person_interaction ON interaction_person(interactionId);

                    CREATE TABLE event (
                      id INTEGER PRIMARY KEY,
                      at REAL NOT NULL,
                      kind TEXT NOT NULL,
                      app TEXT,
                      payload TEXT NOT NULL
                    );
                    CREATE INDEX event_at ON event(at);

                    CREATE TABLE nowPlaying (
                      app TEXT PRIMARY KEY NOT NULL,
                      at REAL NOT NULL,
                      state TEXT NOT NULL,
                      payload TEXT NOT NULL
                    );

                    CREATE TABLE clientState (
                      app TEXT PRIMARY KEY NOT NULL,
                      clientState TEXT,
                      updatedAt REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v2-deferred-index") { db in
            // FTS5 flushes its pending terms at every statement savepoint, so a trigger that
            // indexes one row per statement writes one index segment per row. The store now
            // indexes in bulk at the end of each write transaction (see IndexQueue).
            try db.execute(
                sql: """
                    DROP TRIGGER entry_fts_insert;
                    DROP TRIGGER entry_fts_delete;
                    DROP TRIGGER entry_fts_update;
                    """)
        }
        migrator.registerMigration("v3-prefix-index-and-title-index") { db in
            // Prefixes of up to five characters are answered from the index, lazily, instead of
            // merging the lists of every word they start. Titles get an index of their own so
            // that "title matches" is a lazy walk too (a column filter scans every match).
            try db.execute(
                sql: """
                    DROP TABLE entry_fts;
                    CREATE VIRTUAL TABLE entry_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress,
                      content='entry', content_rowid='id',
                      tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5'
                    );
                    CREATE VIRTUAL TABLE entry_title_fts USING fts5(
                      ftsTitle, content='entry', content_rowid='id',
                      tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5'
                    );
                    INSERT INTO entry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                    SELECT id, ftsTitle, ftsKeywords, ftsDescription, ftsAddress FROM entry ORDER BY id;
                    INSERT INTO entry_title_fts (rowid, ftsTitle) SELECT id, ftsTitle FROM entry ORDER BY id;
                    """)
        }
        migrator.registerMigration("v4-place-sightings") { db in
            // Places seen in donations, computed (and geocoded) once when donated, so that place
            // surfaces read a few recent rows instead of re-reading donations.
            try db.execute(
                sql: """
                    CREATE TABLE placeSighting (
                      id INTEGER PRIMARY KEY,
                      entryId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
                      app TEXT NOT NULL,
                      activityType TEXT,
                      url TEXT,
                      seenAt REAL NOT NULL,
                      expiresAt REAL,
                      supportsNavigation INTEGER NOT NULL,
                      nameKey TEXT NOT NULL,
                      cityKey TEXT,
                      latitude REAL,
                      longitude REAL,
                      coordinateSource TEXT,
                      place TEXT NOT NULL
                    );
                    CREATE INDEX placeSighting_seenAt ON placeSighting(seenAt);
                    CREATE INDEX placeSighting_entryId ON placeSighting(entryId);
                    """)
        }
        migrator.registerMigration("v5-context-log-deletions") { db in
            // Surfaces keep their learned context in memory and feed it the events and
            // interactions donated since; a deletion (not the event log's ageing) makes them
            // learn again from what is left. This counter tells them a deletion happened, in
            // this process or another one on the same store.
            try db.execute(
                sql: """
                    CREATE TABLE contextLogDeletion (
                      id INTEGER PRIMARY KEY CHECK (id = 1),
                      count INTEGER NOT NULL
                    );
                    INSERT INTO contextLogDeletion (id, count) VALUES (1, 0);
                    """)
        }
        migrator.registerMigration("v6-access-tokens") { db in
            // Bearer tokens of the daemon, stored as SHA-256 digests (tokens are 256 random
            // bits, so a fast digest is enough; the token itself is shown once).
            try db.execute(
                sql: """
                    CREATE TABLE accessToken (
                      digest TEXT PRIMARY KEY NOT NULL,
                      app TEXT,
                      createdAt REAL NOT NULL,
                      label TEXT
                    );
                    """)
        }
        migrator.registerMigration("v7-reminders") { db in
            // Reminders asked of the assistant, linked to the entry (activity) on screen: deleting
            // or expiring the entry deletes them.
            try db.execute(
                sql: """
                    CREATE TABLE reminder (
                      id INTEGER PRIMARY KEY,
                      entryId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
                      app TEXT NOT NULL,
                      title TEXT NOT NULL,
                      triggerType TEXT NOT NULL,
                      place TEXT,
                      dueAt REAL,
                      createdAt REAL NOT NULL,
                      doneAt REAL
                    );
                    CREATE INDEX reminder_open ON reminder(doneAt);
                    CREATE INDEX reminder_entry ON reminder(entryId);
                    """)
        }
        migrator.registerMigration("v8-users", foreignKeyChecks: .deferred) { db in
            // A store serves several users (a device has one, "default"): every row a user owns
            // is keyed by `userId`, and every index leads with it. `entry` and the two
            // one-row-per-app tables are rebuilt for their new unique keys, keeping their ids
            // (the full-text index refers to entries by id). App declarations stay shared.
            let user = "'\(UserID.device.rawValue)'"
            try db.execute(
                sql: """
                    CREATE TABLE entry_new (
                      id INTEGER PRIMARY KEY,
                      userId TEXT NOT NULL,
                      app TEXT NOT NULL,
                      kind TEXT NOT NULL,
                      identityKey TEXT NOT NULL,
                      uniqueIdentifier TEXT,
                      domainIdentifier TEXT,
                      persistentIdentifier TEXT,
                      activityType TEXT,
                      url TEXT,
                      title TEXT,
                      isEligibleForSearch INTEGER NOT NULL,
                      isEligibleForHandoff INTEGER NOT NULL,
                      isEligibleForPublicIndexing INTEGER NOT NULL,
                      isEligibleForPrediction INTEGER NOT NULL,
                      isCurrent INTEGER NOT NULL DEFAULT 0,
                      firstDonatedAt REAL NOT NULL,
                      donatedAt REAL NOT NULL,
                      expiresAt REAL,
                      donationCount INTEGER NOT NULL DEFAULT 1,
                      engagementCount INTEGER NOT NULL DEFAULT 0,
                      lastEngagedAt REAL,
                      payload TEXT NOT NULL,
                      ftsTitle TEXT,
                      ftsKeywords TEXT,
                      ftsDescription TEXT,
                      ftsAddress TEXT,
                      UNIQUE (userId, app, kind, identityKey)
                    );
                    INSERT INTO entry_new SELECT id, \(user), app, kind, identityKey, uniqueIdentifier,
                      domainIdentifier, persistentIdentifier, activityType, url, title, isEligibleForSearch,
                      isEligibleForHandoff, isEligibleForPublicIndexing, isEligibleForPrediction, isCurrent,
                      firstDonatedAt, donatedAt, expiresAt, donationCount, engagementCount, lastEngagedAt, payload,
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress FROM entry;
                    DROP TABLE entry;
                    ALTER TABLE entry_new RENAME TO entry;
                    CREATE INDEX entry_expiresAt ON entry(expiresAt) WHERE expiresAt IS NOT NULL;
                    CREATE INDEX entry_domain ON entry(userId, app, domainIdentifier) WHERE domainIdentifier IS NOT NULL;
                    CREATE INDEX entry_persistent ON entry(userId, app, persistentIdentifier)
                      WHERE persistentIdentifier IS NOT NULL;
                    CREATE INDEX entry_current ON entry(userId, app) WHERE isCurrent;
                    CREATE INDEX entry_donatedAt ON entry(userId, donatedAt);

                    ALTER TABLE interaction ADD COLUMN userId TEXT NOT NULL DEFAULT \(user);
                    DROP INDEX interaction_group;
                    DROP INDEX interaction_identifier;
                    CREATE INDEX interaction_group ON interaction(userId, app, groupIdentifier);
                    CREATE INDEX interaction_identifier ON interaction(userId, app, identifier);
                    CREATE INDEX interaction_at ON interaction(userId, at);
                    ALTER TABLE interaction_person ADD COLUMN userId TEXT NOT NULL DEFAULT \(user);
                    DROP INDEX interaction_person_key;
                    CREATE INDEX interaction_person_key ON interaction_person(userId, personKey);

                    ALTER TABLE event ADD COLUMN userId TEXT NOT NULL DEFAULT \(user);
                    DROP INDEX event_at;
                    CREATE INDEX event_at ON event(userId, at);
                    CREATE INDEX event_app ON event(userId, app, at);

                    CREATE TABLE nowPlaying_new (
                      userId TEXT NOT NULL,
                      app TEXT NOT NULL,
                      at REAL NOT NULL,
                      state TEXT NOT NULL,
                      payload TEXT NOT NULL,
                      PRIMARY KEY (userId, app)
                    );
                    INSERT INTO nowPlaying_new SELECT \(user), app, at, state, payload FROM nowPlaying;
                    DROP TABLE nowPlaying;
                    ALTER TABLE nowPlaying_new RENAME TO nowPlaying;

                    CREATE TABLE clientState_new (
                      userId TEXT NOT NULL,
                      app TEXT NOT NULL,
                      clientState TEXT,
                      updatedAt REAL NOT NULL,
                      PRIMARY KEY (userId, app)
                    );
                    INSERT INTO clientState_new SELECT \(user), app, clientState, updatedAt FROM clientState;
                    DROP TABLE clientState;
                    ALTER TABLE clientState_new RENAME TO clientState;

                    ALTER TABLE placeSighting ADD COLUMN userId TEXT NOT NULL DEFAULT \(user);
                    DROP INDEX placeSighting_seenAt;
                    CREATE INDEX placeSighting_seenAt ON placeSighting(userId, seenAt);

                    ALTER TABLE reminder ADD COLUMN userId TEXT NOT NULL DEFAULT \(user);
                    DROP INDEX reminder_open;
                    CREATE INDEX reminder_open ON reminder(userId, doneAt);

                    ALTER TABLE accessToken ADD COLUMN userId TEXT NOT NULL DEFAULT \(user);
                    """)
        }
        migrator.registerMigration("v9-expiry-by-user") { db in
            // The purge of expired entries (run by every write) must find them through an index
            // that leads with the user: with `(expiresAt)` alone, the planner preferred
            // `entry_donatedAt (userId, …)` and walked every row of the user, in every write
            // transaction (ingest of 1M items took 361 s instead of 162 s).
            try db.execute(
                sql: """
                    DROP INDEX entry_expiresAt;
                    CREATE INDEX entry_expiresAt ON entry(userId, expiresAt) WHERE expiresAt IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v10-public-index") { db in
            // The public index: not keyed by user, no dates. A contributor is an opaque key
            // (a keyed hash the engine makes); `engaged` marks a contribution without fields.
            try db.execute(
                sql: """
                    CREATE TABLE publicEntry (
                      id INTEGER PRIMARY KEY,
                      app TEXT NOT NULL,
                      key TEXT NOT NULL,
                      contributors INTEGER NOT NULL DEFAULT 0,
                      activityType TEXT, title TEXT, description TEXT, keywords TEXT, url TEXT,
                      thumbnail TEXT, userInfo TEXT,
                      ftsTitle TEXT, ftsKeywords TEXT, ftsDescription TEXT,
                      UNIQUE (app, key)
                    );
                    CREATE TABLE publicContribution (
                      entryId INTEGER NOT NULL REFERENCES publicEntry(id) ON DELETE CASCADE,
                      contributor BLOB NOT NULL,
                      engaged INTEGER NOT NULL,
                      activityType TEXT, title TEXT, description TEXT, keywords TEXT, url TEXT,
                      thumbnail TEXT, userInfo TEXT,
                      PRIMARY KEY (entryId, contributor)
                    ) WITHOUT ROWID;
                    CREATE INDEX publicContribution_contributor ON publicContribution(contributor);
                    CREATE VIRTUAL TABLE publicEntry_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription,
                      content='publicEntry', content_rowid='id',
                      tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5'
                    );
                    CREATE INDEX entry_public ON entry(userId) WHERE isEligibleForPublicIndexing;
                    CREATE INDEX entry_publicExpiry ON entry(expiresAt)
                      WHERE isEligibleForPublicIndexing AND expiresAt IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v11-compact-full-text-index") { db in
            // The full-text indexes keep which rows hold a word, not where in them (`detail=none`:
            // candidates are ranked in Swift from their indexed text, no phrase or column query
            // runs) and no column sizes (no `bm25()`): 4× smaller, and faster to write. Word
            // characters are letters, numbers and marks, as ``Script/isWordCharacter(_:)`` says,
            // so a query word is one token of the index (a Hindi word is no longer cut at its
            // vowel signs).
            // Text indexed before non-spacing marks were left out of the index form loses them
            // now, as query words do.
            db.add(
                function: DatabaseFunction("proactive_without_nonspacing_marks", argumentCount: 1, pure: true)
                { values in
                    String.fromDatabaseValue(values[0]).map { text in
                        String(
                            String.UnicodeScalarView(
                                text.unicodeScalars.filter {
                                    $0.properties.generalCategory != .nonspacingMark
                                }))
                    }
                })
            let options = """
                tokenize="unicode61 remove_diacritics 2 categories 'L* N* Mn Mc Me'", prefix='2 3 4 5',
                detail=none, columnsize=0
                """
            try db.execute(
                sql: """
                    DROP TABLE entry_fts;
                    DROP TABLE entry_title_fts;
                    DROP TABLE publicEntry_fts;
                    UPDATE entry SET ftsTitle = proactive_without_nonspacing_marks(ftsTitle),
                      ftsKeywords = proactive_without_nonspacing_marks(ftsKeywords),
                      ftsDescription = proactive_without_nonspacing_marks(ftsDescription),
                      ftsAddress = proactive_without_nonspacing_marks(ftsAddress)
                    WHERE ftsTitle GLOB '*[^ -~]*' OR ftsKeywords GLOB '*[^ -~]*'
                      OR ftsDescription GLOB '*[^ -~]*' OR ftsAddress GLOB '*[^ -~]*';
                    UPDATE publicEntry SET ftsTitle = proactive_without_nonspacing_marks(ftsTitle),
                      ftsKeywords = proactive_without_nonspacing_marks(ftsKeywords),
                      ftsDescription = proactive_without_nonspacing_marks(ftsDescription)
                    WHERE ftsTitle GLOB '*[^ -~]*' OR ftsKeywords GLOB '*[^ -~]*' OR ftsDescription GLOB '*[^ -~]*';
                    CREATE VIRTUAL TABLE entry_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress,
                      content='entry', content_rowid='id', \(options)
                    );
                    CREATE VIRTUAL TABLE entry_title_fts USING fts5(
                      ftsTitle, content='entry', content_rowid='id', \(options)
                    );
                    CREATE VIRTUAL TABLE publicEntry_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription,
                      content='publicEntry', content_rowid='id', \(options)
                    );
                    INSERT INTO entry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                    SELECT id, ftsTitle, ftsKeywords, ftsDescription, ftsAddress FROM entry ORDER BY id;
                    INSERT INTO entry_title_fts (rowid, ftsTitle) SELECT id, ftsTitle FROM entry ORDER BY id;
                    INSERT INTO publicEntry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription)
                    SELECT id, ftsTitle, ftsKeywords, ftsDescription FROM publicEntry WHERE contributors > 0 ORDER BY id;
                    """)
        }
        migrator.registerMigration("v12-context-log-by-user-and-row") { db in
            // Surfaces catch up on the events and interactions a user added after the last ones
            // they read (usually none): an index on the user alone holds the row identifier
            // after it, so that is a range of the user's newest rows, whatever other users add.
            try db.execute(
                sql: """
                    CREATE INDEX event_user ON event(userId);
                    CREATE INDEX interaction_user ON interaction(userId);
                    """)
        }
        migrator.registerMigration("v13-fts-page-size") { db in
            // Leaf pages of 1,000 bytes instead of 4,050: a search whose words are frequent
            // seeks within each page of their matches by reading it from its start, so
            // smaller pages make those seeks shorter (three frequent words at 1M items: p99
            // 9.7 → 7.1 ms in FTS5 alone), for 2 % more index. Pages written before keep their
            // size until the index's upkeep merges them.
            for table in ["entry_fts", "entry_title_fts", "publicEntry_fts"] {
                try db.execute(sql: "INSERT INTO \(table)(\(table), rank) VALUES('pgsz', 1000)")
            }
        }
        migrator.registerMigration("v14-description-words") { db in
            // How many words each indexed description has (`TextRelevance.wordCount`): a first
            // page reads candidates without their description and bounds what it can add by
            // its length. Rows written before keep NULL (the bound then assumes any length).
            try db.execute(sql: "ALTER TABLE entry ADD COLUMN ftsDescriptionWords INTEGER")
        }
        migrator.registerMigration("v15-engaged-entries") { db in
            // The entries a user engaged with, for a first page that reads them with the
            // matches whose title has every term (`titleSearchCandidates`). Partial: donations
            // never engaged with, nearly all, are not in it, so writing them costs nothing more.
            try db.execute(sql: "CREATE INDEX entry_engaged ON entry(userId, id) WHERE engagementCount > 0")
        }
        migrator.registerMigration("v16-search-index-rewrite-log") { db in
            // The rows whose indexed text a transaction removed (changed or deleted), in order:
            // searches keep the matches of frequent words in memory and bring them up to date
            // from here (`FrequentWordMatches`). Only the latest are kept
            // (`DeferredIndex.rewritesKept`).
            try db.execute(
                sql: "CREATE TABLE searchIndexRewrite (id INTEGER PRIMARY KEY, entry INTEGER NOT NULL)")
        }
        migrator.registerMigration("v17-interned-names", foreignKeyChecks: .deferred) { db in
            // The tables that grow with the documents name their user and app by a small
            // integer (`InternedNames`) instead of repeating the text in the row and in every
            // index that leads with it. Rows keep their ids (the full-text indexes and the
            // sightings refer to entries by id).
            try db.execute(
                sql: """
                    CREATE TABLE name (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                    INSERT INTO name (name)
                      SELECT userId FROM entry UNION SELECT app FROM entry
                      UNION SELECT userId FROM placeSighting UNION SELECT app FROM placeSighting;

                    CREATE TABLE entry_new (
                      id INTEGER PRIMARY KEY,
                      userKey INTEGER NOT NULL,
                      appKey INTEGER NOT NULL,
                      kind TEXT NOT NULL,
                      identityKey TEXT NOT NULL,
                      uniqueIdentifier TEXT,
                      domainIdentifier TEXT,
                      persistentIdentifier TEXT,
                      activityType TEXT,
                      url TEXT,
                      title TEXT,
                      isEligibleForSearch INTEGER NOT NULL,
                      isEligibleForHandoff INTEGER NOT NULL,
                      isEligibleForPublicIndexing INTEGER NOT NULL,
                      isEligibleForPrediction INTEGER NOT NULL,
                      isCurrent INTEGER NOT NULL DEFAULT 0,
                      firstDonatedAt REAL NOT NULL,
                      donatedAt REAL NOT NULL,
                      expiresAt REAL,
                      donationCount INTEGER NOT NULL DEFAULT 1,
                      engagementCount INTEGER NOT NULL DEFAULT 0,
                      lastEngagedAt REAL,
                      payload TEXT NOT NULL,
                      ftsTitle TEXT,
                      ftsKeywords TEXT,
                      ftsDescription TEXT,
                      ftsAddress TEXT,
                      ftsDescriptionWords INTEGER,
                      UNIQUE (userKey, appKey, kind, identityKey)
                    );
                    INSERT INTO entry_new SELECT e.id, u.id, a.id, kind, identityKey, uniqueIdentifier,
                      domainIdentifier, persistentIdentifier, activityType, url, title, isEligibleForSearch,
                      isEligibleForHandoff, isEligibleForPublicIndexing, isEligibleForPrediction, isCurrent,
                      firstDonatedAt, donatedAt, expiresAt, donationCount, engagementCount, lastEngagedAt, payload,
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress, ftsDescriptionWords
                    FROM entry e JOIN name u ON u.name = e.userId JOIN name a ON a.name = e.app ORDER BY e.id;
                    DROP TABLE entry;
                    ALTER TABLE entry_new RENAME TO entry;
                    CREATE INDEX entry_expiresAt ON entry(userKey, expiresAt) WHERE expiresAt IS NOT NULL;
                    CREATE INDEX entry_domain ON entry(userKey, appKey, domainIdentifier)
                      WHERE domainIdentifier IS NOT NULL;
                    CREATE INDEX entry_persistent ON entry(userKey, appKey, persistentIdentifier)
                      WHERE persistentIdentifier IS NOT NULL;
                    CREATE INDEX entry_current ON entry(userKey, appKey) WHERE isCurrent;
                    CREATE INDEX entry_donatedAt ON entry(userKey, donatedAt);
                    CREATE INDEX entry_public ON entry(userKey) WHERE isEligibleForPublicIndexing;
                    CREATE INDEX entry_publicExpiry ON entry(expiresAt)
                      WHERE isEligibleForPublicIndexing AND expiresAt IS NOT NULL;
                    CREATE INDEX entry_engaged ON entry(userKey, id) WHERE engagementCount > 0;

                    CREATE TABLE placeSighting_new (
                      id INTEGER PRIMARY KEY,
                      entryId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
                      userKey INTEGER NOT NULL,
                      appKey INTEGER NOT NULL,
                      activityType TEXT,
                      url TEXT,
                      seenAt REAL NOT NULL,
                      expiresAt REAL,
                      supportsNavigation INTEGER NOT NULL,
                      nameKey TEXT NOT NULL,
                      cityKey TEXT,
                      latitude REAL,
                      longitude REAL,
                      coordinateSource TEXT,
                      place TEXT NOT NULL
                    );
                    INSERT INTO placeSighting_new SELECT s.id, entryId, u.id, a.id, activityType, url, seenAt,
                      expiresAt, supportsNavigation, nameKey, cityKey, latitude, longitude, coordinateSource, place
                    FROM placeSighting s JOIN name u ON u.name = s.userId JOIN name a ON a.name = s.app
                    ORDER BY s.id;
                    DROP TABLE placeSighting;
                    ALTER TABLE placeSighting_new RENAME TO placeSighting;
                    CREATE INDEX placeSighting_entryId ON placeSighting(entryId);
                    CREATE INDEX placeSighting_seenAt ON placeSighting(userKey, seenAt);
                    """)
        }
        migrator.registerMigration("v18-compressed-descriptions") { _ in
            // This migration deflated descriptions for a few hours of 2026-11-27 (ingest was
            // 18 % slower for it). v19 reads what it wrote (`StoredText.Format.deflatedDescription`)
            // and redoes everything it did, so it does nothing now (it took 40 s of a 1M-item
            // store's upgrade for v19 to undo).
        }
        migrator.registerMigration("v19-contracted-index-text") { db in
            // An entry's index-form text spells each run of Chinese, Japanese or Korean
            // characters as every character and every pair (three times its bytes); the
            // description, its longest column and read only for the candidates that can reach
            // a page, keeps each run once (`StoredText.Format.indexText`). The full-text
            // indexes read every column spelled out through the `entry_text` view, so FTS5's
            // own checks still compare the indexes with the text; both are rebuilt once, for
            // their new content table, and merged into one segment each (the rebuild leaves
            // several, which made searches at 1M items 20 % slower until the upkeep merged
            // them; merging took 3.7 s there). (Stores that ran this migration's first version, for
            // a few hours on 2026-11-27, have their titles, keywords and addresses contracted
            // too: every column is read through the same decoding, so they read the same.)
            db.add(
                function: DatabaseFunction("proactive_contracted_index_text", argumentCount: 1, pure: true) {
                    values in
                    String.fromDatabaseValue(values[0]).map {
                        StoredText.databaseValue($0, format: .indexText)
                    }
                })
            let options = """
                tokenize="unicode61 remove_diacritics 2 categories 'L* N* Mn Mc Me'", prefix='2 3 4 5',
                detail=none, columnsize=0
                """
            try db.execute(
                sql: """
                    DROP TABLE entry_fts;
                    DROP TABLE entry_title_fts;
                    DROP VIEW IF EXISTS entry_text;
                    UPDATE entry SET ftsDescription = proactive_stored_text(ftsDescription)
                    WHERE typeof(ftsDescription) = 'blob';
                    UPDATE entry SET ftsDescription = proactive_contracted_index_text(ftsDescription)
                    WHERE typeof(ftsDescription) = 'text' AND ftsDescription GLOB '*[^ -~]*';
                    CREATE VIEW entry_text AS
                      SELECT id, proactive_stored_text(ftsTitle) AS ftsTitle,
                        proactive_stored_text(ftsKeywords) AS ftsKeywords,
                        proactive_stored_text(ftsDescription) AS ftsDescription,
                        proactive_stored_text(ftsAddress) AS ftsAddress
                      FROM entry;
                    CREATE VIRTUAL TABLE entry_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress,
                      content='entry_text', content_rowid='id', \(options)
                    );
                    CREATE VIRTUAL TABLE entry_title_fts USING fts5(
                      ftsTitle, content='entry_text', content_rowid='id', \(options)
                    );
                    INSERT INTO entry_fts(entry_fts, rank) VALUES('pgsz', 1000);
                    INSERT INTO entry_title_fts(entry_title_fts, rank) VALUES('pgsz', 1000);
                    INSERT INTO entry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                    SELECT id, ftsTitle, ftsKeywords, ftsDescription, ftsAddress FROM entry_text ORDER BY id;
                    INSERT INTO entry_title_fts (rowid, ftsTitle) SELECT id, ftsTitle FROM entry_text ORDER BY id;
                    INSERT INTO entry_fts(entry_fts) VALUES('optimize');
                    INSERT INTO entry_title_fts(entry_title_fts) VALUES('optimize');
                    """)
        }
        // An entry's identifier is never given again: SQLite gives a new row the largest id
        // plus one, so deleting the newest entries gave their ids to the next donations, and a
        // reference or a search cursor kept from before could name another entry. The largest
        // id ever deleted is kept (a trigger; a migration that copies `entry` must create it
        // again) and a new entry's id is past it (`upsertEntry`). Ids reused before this
        // migration stay as they are.
        migrator.registerMigration("v20-entry-ids-never-reused") { db in
            try db.execute(
                sql: """
                    CREATE TABLE entryIDFloor (id INTEGER NOT NULL);
                    INSERT INTO entryIDFloor (id) SELECT coalesce(max(id), 0) FROM entry;
                    CREATE TRIGGER entry_retires_id AFTER DELETE ON entry
                    WHEN old.id > (SELECT id FROM entryIDFloor)
                    BEGIN
                      UPDATE entryIDFloor SET id = old.id;
                    END;
                    """)
        }
        // Deleting a row from an FTS5 index (SQLite 3.40 has no `secure-delete` option) adds a
        // delete marker and leaves the row's words in the older segments until a merge of every
        // segment drops both: a deleted item's words stayed in the file. An index with deleted
        // text is listed here, in the transaction that deletes it, until its segments are merged
        // into one (`SQLiteStorage.purgeDeletedText(pages:)`); stores with entries made before
        // are purged once.
        migrator.registerMigration("v21-search-index-purge") { db in
            try db.execute(
                sql: """
                    CREATE TABLE searchIndexPurge (indexName TEXT PRIMARY KEY) WITHOUT ROWID;
                    INSERT INTO searchIndexPurge (indexName)
                    SELECT 'entry_fts' WHERE EXISTS (SELECT 1 FROM entry)
                    UNION ALL SELECT 'entry_title_fts' WHERE EXISTS (SELECT 1 FROM entry)
                    UNION ALL SELECT 'publicEntry_fts' WHERE EXISTS (SELECT 1 FROM publicEntry);
                    """)
        }
        // When the last purge of deleted text ended and what it cost (`SearchIndexPurges`):
        // kept in the store, so that every process (a CLI command is one) keeps the schedule.
        migrator.registerMigration("v22-search-index-purge-record") { db in
            try db.execute(
                sql: """
                    CREATE TABLE searchIndexPurgeRecord (
                      id INTEGER PRIMARY KEY CHECK (id = 1),
                      endedAt REAL NOT NULL,
                      workSeconds REAL NOT NULL
                    );
                    """)
        }
        // Traditional Chinese characters are written in their Simplified form in the index and
        // in queries (`SimplifiedChinese`): text indexed before is folded (see
        // `foldTraditionalChinese`).
        migrator.registerMigration("v23-simplified-chinese-index-text") { db in
            try foldTraditionalChinese(db)
        }
        return migrator
    }
}
