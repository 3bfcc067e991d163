import Foundation
import Testing

/// Story 8 (search) and the donate / delete contract, driven through the CLI.
@Suite struct DonateSearchDeleteTests {
    static let documents = """
        {"type":"app","bundleIdentifier":"com.example.reviews","name":"Yummy Reviews","activityTypes":["com.example.reviews.restaurant"]}
        {"type":"activity","app":"com.example.reviews","at":"2026-11-21T12:00:00Z","current":true,"activityType":"com.example.reviews.restaurant","title":"Yank Sing","userInfo":{"restaurantID":"42"},"requiredUserInfoKeys":["restaurantID"],"keywords":["dim sum"],"webpageURL":"https://www.yanksing.com/","persistentIdentifier":"restaurant-42","expirationDate":"2026-12-21T00:00:00Z","isEligibleForSearch":true,"contentAttributeSet":{"displayName":"Yank Sing","contentDescription":"Dim sum","namedLocation":"Yank Sing","subThoroughfare":"101","thoroughfare":"Spear St","city":"San Francisco","stateOrProvince":"CA","postalCode":"94105","country":"United States","latitude":37.7923,"longitude":-122.3928}}
        {"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"r-43","domainIdentifier":"restaurants","attributeSet":{"title":"Café de Flore","city":"Paris","namedLocation":"Café de Flore"}}
        {"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"r-44","domainIdentifier":"restaurants","attributeSet":{"title":"紅燒牛肉麵"}}
        {"type":"searchableItem","app":"com.example.other","uniqueIdentifier":"o-1","attributeSet":{"title":"Café Other"}}
        {"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.undeclared","title":"x"}
        """

