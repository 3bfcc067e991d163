import Foundation
import ProactiveStorage

extension ProactiveEngine {
    /// Deletes the expired data of every user of the storage now, search index and public
    /// contributions included; returns how many items were deleted.
    ///
    /// Expired items are hidden from every answer as soon as they expire, and deleted from the
    /// store at their user's next donation. A long-running process calls this on a schedule (the
    /// daemon every `ServerConfiguration.expirySweepInterval`), so that expired data is
    /// gone from the store within that time even for a user who donates nothing more, and a
    /// system clock set back after a restart cannot bring it back.
    @discardableResult
    public func purgeExpiredData() throws -> Int {
        let now = self.now
        var purged = 0
        for user in try storage.usersWithExpiredEntries(now: now) {
            purged += try storage.write(user: user) { tx in
                let count = try tx.purgeExpired(now: now)
                if count > 0 { try reconcilePublicContributions(tx, user: user, now: now) }
                return count
            }
        }
        return purged
    }
}
