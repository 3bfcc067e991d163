import Foundation
import ProactiveMarkup
import ProactiveModel
import ProactiveStorage

/// One handler per kind of donated document, each writing in the donation's transaction and
/// filling in its receipt.
extension ProactiveEngine {
    /// An app declaration: its activity types and what it supports.
    func ingestApp(
        declaration: App, donation: Donation, payload: String?, at: Date, declared: inout [String: App],
        receipt: inout DonationReceipt, tx: any StorageTransaction
    ) throws {
        let known = try tx.saveApp(
            bundleIdentifier: declaration.bundleIdentifier, name: declaration.name,
            declaration: EntryDrafts.payload(declaration), at: at)
        declared[declaration.bundleIdentifier] = declaration
        receipt.status = known ? .merged : .accepted
        receipt.became = "app"
        receipt.id = "app/\(declaration.bundleIdentifier)"
    }

    /// A user activity (becoming current or saved), with the places it describes.
    func ingestActivity(
        activity: UserActivity, current: Bool, donation: Donation, payload: String?, at: Date,
        declared: inout [String: App],
        receipt: inout DonationReceipt, tx: any StorageTransaction
    ) throws {
        let staged = stageActivity(
            activity: activity, current: current, donation: donation, payload: payload, at: at,
            receipt: receipt)
        let result = try tx.upsertEntry(staged.draft)
        if current { try tx.makeCurrent(entryID: result.id, app: staged.draft.app) }
        try tx.replacePlaceSightings(entryID: result.id, with: staged.records(entryID: result.id))
        try contribute(staged, tx: tx)
        receipt = staged.receipt(for: result)
    }

    /// Writes a staged activity's contribution to the public index.
    func contribute(_ staged: StagedEntry, tx: any StorageTransaction) throws {
        guard let contribution = staged.publicContribution, let contributor = publicContributor(for: user)
        else {
            return
        }
        try tx.contributePublic(contribution, contributor: contributor)
    }

    /// An indexed item, with the places it describes.
    func ingestSearchableItem(
        item: SearchableItem, donation: Donation, payload: String?, at: Date, declared: inout [String: App],
        receipt: inout DonationReceipt, tx: any StorageTransaction
    ) throws {
        let staged = stageSearchableItem(
            item: item, donation: donation, payload: payload, at: at, receipt: receipt)
        let result = try tx.upsertEntry(staged.draft)
        try tx.replacePlaceSightings(entryID: result.id, with: staged.records(entryID: result.id))
        receipt = staged.receipt(for: result)
    }

    /// What an activity's document writes: its entry and, when it can be suggested, its places.
    func stageActivity(
        activity: UserActivity, current: Bool, donation: Donation, payload: String?, at: Date,
        receipt: DonationReceipt
    ) -> StagedEntry {
        let bundle = donation.app!
        let suggestible = activity.isEligibleForSearch || activity.isEligibleForPrediction || current
        var receipt = receipt
        var contribution: PublicContribution?
        if activity.isEligibleForPublicIndexing {
            switch Self.publicContribution(of: activity, app: bundle) {
            case .success(let made) where configuration.publicIndexKey != nil: contribution = made
            case .success:
                receipt.warnings =
                    (receipt.warnings ?? [])
                    + [Refusal(reason: "the public index is not configured on this store").warning]
            case .failure(let refusal): receipt.warnings = (receipt.warnings ?? []) + [refusal.warning]
            }
        }
        return StagedEntry(
            draft: EntryDrafts.activity(activity, app: bundle, at: at, payload: payload),
            places: suggestible
                ? PlaceCatalog.places(
                    activity: activity, attributeSet: activity.contentAttributeSet, page: nil,
                    phoneRegion: configuration.phoneRegion) : [],
            activityType: activity.activityType, url: activity.webpageURL, became: "activity",
            referenceKind: .activity, receipt: receipt, publicContribution: contribution)
    }

    /// What an item's document writes: its entry and its places.
    func stageSearchableItem(
        item: SearchableItem, donation: Donation, payload: String?, at: Date, receipt: DonationReceipt
    ) -> StagedEntry {
        StagedEntry(
            draft: EntryDrafts.item(
                item, app: donation.app!, at: at, defaultLifetime: configuration.defaultItemLifetime,
                payload: payload),
            places: PlaceCatalog.places(
                activity: nil, attributeSet: item.attributeSet, page: nil,
                phoneRegion: configuration.phoneRegion),
            activityType: nil, url: item.attributeSet.contentURL, became: "searchableItem",
            referenceKind: .item,
            receipt: receipt)
    }

