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
                return .failure(
                    DonationError(
                        code: .tooLarge, field: nil,
                        reason: "the document is \(data.count) bytes; at most \(limits.maxPageVisitBytes)"))
            }
            do throws(DonationError) {
                let donation = try DonationCoding.decode(data, using: decoder)
                if donation.type != "pageVisit" && data.count > limits.maxDocumentBytes {
                    throw DonationError(
                        code: .tooLarge, field: nil,
                        reason: "the document is \(data.count) bytes; at most \(limits.maxDocumentBytes)")
                }
                return .success(donation)
            } catch {
                return .failure(error)
            }
        }
        return ParsedDocuments(results: results, sources: documents)
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
        try donate(parse(documents: documents), donor: donor, now: now, firstIndex: firstIndex)
    }

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
            try tx.purgeExpired(now: now)
            var all: [[DonationReceipt]] = []
            for (donations, sources, donor, firstIndex) in groups {
                var receipts: [DonationReceipt] = []
                receipts.reserveCapacity(donations.count)
                for (offset, result) in donations.enumerated() {
                    let index = firstIndex + offset
                    switch result {
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
                }
                all.append(receipts)
            }
            try tx.deleteEvents(before: now.addingTimeInterval(-configuration.eventRetention))
            return all
        }
        apps.withLock { $0 = declared }
        return receipts
    }

    private func ingest(
        _ donation: Donation, source: Data?, index: Int, donor: Donor, now: Date,
        declared: inout [String: App],
        tx: any StorageTransaction
    ) throws -> DonationReceipt {
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
        var receipt = DonationReceipt(index: index, status: .accepted, type: donation.type, app: donation.app)
        if !warnings.isEmpty { receipt.warnings = warnings }
        switch donation.content {
        case .app(let declaration):
            let known = try tx.saveApp(
                bundleIdentifier: declaration.bundleIdentifier, name: declaration.name,
                declaration: EntryDrafts.payload(declaration), at: at)
            declared[declaration.bundleIdentifier] = declaration
            receipt.status = known ? .merged : .accepted
            receipt.became = "app"
            receipt.id = "app/\(declaration.bundleIdentifier)"
        case .activity(let activity, let current):
            let bundle = donation.app!
            let result = try tx.upsertEntry(
                EntryDrafts.activity(activity, app: bundle, at: at, payload: payload))
            if current { try tx.makeCurrent(entryID: result.id, app: bundle) }
            let suggestible = activity.isEligibleForSearch || activity.isEligibleForPrediction || current
            receipt.places = try recordPlaces(
                suggestible
                    ? PlaceCatalog.places(
                        activity: activity, attributeSet: activity.contentAttributeSet, page: nil,
                        phoneRegion: configuration.phoneRegion) : [],
                entryID: result.id, app: bundle, activityType: activity.activityType,
                url: activity.webpageURL, at: at,
                expiresAt: activity.expirationDate, tx: tx)
            receipt.status = result.merged ? .merged : .accepted
            receipt.became = "activity"
            receipt.id = "activity/\(result.id)"
            receipt.expiresAt = activity.expirationDate
        case .searchableItem(let item):
            let draft = EntryDrafts.item(
                item, app: donation.app!, at: at, defaultLifetime: configuration.defaultItemLifetime,
                payload: payload)
            let result = try tx.upsertEntry(draft)
            receipt.places = try recordPlaces(
                PlaceCatalog.places(
                    activity: nil, attributeSet: item.attributeSet, page: nil,
                    phoneRegion: configuration.phoneRegion),
                entryID: result.id, app: donation.app!, activityType: nil, url: item.attributeSet.contentURL,
                at: at,
                expiresAt: draft.expiresAt, tx: tx)
            receipt.status = result.merged ? .merged : .accepted
            receipt.became = "searchableItem"
            receipt.id = "item/\(result.id)"
            receipt.expiresAt = draft.expiresAt
        case .searchableItemBatch(let batch):
            let bundle = donation.app!
            let stored = try tx.clientState(app: bundle)
            if let expected = batch.expectedClientState, expected != stored {
                throw DonationError(
                    code: .clientStateMismatch, field: "expectedClientState",
                    reason: "does not match the client state stored with the app's last batch")
            }
            try tx.deleteItems(app: bundle, uniqueIdentifiers: batch.deletedIdentifiers)
            for item in batch.items {
                let draft = EntryDrafts.item(
                    item, app: bundle, at: at, defaultLifetime: configuration.defaultItemLifetime)
                let result = try tx.upsertEntry(draft)
                _ = try recordPlaces(
                    PlaceCatalog.places(
                        activity: nil, attributeSet: item.attributeSet, page: nil,
                        phoneRegion: configuration.phoneRegion),
                    entryID: result.id, app: bundle, activityType: nil, url: item.attributeSet.contentURL,
                    at: at,
                    expiresAt: draft.expiresAt, tx: tx)
            }
            try tx.saveClientState(batch.clientState, app: bundle, at: at)
            receipt.became = "searchableItemBatch"
            receipt.id = "batch/\(bundle)"
        case .interaction(let interaction, let activity):
            let bundle = donation.app!
            let people = interaction.people.map {
                InteractionPerson(
                    key: PersonKey.make($0, region: configuration.phoneRegion), displayName: $0.displayName)
            }
            let id = try tx.insertInteraction(
                InteractionDraft(
                    app: bundle, at: at, kind: interaction.intent.kind.rawValue,
                    direction: interaction.direction.rawValue,
                    outcome: interaction.outcome.rawValue, identifier: interaction.identifier,
                    groupIdentifier: interaction.groupIdentifier, payload: EntryDrafts.payload(interaction),
                    people: people))
            if let activity { try tx.upsertEntry(EntryDrafts.activity(activity, app: bundle, at: at)) }
            receipt.became = "interaction"
            receipt.id = "interaction/\(id)"
        case .pageVisit(let visit):
            var page = StoredPage(url: visit.url, title: visit.title, description: nil, places: [])
            if let html = visit.html, !html.isEmpty {
                let extraction: PageExtraction
                do {
                    extraction = try MarkupExtractor().extract(html: html, url: visit.url)
                } catch {
                    throw DonationError(
                        code: error.code == .pageTooLarge ? .tooLarge : .invalidValue, field: "html",
                        reason: error.message)
                }
                page.title = visit.title ?? extraction.title
                page.description = extraction.description
                page.places = extraction.places
            }
            let addresses = page.places.map { place in
                [
                    place.name, place.streetAddress, place.addressText, place.locality, place.region,
                    place.postalCode, place.country,
                ]
                .compactMap { $0 }.joined(separator: " ")
            }
            let draft = EntryDrafts.page(
                visit, app: donation.app!, at: at, lifetime: configuration.pageLifetime, title: page.title,
                description: page.description,
                address: addresses.isEmpty ? nil : addresses.joined(separator: " "),
                payload: EntryDrafts.payload(page))
            let result = try tx.upsertEntry(draft)
            receipt.places = try recordPlaces(
                PlaceCatalog.places(
                    activity: nil, attributeSet: nil, page: page, phoneRegion: configuration.phoneRegion),
                entryID: result.id, app: donation.app!, activityType: nil, url: visit.url, at: at,
                expiresAt: draft.expiresAt, tx: tx)
            receipt.status = result.merged ? .merged : .accepted
            receipt.became = "page"
            receipt.id = "page/\(result.id)"
            receipt.expiresAt = draft.expiresAt
        case .nowPlaying(let info):
            let payload = EntryDrafts.payload(info)
            try tx.saveNowPlaying(app: donation.app!, at: at, state: info.state.rawValue, payload: payload)
            try tx.insertEvent(
                at: at, kind: ContextModels.nowPlayingKind, app: donation.app, payload: payload)
            receipt.became = "nowPlaying"
            receipt.id = "nowPlaying/\(donation.app!)"
        case .event(let event):
            let id = try tx.insertEvent(
                at: at, kind: event.event.rawValue, app: event.app, payload: EntryDrafts.payload(event))
            if event.event == .suggestionEngaged, let target = event.id,
                let entryID = EntryReference(target)?.entryID
            {
                try tx.recordEngagement(entryID: entryID, at: at)
            }
            if event.event == .suggestionEngaged || event.event == .suggestionDismissed,
                let target = event.id, target.hasPrefix("reminder/"),
                let reminder = Int64(target.dropFirst(9))
            {
                try tx.completeReminder(id: reminder, at: at)
            }
            receipt.became = "event"
            receipt.id = "event/\(id)"
        }
        return receipt
    }

    /// Stores the places an entry describes (replacing what it described before); returns
    /// their names for the receipt.
    private func recordPlaces(
        _ places: [(place: Place, navigable: Bool)], entryID: Int64, app: String, activityType: String?,
        url: String?,
        at: Date, expiresAt: Date?, tx: any StorageTransaction
    ) throws -> [String]? {
        try tx.replacePlaceSightings(
            entryID: entryID,
            with: PlaceCatalog.records(
                places, entryID: entryID, app: app, activityType: activityType, url: url, seenAt: at,
                expiresAt: expiresAt))
        return places.isEmpty ? nil : places.map(\.place.name)
    }
}
