import Foundation
import ProactiveMarkup
import ProactiveModel
import ProactiveStorage
import Synchronization

extension ProactiveEngine {
    /// Parses JSON documents (one per element) into donations, checking their size; pure and
    /// thread-safe, so callers may parse the next batch while the previous one is written.
    public func parse(documents: [Data]) -> ParsedDocuments {
        let decoder = DonationCoding.makeDecoder()
        let limits = configuration.limits
        let results: [Result<Donation, DonationError>] = documents.map { data in
            guard data.count <= limits.maxPageVisitBytes else {
                return .failure(Self.tooLarge(data, limit: limits.maxPageVisitBytes))
            }
            do throws(DonationError) {
                let donation = try DonationCoding.decode(data, using: decoder)
                if donation.type != "pageVisit" && data.count > limits.maxDocumentBytes {
                    throw Self.tooLarge(data, limit: limits.maxDocumentBytes)
                }
                return .success(donation)
            } catch {
                return .failure(error)
            }
        }
        // The entries' payloads are their documents' text: the storage prepares storing them
        // here, on the parsing thread, not on the one that writes (when it prepares anything).
        if storage.preparesPayloads {
            storage.prepareToStore(
                zip(results, documents).compactMap { result, data in
                    guard case .success(let donation) = result else { return nil }
                    return EntryDrafts.payloadDraft(donation, document: data)
                })
        }
        return ParsedDocuments(results: results, sources: documents)
    }

    /// The rejection of a document over `limit` bytes, naming its largest field (see
    /// `JSONValue.largestField`) when it is JSON.
    static func tooLarge(_ data: Data, limit: Int) -> DonationError {
        let reason = "the document is \(data.count) bytes; at most \(limit)"
        guard let document = try? JSONDecoder().decode(JSONValue.self, from: data),
            let (field, bytes) = document.largestField
        else { return DonationError(code: .tooLarge, field: nil, reason: reason) }
        return DonationError(
            code: .tooLarge, field: field, reason: "\(reason), of which \(field) takes \(bytes)")
    }

    /// Donates JSON documents (one document per element), in one transaction.
    ///
    /// Each document succeeds or fails on its own; the receipts say which, in input order.
    /// When this returns, every accepted or merged document has been committed to disk.
    /// - Parameters:
    ///   - documents: the documents' JSON bytes.
    ///   - donor: who donates; an app may only donate for itself.
    ///   - now: the time for documents without `at` (default: the clock).
    ///   - firstIndex: the index of the first document in the caller's input, for receipts.
    @discardableResult
    public func donate(documents: [Data], donor: Donor = .system, now: Date? = nil, firstIndex: Int = 0)
        throws
        -> [DonationReceipt]
    {
        try donate(parseInHalves(documents), donor: donor, now: now, firstIndex: firstIndex)
    }

    /// Parses a batch of at least ``parallelParseMinimum`` documents as two halves at once (the
    /// results as ``parse(documents:)`` gives them, in order).
    ///
    /// Parsing was a sixth of a batch's time through ``donate(documents:donor:now:firstIndex:)``
    /// on PostgreSQL (items are now read straight from their bytes, a few percent), and the
    /// database has nothing to do until it is done: a second core halves that wait
    /// (docs/benchmarks.md, "Service on PostgreSQL").
    func parseInHalves(_ documents: [Data]) -> ParsedDocuments {
        guard documents.count >= Self.parallelParseMinimum else { return parse(documents: documents) }
        let middle = documents.count / 2
        let halves = [Array(documents[..<middle]), Array(documents[middle...])]
        let parsed = Mutex<[ParsedDocuments?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let result = parse(documents: halves[half])
            parsed.withLock { $0[half] = result }
        }
        let (first, second) = parsed.withLock { ($0[0]!, $0[1]!) }
        return ParsedDocuments(
            results: first.results + second.results, sources: first.sources + second.sources)
    }

    /// The fewest documents ``parseInHalves(_:)`` parses on two threads.
    static let parallelParseMinimum = 64

    /// Donates parsed documents (see ``parse(documents:)``), in one transaction.
    public func donate(
        _ parsed: ParsedDocuments, donor: Donor = .system, now: Date? = nil, firstIndex: Int = 0
    ) throws
        -> [DonationReceipt]
    {
        try donate(parsed.results, sources: parsed.sources, donor: donor, now: now, firstIndex: firstIndex)
    }

