import Foundation
import Proactive
import ProactiveStorage
import Synchronization

/// The latest receipts of each app since the daemon started (rejections included), so the
/// inspector can answer "I donated and nothing shows up". Each user's are kept apart.
final class ReceiptLog: Sendable {
    private struct Key: Hashable {
        var user: UserID
        var app: String
    }
    private let receipts = Mutex<[Key: [DonationReceipt]]>([:])
    /// Receipts kept per app.
    let capacity: Int

    init(capacity: Int = 50) {
        self.capacity = capacity
    }

    /// Keeps receipts (those without an app are kept under the donor's key).
    func record(_ new: [DonationReceipt], user: UserID, donorKey: String) {
        receipts.withLock { receipts in
            if receipts.count > 100_000 { receipts.removeAll() }
            for receipt in new.suffix(capacity) {
                let key = Key(user: user, app: receipt.app ?? donorKey)
                receipts[key, default: []].append(receipt)
                if receipts[key]!.count > capacity {
                    receipts[key]!.removeFirst(receipts[key]!.count - capacity)
                }
            }
        }
    }

    /// A user's app's latest receipts, newest first.
    func latest(for app: String, user: UserID) -> [DonationReceipt] {
        receipts.withLock { Array(($0[Key(user: user, app: app)] ?? []).reversed()) }
    }

    /// A user's apps with receipts.
    func apps(user: UserID) -> [String] {
        receipts.withLock { $0.keys.filter { $0.user == user }.map(\.app) }
    }
}
