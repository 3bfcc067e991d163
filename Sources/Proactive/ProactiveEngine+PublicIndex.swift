import Crypto
import Foundation
import ProactiveModel
import ProactiveStorage
import Synchronization

/// The public index (see `docs/public-index.md`): what the engine's user contributes, and the
/// withdrawals when their activities are deleted or expire.
extension ProactiveEngine {
    /// The opaque key counting `user` in the public index: HMAC-SHA256 of the user's identifier
    /// with the configured secret; `nil` when no secret is configured.
    func publicContributor(for user: UserID) -> Data? {
        guard let secret = configuration.publicIndexKey else { return nil }
        let code = HMAC<SHA256>.authenticationCode(
            for: Data("proactive.public-index.v1\u{0}\(user.rawValue)".utf8),
            using: SymmetricKey(data: secret))
        return Data(code)
    }

    /// What an activity eligible for public indexing contributes to the public index, or why it
    /// cannot (it is then stored privately only).
    static func publicContribution(of activity: UserActivity, app: String) -> Result<
        PublicContribution, Refusal
    > {
        let attributes = activity.contentAttributeSet
        var required: [String: JSONValue] = [:]
        for name in activity.requiredUserInfoKeys {
            guard let value = activity.userInfo[name] else {
                return .failure(Refusal(reason: "the required userInfo key \(name) is missing"))
            }
            required[name] = value
        }
        let requiredJSON =
            required.isEmpty
            ? nil
            : (try? DonationCoding.makeEncoder().encode(required)).map { String(decoding: $0, as: UTF8.self) }
        let url = activity.webpageURL.flatMap(CanonicalURL.canonical)
        let key: String
        if let url {
            key = "url:" + url
        } else if let requiredJSON {
            key = "keys:" + activity.activityType + "\u{1F}" + requiredJSON
        } else if activity.webpageURL != nil {
            return .failure(
                Refusal(reason: "its webpageURL is not an http(s) URL and it has no requiredUserInfoKeys"))
        } else {
            return .failure(
                Refusal(reason: "it needs a webpageURL or requiredUserInfoKeys to be found by others"))
        }
        let keywords = activity.keywords + (attributes?.keywords ?? [])
        return .success(
            PublicContribution(
                key: PublicEntryKey(app: app, key: key), activityType: activity.activityType,
                title: activity.effectiveTitle, description: attributes?.contentDescription,
                keywords: keywords.isEmpty ? nil : keywords.joined(separator: ", "), url: url,
                thumbnail: attributes?.thumbnailURL, userInfo: requiredJSON))
    }

    /// Why an activity eligible for public indexing does not contribute.
    struct Refusal: Error {
        var reason: String

        /// The receipt's warning.
        var warning: String {
            "isEligibleForPublicIndexing: \(reason); the activity is stored privately only"
        }
    }

    /// Makes the user's contributions those of their entries still eligible and not expired:
    /// withdraws the others (after deletions and expiry), and, for `app` when given, the
    /// user's engagements with its public entries too.
    func reconcilePublicContributions(
        _ tx: any StorageTransaction, user: UserID, now: Date, withdrawingEngagementsOf app: String? = nil
    ) throws {
        guard let contributor = publicContributor(for: user) else { return }
        let decoder = DonationCoding.makeDecoder()
        var keeping: Set<PublicEntryKey> = []
        for entry in try tx.entriesEligibleForPublicIndexing(now: now) {
            guard let donation = try? DonationCoding.decode(Data(entry.payload.utf8), using: decoder),
                case .activity(let activity, _) = donation.content,
                case .success(let contribution) = Self.publicContribution(of: activity, app: entry.app)
            else { continue }
            keeping.insert(contribution.key)
        }
        try tx.withdrawPublicContributions(contributor: contributor, keeping: keeping)
        if let app { try tx.withdrawPublicEngagements(contributor: contributor, app: app) }
    }

    /// Withdraws the contributions of every user whose eligible entries expired (by the
    /// engine's clock), so that public entries fall below the threshold for every user at once:
    /// at most once a second of the clock (a public search runs it first), so an expired
    /// contribution counts for at most a second.
    func sweepExpiredPublicContributions() throws {
        guard configuration.publicIndexKey != nil else { return }
        let now = self.now
        guard publicSweep.isDue(now) else { return }
        for user in try storage.usersWithExpiredPublicContributions(now: now) {
            try storage.write(user: user) { tx in
                try tx.purgeExpired(now: now)
                try reconcilePublicContributions(tx, user: user, now: now)
            }
        }
    }
}

/// When expired contributions were last swept: a sweep is due a second of the engine's clock
/// after the last one (or at once when the clock went back).
final class PublicSweepClock: Sendable {
    private let last = Mutex<Date?>(nil)

    /// Whether a sweep is due at `now`; if so, it counts as done at `now`.
    func isDue(_ now: Date) -> Bool {
        last.withLock { last in
            if let previous = last, now >= previous, now.timeIntervalSince(previous) < 1 { return false }
            last = now
            return true
        }
    }
}