    /// Donates one value.
    @discardableResult
    public func donate(_ donation: Donation, donor: Donor = .system, now: Date? = nil) throws
        -> DonationReceipt
    {
        try donate([.success(donation)], donor: donor, now: now)[0]
    }

    /// Donates values (or documents that failed to parse), in one transaction.
    public func donate(
        _ donations: [Result<Donation, DonationError>], donor: Donor = .system, now: Date? = nil,
        firstIndex: Int = 0
    ) throws -> [DonationReceipt] {
        try donate(donations, sources: [], donor: donor, now: now, firstIndex: firstIndex)
    }

    /// Donates the parsed documents of several donors in one transaction (a daemon commits
    /// the documents of concurrent requests together); returns each group's receipts.
    public func donate(_ groups: [(parsed: ParsedDocuments, donor: Donor)], now: Date? = nil) throws
        -> [[DonationReceipt]]
    {
        try donate(
            groups.map {
                (donations: $0.parsed.results, sources: $0.parsed.sources, donor: $0.donor, firstIndex: 0)
            },
            now: now)
    }

    /// Donates parsed documents; `sources` (when given) are their original JSON bytes, stored
    /// as the entries' payloads instead of re-encoding the decoded values.
    func donate(
        _ donations: [Result<Donation, DonationError>], sources: [Data], donor: Donor, now: Date?,
        firstIndex: Int
    ) throws -> [DonationReceipt] {
        try donate([(donations, sources, donor, firstIndex)], now: now)[0]
    }

    /// Donates groups of documents, each with its donor, in one transaction.
    func donate(
        _ groups: [(
            donations: [Result<Donation, DonationError>], sources: [Data], donor: Donor, firstIndex: Int
        )],
        now: Date?
    ) throws -> [[DonationReceipt]] {
        let now = now ?? self.now
        var declared = apps.withLock { $0 }
        let receipts = try storage.write(user: user) { tx in
            // Expired entries go first (what follows sees them gone); on PostgreSQL the server
            // deletes them while the first documents are checked and staged.
            let purged = try tx.submitPurgeExpired(now: now)
            var all: [[DonationReceipt]] = []
            for (donations, sources, donor, firstIndex) in groups {
                var receipts: [DonationReceipt] = []
                receipts.reserveCapacity(donations.count)
                var offset = 0
                while offset < donations.count {
                    // A run of documents that only write an entry and its places is staged, then
                    // written with a few statements; any other document is ingested on its own.
                    var end = offset
                    while end < donations.count, Self.isStageable(donations[end]) { end += 1 }
                    if end - offset > 1 {
                        receipts += try ingestRun(
                            donations[offset..<end], sources: sources, offset: offset, firstIndex: firstIndex,
                            donor: donor, now: now, declared: declared, tx: tx)
                        offset = end
                        continue
                    }
                    let index = firstIndex + offset
                    switch donations[offset] {
                    case .failure(let error):
                        receipts.append(.rejected(index: index, type: nil, app: nil, error: error))
                    case .success(let donation):
                        do {
                            receipts.append(
                                try ingest(
                                    donation, source: offset < sources.count ? sources[offset] : nil,
                                    index: index,
                                    donor: donor, now: now, declared: &declared, tx: tx))
                        } catch let error as DonationError {
                            receipts.append(
                                .rejected(index: index, type: donation.type, app: donation.app, error: error))
                        }
                    }
                    offset += 1
                }
                all.append(receipts)
            }
            if try purged.value() > 0 {
                try reconcilePublicContributions(tx, user: user, now: now)
            }
            try tx.deleteEvents(before: now.addingTimeInterval(-configuration.eventRetention))
            return all
        }
        apps.withLock { $0 = declared }
        return receipts
    }

    /// Whether a document can be staged with others (see ``ingestRun``): one that failed to
    /// parse, an item, or an activity that is not made current; they change nothing that
    /// another document's validation reads (app declarations).
    static func isStageable(_ result: Result<Donation, DonationError>) -> Bool {
        switch result {
        case .failure: return true
        case .success(let donation):
            switch donation.content {
            case .searchableItem, .activity(_, false): return true
            default: return false
            }
        }
    }

