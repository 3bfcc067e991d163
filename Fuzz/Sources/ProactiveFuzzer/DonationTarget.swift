import Foundation
import Proactive

/// A donation body, as `proactive donate` and `POST /v1/donations` receive it.
enum DonationTarget {
    static func run(_ body: Data) {
        let documents = DonationDocuments.split(body)
        let engine = FuzzEngine.next()
        let parsed = engine.parse(documents: documents)
        precondition(parsed.count == documents.count, "one parse result per document")
        for donor in [Donor.system, .app("com.example.fuzz")] {
            let receipts: [DonationReceipt]
            do { receipts = try engine.donate(parsed, donor: donor) } catch { continue }
            // A batch's receipts are exactly its documents, in order, each with a verdict.
            precondition(receipts.map(\.index) == Array(0..<documents.count), "receipts match documents")
            for receipt in receipts where receipt.status == .rejected {
                precondition(receipt.reason?.isEmpty == false, "a rejection says why")
                precondition(receipt.id == nil, "a rejected document has no id")
            }
        }
    }
}
