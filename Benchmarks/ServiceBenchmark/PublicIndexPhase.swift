import BenchmarkSupport
import Foundation
import PostgresNIO
import Proactive
import ProactivePostgres
import ProactiveStorage
import ProactiveText

/// 6. The public index: what counting one contribution costs a donation, and search with many
/// public entries beside the private items.
extension ServiceBenchmark {
    static let publicApp = "com.example.bench.guides"

    /// An activity of a guide page, eligible for public indexing or not.
    func guideActivity(page: Int, user: String, eligible: Bool, identity: String) -> Data {
        Data(
            #"{"type":"activity","app":"\#(Self.publicApp)","activityType":"\#(Self.publicApp).page","title":"Guide \#(page) museum opening hours","webpageURL":"https://guides.example.com/\#(eligible ? "" : "private/")\#(page)?utm_source=\#(user)","persistentIdentifier":"\#(identity)","keywords":["museum","guide"],"userInfo":{"visitor":"\#(user)"},"isEligibleForSearch":true,"isEligibleForPublicIndexing":\#(eligible)}"#
                .utf8)
    }

    /// Donations of one activity each, by users in turn: eligible for public indexing (each one
    /// counted in its page's public entry) and, in the same run, the same activities not
    /// eligible (the baseline: the donation without the counting).
    func contributionCost(count: Int) throws {
        try engine.donate(documents: [
            Data(
                #"{"type":"app","bundleIdentifier":"\#(Self.publicApp)","name":"Guides","activityTypes":["\#(Self.publicApp).page"]}"#
                    .utf8)
        ])
        // Declarations are reread within a second.
        Thread.sleep(forTimeInterval: 1.2)
        let pages = max(count / 5, 1)
        var counted = Latencies()
        var plain = Latencies()
        for i in 0..<count {
            let user = userName(i % options.users)
            let e = engine(for: user)
            let page = i % pages
            var t = ContinuousClock.now
            let receipts = try e.donate(documents: [
                guideActivity(page: page, user: user, eligible: true, identity: "public-\(page)")
            ])
            counted.add(ContinuousClock.now - t)
            guard receipts.first?.status == .accepted || receipts.first?.status == .merged else {
                throw BenchmarkError("a guide activity was refused: \(receipts)")
            }
            t = ContinuousClock.now
            _ = try e.donate(documents: [
                guideActivity(page: page, user: user, eligible: false, identity: "private-\(page)")
            ])
            plain.add(ContinuousClock.now - t)
        }
        say(
            "donation of an activity eligible for public indexing (counted in its page's entry; \(count) donations, \(pages) pages): \(counted.summary)"
        )
        say("the same donation not eligible (baseline, same run): \(plain.summary)")
        figures.append(
            Figure(
                figure: "cost of counting a public contribution (one activity per donation, p50 / p99)",
                value: String(format: "%.2f / %.2f ms", counted.percentile(0.5), counted.percentile(0.99)),
                baseline: String(format: "%.2f / %.2f ms", plain.percentile(0.5), plain.percentile(0.99)),
                ratio: String(
                    format: "+%.2f ms (p50)", counted.percentile(0.5) - plain.percentile(0.5))))
    }

    /// Adds `count` public entries, each with five contributors (so every user's search may
    /// find them), with COPY, in the rows the backend writes: the consensus fields of corpus
    /// documents, their index form, and their words as a `tsvector` without a user key.
    func addPublicEntries(_ count: Int) async throws {
        let start = ContinuousClock.now
        var text = ""
        var generator = try Corpus(seedsDirectory: options.seeds, seed: 23)
        for i in 0..<count {
            let d = generator.document(i)
            let fields = PublicContribution(
                key: PublicEntryKey(app: EntryRow.app, key: "url:https://example.org/public/\(i)"),
                activityType: "\(EntryRow.app).page", title: d.title, description: d.description,
                keywords: d.keywords.split(separator: " ").joined(separator: ", "),
                url: "https://example.org/public/\(i)")
            let indexed = fields.indexedText
            let words = SearchLexemes.words(indexed, key: "", prefixes: true).all.sorted()
            func field(_ s: String?) -> String {
                guard let s else { return "\\N" }
                return s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                    of: "\t", with: "\\t"
                )
                .replacingOccurrences(of: "\n", with: "\\n")
            }
            let vector = words.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(
                separator: " ")
            text +=
                [
                    field(fields.key.app), field(fields.key.key), "5", field(fields.activityType),
                    field(fields.title),
                    field(fields.description), field(fields.keywords), field(fields.url),
                    field(indexed.title),
                    field(indexed.keywords), field(indexed.description), field(vector),
                ].joined(separator: "\t") + "\n"
        }
        var buffer = ByteBuffer()
        buffer.writeString(text)
        let data = buffer
        try await admin.copyFrom(
            table: "public_entry",
            columns: [
                "app", "key", "contributors", "activity_type", "title", "description", "keywords", "url",
                "fts_title", "fts_keywords", "fts_description", "search_all",
            ], logger: quietLogger
        ) { writer in try await writer.write(data) }
        try await Direct.run(admin, "VACUUM (ANALYZE) public_entry")
        let checkpoint = try await Direct.checkpoint(admin)
        say(
            String(
                format:
                    "%d public entries (5 contributors each) copied into public_entry, then VACUUM (ANALYZE) and %@, in %.1f s",
                count, checkpoint, (ContinuousClock.now - start).seconds))
    }
}
