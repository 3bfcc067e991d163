import Foundation
import ProactiveModel

extension ProactiveEngine {
    /// Donates an app's export (``export(app:donor:now:limit:)``) back into this engine: the
    /// app's declaration, then its entries, interactions and events in the order they first
    /// happened, each at the time it was donated or happened, so that this store answers searches
    /// and surfaces as the exported one did. What the exported store had deleted or expired is not
    /// in an export and does not come back; documents that expired since the export are refused
    /// like any expired donation.
    ///
    /// - Returns: One receipt per document donated, in the order donated (the declaration first).
    public func restore(_ export: AppExport, donor: Donor = .system) throws -> [DonationReceipt] {
        guard donor.mayAct(for: export.app) else {
            throw EngineError(.forbidden, "an app may only restore its own data", parameter: "app")
        }
        let timeline =
            (export.entries.map { ($0.donatedAt, $0.document) }
            + export.interactions.map { ($0.at, $0.document) }
            + export.events.map { ($0.at, $0.document) })
            .enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map(\.element)
        var receipts: [DonationReceipt] = []
        if let declaration = export.declaration {
            let first = timeline.first?.0 ?? export.exportedAt
            receipts.append(
                try donate(Donation(app: export.app, content: .app(declaration)), donor: donor, now: first))
        }
        let encoder = DonationCoding.makeEncoder()
        // Documents donated at the same moment go in one batch, as they came.
        var index = 0
        while index < timeline.count {
            let date = timeline[index].0
            var batch: [Data] = []
            while index < timeline.count, timeline[index].0 == date {
                batch.append(try encoder.encode(timeline[index].1))
                index += 1
            }
            receipts += try donate(documents: batch, donor: donor, now: date, firstIndex: receipts.count)
        }
        return receipts
    }
}