    /// An index batch: deletions and items, then the client state, all or nothing.
    func ingestBatch(
        batch: SearchableItemBatch, donation: Donation, payload: String?, at: Date,
        declared: inout [String: App],
        receipt: inout DonationReceipt, tx: any StorageTransaction
    ) throws {
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
    }

    /// An interaction with its people (and the activity it came with).
    func ingestInteraction(
        interaction: Interaction, activity: UserActivity?, donation: Donation, payload: String?, at: Date,
        declared: inout [String: App],
        receipt: inout DonationReceipt, tx: any StorageTransaction
    ) throws {
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
        receipt.id = RecordReference.interaction(id).description
    }

    /// A visited page: its markup read for a title, a description and places.
    func ingestPageVisit(
        visit: PageVisit, donation: Donation, payload: String?, at: Date, declared: inout [String: App],
        receipt: inout DonationReceipt, tx: any StorageTransaction
    ) throws {
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
        receipt.id = EntryReference(.page, result.id).description
        receipt.expiresAt = draft.expiresAt
    }

    /// What an app plays (kept, and logged as a context event).
    func ingestNowPlaying(
        info: NowPlayingInfo, donation: Donation, payload: String?, at: Date, declared: inout [String: App],
        receipt: inout DonationReceipt, tx: any StorageTransaction
    ) throws {
        let payload = EntryDrafts.payload(info)
        try tx.saveNowPlaying(app: donation.app!, at: at, state: info.state.rawValue, payload: payload)
        try tx.insertEvent(
            at: at, kind: ContextModels.nowPlayingKind, app: donation.app, payload: payload)
        receipt.became = "nowPlaying"
        receipt.id = "nowPlaying/\(donation.app!)"
    }

    /// A context event; engagement and dismissal feed back into entries and reminders.
    func ingestEvent(
        event: SystemEvent, donation: Donation, payload: String?, at: Date, declared: inout [String: App],
        receipt: inout DonationReceipt, tx: any StorageTransaction
    ) throws {
        let id = try tx.insertEvent(
            at: at, kind: event.event.rawValue, app: event.app, payload: EntryDrafts.payload(event))
        if event.event == .suggestionEngaged, let target = event.id,
            let entryID = EntryReference(target)?.entryID
        {
            try tx.recordEngagement(entryID: entryID, at: at)
        }
        // Engaging with a public entry counts the user among its contributors.
        if event.event == .suggestionEngaged, let target = event.id,
            case .publicEntry(let entryID) = RecordReference(target),
            let contributor = publicContributor(for: user)
        {
            try tx.engagePublic(entryID: entryID, contributor: contributor)
        }
        if event.event == .suggestionEngaged || event.event == .suggestionDismissed,
            let target = event.id, case .reminder(let reminder) = RecordReference(target)
        {
            try tx.completeReminder(id: reminder, at: at)
        }
        receipt.became = "event"
        receipt.id = RecordReference.event(id).description
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

/// A document validated and turned into what it writes (an entry and its places), before the
/// write: documents staged in a row are written together (``EntryStorage/upsertEntries(_:)``,
/// ``PlaceStorage/replacePlaceSightings(_:)``).
struct StagedEntry {
    /// The entry.
    var draft: EntryDraft
    /// Its places (none when it cannot be suggested).
    var places: [(place: Place, navigable: Bool)]
    /// The activity type its sightings record.
    var activityType: String?
    /// The web page its sightings record.
    var url: String?
    /// What the receipt says it became.
    var became: String
    /// What the receipt's identifier refers to ("item" in "item/12").
    var referenceKind: EntryReference.Kind
    /// The receipt so far (index, type, app, warnings).
    var receipt: DonationReceipt
    /// What it contributes to the public index.
    var publicContribution: PublicContribution?

    /// The place sightings to store once the entry's identifier is known.
    func records(entryID: Int64) -> [PlaceSightingRecord] {
        PlaceCatalog.records(
            places, entryID: entryID, app: draft.app, activityType: activityType, url: url,
            seenAt: draft.donatedAt, expiresAt: draft.expiresAt)
    }

    /// The document's receipt once its entry is written.
    func receipt(for result: EntryWriteResult) -> DonationReceipt {
        var receipt = receipt
        receipt.places = places.isEmpty ? nil : places.map(\.place.name)
        receipt.status = result.merged ? .merged : .accepted
        receipt.became = became
        receipt.id = EntryReference(referenceKind, result.id).description
        receipt.expiresAt = draft.expiresAt
        return receipt
    }
}
