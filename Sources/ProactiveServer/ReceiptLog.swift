import Foundation
import Proactive
import Synchronization

/// The latest receipts of each app since the daemon started (rejections included), so the
/// inspector can answer "I donated and nothing shows up".
final class ReceiptLog: Sendable {
    private let receipts = Mutex<[String: [DonationReceipt]]>([:])
    /// Receipts kept per app.
    let capacity: Int

    init(capacity: Int = 50) {
        self.capacity = capacity
    }

    /// Keeps receipts (those without an app are kept under the donor's key).
    func record(_ new: [DonationReceipt], donorKey: String) {
        receipts.withLock { receipts in
            for receipt in new.suffix(capacity) {
                let key = receipt.app ?? donorKey
                receipts[key, default: []].append(receipt)
                if receipts[key]!.count > capacity {
                    receipts[key]!.removeFirst(receipts[key]!.count - capacity)
                }
            }
        }
    }

    /// An app's latest receipts, newest first.
    func latest(for app: String) -> [DonationReceipt] {
        receipts.withLock { Array(($0[app] ?? []).reversed()) }
    }

    /// The apps with receipts.
    var apps: [String] { receipts.withLock { Array($0.keys) } }
}