    /// Ingests a run of stageable documents (see ``isStageable(_:)``): each is checked and
    /// turned into its entry and places as ``ingest`` would, then the entries are written with
    /// ``EntryStorage/submitEntries(_:)`` and their places with
    /// ``PlaceStorage/replacePlaceSightings(_:)``. The run goes in parts, each twice the one
    /// before (``ingestPart``): while the storage writes one part (on PostgreSQL the server
    /// works while `submitEntries` has returned), the next is staged and submitted, then the
    /// previous one lands; the places of the whole run are written at its end, with one call.
    /// The receipts are the ones ingesting the documents one by one gives.
    private func ingestRun(
        _ run: ArraySlice<Result<Donation, DonationError>>, sources: [Data], offset: Int, firstIndex: Int,
        donor: Donor, now: Date, declared: [String: App], tx: any StorageTransaction
    ) throws -> [DonationReceipt] {
        var receipts: [DonationReceipt] = []
        receipts.reserveCapacity(run.count)
        typealias Part = (staged: [(position: Int, entry: StagedEntry)], writes: PendingEntryWrites)
        var inFlight: Part?
        // Every part's place sightings, written together once the run's entries are (an entry
        // written twice keeps its last sightings).
        var sightings: [(entryID: Int64, records: [PlaceSightingRecord])] = []
        // The entries this run created: none has sightings stored yet (they are written at the
        // run's end), so none needs its old ones deleted.
        var created: Set<Int64> = []
        // Reads the results of a part submitted before, keeps its places and completes its
        // receipts.
        func land(_ part: Part?) throws {
            guard let (staged, writes) = part else { return }
            let results = try writes.results()
            for (staged, result) in zip(staged, results) {
                sightings.append((entryID: result.id, records: staged.entry.records(entryID: result.id)))
                if !result.merged { created.insert(result.id) }
                receipts[staged.position] = staged.entry.receipt(for: result)
                try contribute(staged.entry, tx: tx)
            }
        }
        var partStart = run.startIndex
        var partSize = Self.ingestPart
        while partStart < run.endIndex {
            let part = run[partStart..<min(partStart + partSize, run.endIndex)]
            partSize = min(partSize * 2, Self.largestIngestPart)
            var staged: [(position: Int, entry: StagedEntry)] = []
            staged.reserveCapacity(part.count)
            for (position, result) in zip(part.indices, part) {
                let local = position - run.startIndex
                let index = firstIndex + offset + local
                switch result {
                case .failure(let error):
                    receipts.append(.rejected(index: index, type: nil, app: nil, error: error))
                case .success(let donation):
                    let source = offset + local < sources.count ? sources[offset + local] : nil
                    do {
                        let (receipt, at, payload) = try admit(
                            donation, source: source, index: index, donor: donor, now: now, declared: declared
                        )
                        let entry: StagedEntry
                        switch donation.content {
                        case .searchableItem(let item):
                            entry = stageSearchableItem(
                                item: item, donation: donation, payload: payload, at: at, receipt: receipt)
                        case .activity(let activity, let current):
                            entry = stageActivity(
                                activity: activity, current: current, donation: donation, payload: payload,
                                at: at,
                                receipt: receipt)
                        default:
                            preconditionFailure("only stageable documents are staged")
                        }
                        staged.append((receipts.count, entry))
                        receipts.append(receipt)
                    } catch let error as DonationError {
                        receipts.append(
                            .rejected(index: index, type: donation.type, app: donation.app, error: error))
                    }
                }
            }
            // This part is sent before the previous one lands: the storage works on it while the
            // previous part's places and receipts are made (on PostgreSQL, its rows are also
            // built before waiting for the previous part's results).
            let previous = inFlight
            inFlight = staged.isEmpty ? nil : (staged, try tx.submitEntries(staged.map(\.entry.draft)))
            try land(previous)
            partStart = part.endIndex
        }
        try land(inFlight)
        if !sightings.isEmpty { try tx.replacePlaceSightings(sightings, newEntryIDs: created) }
        return receipts
    }

    /// How many documents the first part of a run holds (50: two parts of a 100-document
    /// donation still overlap). Each next part holds twice as many, up to
    /// ``largestIngestPart``: on PostgreSQL the server takes longer to write a part than the
    /// engine to stage one twice as large, so the overlap stays while a 300-document donation
    /// takes 3 statements instead of 6 (docs/benchmarks.md, "Items read straight from their
    /// bytes").
    static let ingestPart = 50
    /// The most documents of a run staged and submitted together.
    static let largestIngestPart = 800