    @Test func donateReportsEachDocumentAndExitsOneOnRejection() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let out = try cli.run(["donate", "--json", "-"], stdin: Self.documents)
        #expect(out.status == 1)
        let receipts = try #require(try out.json() as? [[String: Any]])
        #expect(
            receipts.map { $0["status"] as? String } == [
                "accepted", "accepted", "accepted", "accepted", "accepted", "rejected",
            ])
        #expect(receipts[5]["field"] as? String == "activityType")
        #expect(receipts[5]["code"] as? String == "undeclaredActivityType")
        #expect(receipts[1]["expiresAt"] as? String == "2026-12-21T00:00:00Z")
        let again = try cli.run(
            ["donate", "--json", "-"],
            stdin: Self.documents.split(separator: "\n").prefix(2).joined(separator: "\n"))
        #expect(again.status == 0)
        #expect(
            (try again.json() as? [[String: Any]])?.map { $0["status"] as? String } == ["merged", "merged"])
    }

    /// Paging as the contract says: `--limit` up to 1000 (a larger one is a usage error naming
    /// `limit`), `--cursor ""` for the first page with `--json` printing
    /// `{"results":[…],"nextCursor":…}`, each page's cursor reaching every match once.
    @Test func searchPagesThroughEveryMatch() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let items = (0..<310).map {
            #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-\#($0)","attributeSet":{"title":"Zebra note \#($0)"}}"#
        }
        try cli.run(["donate", "-"], stdin: items.joined(separator: "\n"))
        let all = try cli.run(["search", "--json", "zebra", "--limit", "400"])
        #expect((try all.json() as? [Any])?.count == 310)
        let tooMany = try cli.run(["search", "zebra", "--limit", "1001"])
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr.contains("limit") && tooMany.stderr.contains("1000"))
        var seen: [String] = []
        var cursor = ""
        var pages = 0
        repeat {
            let out = try cli.run(["search", "--json", "zebra", "--limit", "100", "--cursor", cursor])
            #expect(out.status == 0)
            let page = try #require(try out.json() as? [String: Any])
            #expect(page.keys.contains("nextCursor"))
            seen += (page["results"] as? [[String: Any]] ?? []).compactMap {
                $0["uniqueIdentifier"] as? String
            }
            cursor = page["nextCursor"] as? String ?? ""
            pages += 1
        } while !cursor.isEmpty && pages < 10
        #expect(pages == 4)
        #expect(seen.count == 310 && Set(seen).count == 310)
        let text = try cli.run(["search", "zebra", "--limit", "300", "--cursor", ""])
        #expect(text.stdout.contains("next page: --cursor "))
        let bad = try cli.run(["search", "zebra", "--cursor", "garbage"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("cursor"))
    }

    @Test func searchFindsAcrossLanguagesWithWhy() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["donate", "-"], stdin: Self.documents)
        for (query, title) in [
            ("cafe", "Café de Flore"), ("牛肉", "紅燒牛肉麵"), ("yank", "Yank Sing"), ("spe", "Yank Sing"),
        ] {
            let out = try cli.run([
                "search", "--json", "--app", "com.example.reviews", "--at", "2026-11-21T12:05:00Z", query,
            ])
            #expect(out.status == 0)
            let results = try #require(try out.json() as? [[String: Any]])
            #expect(results.first?["title"] as? String == title, "query \(query)")
            #expect((results.first?["why"] as? [String])?.isEmpty == false)
            #expect(results.allSatisfy { $0["app"] as? String == "com.example.reviews" })
            #expect(results.first?["score"] is Double)
        }
        let filtered = try cli.run(["search", "--json", "--where", #"title == "caf*"cd && city == "Paris""#])
        #expect(
            (try filtered.json() as? [[String: Any]])?.map { $0["uniqueIdentifier"] as? String } == ["r-43"])
        let bad = try cli.run(["search", "--where", "title ~ 1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("syntax error"))
    }

    @Test func deleteRemovesFromSearch() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["donate", "-"], stdin: Self.documents)
        let deleted = try cli.run([
            "delete", "--json", "--app", "com.example.reviews", "--domain", "restaurants",
        ])
        #expect(deleted.status == 0)
        #expect((try deleted.json() as? [String: Any])?["deleted"] as? Int == 2)
        let out = try cli.run(["search", "--json", "cafe"])
        #expect((try out.json() as? [[String: Any]])?.map { $0["app"] as? String } == ["com.example.other"])
        try cli.run(["delete", "--app", "com.example.reviews", "--persistent-identifier", "restaurant-42"])
        #expect((try cli.run(["search", "--json", "yank"]).json() as? [[String: Any]])?.isEmpty == true)
        #expect(try cli.run(["delete", "--app", "com.example.reviews"]).status == 2)
        // An empty value names nothing (before: "deleted 0", exit 0).
        let empty = try cli.run(["delete", "--app", "com.example.reviews", "--identifier", ""])
        #expect(empty.status == 2 && empty.stderr.contains("empty"), "\(empty.stderr)")
        #expect(try cli.run(["delete", "--app", "", "--all"]).status == 2)
        #expect(
            try cli.run(["delete", "--app", "com.example.reviews", "--all", "--domain", "x"]).status == 2)
    }

    /// A deleted item's words are gone from the store's files, not only from search: the rows
    /// are overwritten and the index's segments purged before `delete` returns.
    @Test func deleteLeavesNoTraceInTheStoreFiles() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        for batch in 0..<3 { try cli.run(["donate", "-"], stdin: Self.filler(batch)) }
        try cli.run(
            ["donate", "-"],
            stdin:
                #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"secret","attributeSet":{"title":"Zebulonsecret plan","contentDescription":"meet the xylophonesecret","keywords":["quagmiresecret"]}}"#
        )
        for batch in 3..<6 { try cli.run(["donate", "-"], stdin: Self.filler(batch)) }
        let canaries = ["zebulonsecret", "xylophonesecret", "quagmiresecret"]
        func traces() -> Int { Self.traces(of: canaries, in: cli.store) }
        #expect(traces() > 0)
        let deleted = try cli.run(["delete", "--app", "com.example.notes", "--identifier", "secret"])
        #expect(deleted.status == 0 && deleted.stdout.contains("deleted 1"), "\(deleted.stderr)")
        #expect(traces() == 0)
        let kept = try cli.run(["search", "--json", "weekly", "--limit", "1000"])
        #expect((try kept.json() as? [Any])?.count == 240)
        #expect(try cli.run(["check"]).status == 0)
    }

    /// 40 items of the notes app, titled "Weekly report N", as NDJSON: batch `batch` of the
    /// ordinary text around a canary.
    static func filler(_ batch: Int) -> String {
        (0..<40).map {
            #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-\#(batch)-\#($0)","attributeSet":{"title":"Weekly report \#($0)","contentDescription":"ordinary text \#(batch)"}}"#
        }.joined(separator: "\n")
    }

    /// How often the words occur, ignoring case, in a store's files (the database, its log and
    /// its shared memory).
    static func traces(of words: [String], in store: String) -> Int {
        ["", "-wal", "-shm"].reduce(0) { sum, suffix in
            guard let data = FileManager.default.contents(atPath: store + suffix) else { return sum }
            let text = String(decoding: data.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
            return sum + words.reduce(0) { $0 + text.components(separatedBy: $1).count - 1 }
        }
    }

    /// An item that expired is purged from the store's files, index included, at a later
    /// `proactive donate`, with no daemon and no `proactive delete`: the donation removes it
    /// from the rows, and donate's upkeep purges its words (the first purge is due at once;
    /// later ones follow the schedule kept in the store).
    @Test func anExpiredItemsWordsArePurgedAtALaterDonation() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        // The item first, then enough donations that FTS5's own merges put its words in an
        // older segment, which the last donation's segment (with the deletion) does not reach.
        let expiry = Date().addingTimeInterval(8)
        try cli.run(
            ["donate", "-"],
            stdin:
                #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"soon","expirationDate":"\#(ISO8601DateFormatter().string(from: expiry))","attributeSet":{"title":"Zebulonsecret plan","contentDescription":"meet the xylophonesecret"}}"#
        )
        for batch in 0..<8 { try cli.run(["donate", "-"], stdin: Self.filler(batch)) }
        let canaries = ["zebulonsecret", "xylophonesecret"]
        #expect(Self.traces(of: canaries, in: cli.store) > 0)
        Thread.sleep(forTimeInterval: max(0, expiry.timeIntervalSinceNow) + 1)
        // Hidden from search once expired, before it leaves the rows.
        #expect((try cli.run(["search", "--json", "zebulonsecret"]).json() as? [Any])?.isEmpty == true)
        let before = Self.traces(of: canaries, in: cli.store)
        let later = try cli.run(["donate", "-"], stdin: Self.filler(8))
        #expect(later.status == 0, "\(later.stderr)")
        // The purge ran: the index's segments are merged and the file rewritten from its live
        // rows (a page rebuilt by a b-tree balance kept a copy of the item's first index
        // segment in its slack, which secure_delete does not reach).
        #expect(before > 0)
        #expect(Self.traces(of: canaries, in: cli.store) == 0)
        let kept = try cli.run(["search", "--json", "weekly", "--limit", "1000"])
        #expect((try kept.json() as? [Any])?.count == 360)
    }

    /// A donated text's control characters (a terminal escape sequence, line breaks) are not
    /// written to the terminal by the listing; `--json` keeps them, escaped.
    @Test func donatedControlCharactersNeverReachTheTerminal() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let documents = #"""
            {"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-1","attributeSet":{"title":"Harbour \u001b[2J\u001b]0;owned\u0007 notes","contentDescription":"line one\nline two\r\tend \u009b31m"}}
            """#
        #expect(try cli.run(["donate", "-"], stdin: documents).status == 0)
        // A rejection quoting a hostile field's name.
        let rejected = try cli.run(
            ["donate", "-"],
            stdin:
                #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-2","attributeSet":{"title\u001b[2J":1}}"#
        )
        #expect(rejected.status == 1)
        #expect(
            !rejected.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(rejected.stdout)")
        let listed = try cli.run(["search", "harbour"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(!listed.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!listed.stdout.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(listed.stdout)")
        #expect(lines.first?.hasPrefix("1. Harbour \u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD} notes") == true)
        #expect(lines.dropFirst().first == "   line one line two  end \u{FFFD}31m")
        let json = try cli.run(["search", "--json", "harbour"])
        let results = try #require(try json.json() as? [[String: Any]])
        #expect(results.first?["title"] as? String == "Harbour \u{1B}[2J\u{1B}]0;owned\u{7} notes")
    }

    /// A text spelling U+0000 (NUL) in JSON is refused by name and stores nothing: before, the
    /// store cut the text there, and every later search matching the item failed ("a stored
    /// text's row no longer has the columns it was compressed beside").
    @Test func aNULCharacterIsRefusedAndSearchKeepsWorking() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let documents = #"""
            {"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-1","attributeSet":{"title":"Harbour notes"}}
            {"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-2","attributeSet":{"title":"Harbour plan","contentDescription":"a\u0000b"}}
            {"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-3\u0000x","attributeSet":{"title":"Harbour walk"}}
            """#
        let out = try cli.run(["donate", "--json", "-"], stdin: documents)
        #expect(out.status == 1)
        let receipts = try #require(try out.json() as? [[String: Any]])
        #expect(receipts.map { $0["status"] as? String } == ["accepted", "rejected", "rejected"])
        #expect(receipts[1]["field"] as? String == "attributeSet.contentDescription")
        #expect(receipts[2]["field"] as? String == "uniqueIdentifier")
        #expect((receipts[1]["reason"] as? String)?.contains("U+0000") == true)
        let found = try cli.run(["search", "--json", "harbour"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(
            (try found.json() as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Harbour notes"]
        )
        #expect(try cli.run(["check"]).status == 0)
    }

    /// A key given twice in one object is refused by name and stores nothing: before, the first
    /// value was taken silently (a proxy reading the last one would have seen another app).
    @Test func aKeyGivenTwiceIsRefusedByName() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let documents = #"""
            {"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-1","attributeSet":{"title":"Harbour notes"}}
            {"type":"searchableItem","app":"com.example.notes","app":"com.example.other","uniqueIdentifier":"n-2","attributeSet":{"title":"Harbour plan"}}
            {"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n-3","attributeSet":{"title":"Harbour walk","\u0074itle":"Quay"}}
            """#
        let out = try cli.run(["donate", "--json", "-"], stdin: documents)
        #expect(out.status == 1)
        let receipts = try #require(try out.json() as? [[String: Any]])
        #expect(receipts.map { $0["status"] as? String } == ["accepted", "rejected", "rejected"])
        #expect(receipts.map { $0["field"] as? String } == [nil, "app", "attributeSet.title"])
        #expect((receipts[1]["reason"] as? String)?.contains("twice") == true)
        let found = try cli.run(["search", "--json", "harbour"])
        #expect(
            (try found.json() as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Harbour notes"]
        )
    }

    @Test func usageErrorsExitTwo() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        #expect(try cli.run(["search", "--at", "yesterday", "x"]).status == 2)
        #expect(try cli.run(["frobnicate"]).status == 2)
        #expect(try cli.run(["search", "--limit", "many", "x"]).status == 2)
        // A directory is not a file of documents: before, it read as an empty one ("0 documents").
        let directory = try cli.run(["donate", NSTemporaryDirectory()])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("it is a directory"), "\(directory.stderr)")
        #expect(try cli.run(["client-state", "--app", ""]).status == 2)
        let impossible = try cli.run(["search", "--at", "2026-02-30T00:00:00Z", "x"])
        #expect(impossible.status == 2)
        #expect(impossible.stderr.contains("2026-02-30 is not a date"), "\(impossible.stderr)")
    }

    @Test func continueDeliversThePayloadOrTheWebpage() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let out = try cli.run(["donate", "--json", "-"], stdin: Self.documents)
        let id = try #require((try out.json() as? [[String: Any]])?[1]["id"] as? String)
        let continued = try cli.run(["continue", "--json", id, "--at", "2026-11-21T12:05:00Z"])
        let payload = try #require(try continued.json() as? [String: Any])
        #expect(payload["action"] as? String == "launchApp")
        #expect(
            ((payload["activity"] as? [String: Any])?["userInfo"] as? [String: Any])?["restaurantID"]
                as? String == "42")
        let web = try cli.run(["continue", "--json", "--without-app", id, "--at", "2026-11-21T12:05:00Z"])
        #expect((try web.json() as? [String: Any])?["url"] as? String == "https://www.yanksing.com/")
    }
}

/// `proactive extract`, as a developer checking their page would use it.
@Suite struct ExtractTests {
    @Test func printsEntitiesAndPlacesAsJSON() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let html = """
            <html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"CafeOrCoffeeShop","name":"Caffè Greco",
             "address":{"@type":"PostalAddress","streetAddress":"Via dei Condotti 86","addressLocality":"Roma","postalCode":"00187","addressCountry":"IT"},
             "geo":{"@type":"GeoCoordinates","latitude":"41.9057","longitude":"12.4807"}}
            </script></head><body></body></html>
            """
        let out = try cli.run(["extract", "-"], stdin: html)
        #expect(out.status == 0, "\(out.stderr)")
        let json = try #require(try out.json() as? [String: Any])
        let places = try #require(json["places"] as? [[String: Any]])
        #expect(places.first?["name"] as? String == "Caffè Greco")
        #expect(places.first?["locality"] as? String == "Roma")
        #expect(places.first?["latitude"] as? Double == 41.9057)
        #expect((json["entities"] as? [[String: Any]])?.isEmpty == false)
        #expect(try cli.run(["extract", "/nonexistent.html"]).status == 2)
    }
}