    /// The checks every document passes before it is written (the donor may act for its app,
    /// the app is declared when it must be, the value is valid); returns its receipt so far
    /// (with its warnings), its date and its payload.
    private func admit(
        _ donation: Donation, source: Data?, index: Int, donor: Donor, now: Date, declared: [String: App]
    ) throws -> (receipt: DonationReceipt, at: Date, payload: String?) {
        let payload = source.map { String(decoding: $0, as: UTF8.self) }
        guard donor.mayAct(for: donation.app) else {
            throw DonationError(code: .forbidden, field: "app", reason: "an app may only donate for itself")
        }
        if case .event = donation.content, case .app = donor {
            throw DonationError(
                code: .forbidden, field: "type",
                reason:
                    "context events (launches, connections, locations, feedback) come from the system, not from an app"
            )
        }
        let at = donation.at ?? now
        let app = donation.app.flatMap { declared[$0] }
        if configuration.requiresDeclaredApps, app == nil, let bundle = donation.app {
            switch donation.content {
            case .activity, .interaction(_, activity: .some):
                throw DonationError(
                    code: .unknownApp, field: "app",
                    reason:
                        "\(bundle) has not declared itself; donate an app document with its activityTypes first"
                )
            default: break
            }
        }
        let warnings = try donation.validate(declaringApp: app, limits: configuration.limits)
        try Self.rejectExpired(donation, at: at)
        var receipt = DonationReceipt(index: index, status: .accepted, type: donation.type, app: donation.app)
        if !warnings.isEmpty { receipt.warnings = warnings }
        return (receipt, at, payload)
    }

    /// Refuses an item or activity whose expiration date is not after `at`, the moment it is
    /// donated (the document's `at`, else the engine's clock): it would be stored, reported
    /// accepted and never found, and a later purge would delete it unseen. An app that means to
    /// remove one deletes it.
    static func rejectExpired(_ donation: Donation, at: Date) throws(DonationError) {
        func check(_ date: Date?, field: String) throws(DonationError) {
            guard let date, date <= at else { return }
            throw DonationError(
                code: .invalidValue, field: field,
                reason:
                    "\(DonationCoding.formatDate(date)) has passed when it is donated "
                    + "(\(DonationCoding.formatDate(at))): it would never be found; to remove what was donated, delete it"
            )
        }
        switch donation.content {
        case .searchableItem(let item): try check(item.expirationDate, field: "expirationDate")
        case .activity(let activity, _): try check(activity.expirationDate, field: "expirationDate")
        case .interaction(_, let activity?):
            try check(activity.expirationDate, field: "activity.expirationDate")
        case .searchableItemBatch(let batch):
            for (position, item) in batch.items.enumerated() {
                try check(item.expirationDate, field: "items[\(position)].expirationDate")
            }
        default: break
        }
    }

    private func ingest(
        _ donation: Donation, source: Data?, index: Int, donor: Donor, now: Date,
        declared: inout [String: App],
        tx: any StorageTransaction
    ) throws -> DonationReceipt {
        let admitted = try admit(
            donation, source: source, index: index, donor: donor, now: now, declared: declared)
        let (at, payload) = (admitted.at, admitted.payload)
        var receipt = admitted.receipt
        switch donation.content {
        case .app(let declaration):
            try ingestApp(
                declaration: declaration, donation: donation, payload: payload, at: at, declared: &declared,
                receipt: &receipt, tx: tx)
        case .activity(let activity, let current):
            try ingestActivity(
                activity: activity, current: current, donation: donation, payload: payload, at: at,
                declared: &declared,
                receipt: &receipt, tx: tx)
        case .searchableItem(let item):
            try ingestSearchableItem(
                item: item, donation: donation, payload: payload, at: at, declared: &declared,
                receipt: &receipt, tx: tx)
        case .searchableItemBatch(let batch):
            try ingestBatch(
                batch: batch, donation: donation, payload: payload, at: at, declared: &declared,
                receipt: &receipt, tx: tx)
        case .interaction(let interaction, let activity):
            try ingestInteraction(
                interaction: interaction, activity: activity, donation: donation, payload: payload, at: at,
                declared: &declared,
                receipt: &receipt, tx: tx)
        case .pageVisit(let visit):
            try ingestPageVisit(
                visit: visit, donation: donation, payload: payload, at: at, declared: &declared,
                receipt: &receipt, tx: tx)
        case .nowPlaying(let info):
            try ingestNowPlaying(
                info: info, donation: donation, payload: payload, at: at, declared: &declared,
                receipt: &receipt, tx: tx)
        case .event(let event):
            try ingestEvent(
                event: event, donation: donation, payload: payload, at: at, declared: &declared,
                receipt: &receipt, tx: tx)
        }
        return receipt
    }
}
