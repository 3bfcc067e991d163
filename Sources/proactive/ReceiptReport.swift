import ArgumentParser
import Foundation
import Proactive

/// Prints donation receipts as they come, batch after batch: one JSON array with `--json`,
/// otherwise a line for each of the first 1,000 documents and for every rejection; then the
/// counts on stderr, exit status 1 if any document was rejected.
struct ReceiptReport {
    let json: Bool
    private(set) var documents = 0
    private var counts: [DonationReceipt.Status: Int] = [:]
    private var printedAny = false

    init(json: Bool) {
        self.json = json
        if json { FileHandle.standardOutput.write(Data("[".utf8)) }
    }

    /// Prints the receipts of the next `count` documents.
    mutating func add(_ receipts: [DonationReceipt], documents count: Int) {
        var text = ""
        for receipt in receipts {
            counts[receipt.status, default: 0] += 1
            if json {
                text += (printedAny ? ",\n" : "\n") + Terminal.compactJSON(receipt)
                printedAny = true
            } else if receipt.status == .rejected || receipt.index < 1000 {
                text += Self.describe(receipt) + "\n"
            }
        }
        documents += count
        if !text.isEmpty { FileHandle.standardOutput.write(Data(text.utf8)) }
    }

    /// Closes the JSON array and prints the counts; throws exit status 1 if any was rejected.
    func finish() throws {
        if json { FileHandle.standardOutput.write(Data("\n]\n".utf8)) }
        let rejected = counts[.rejected, default: 0]
        Terminal.note(
            "\(documents) documents: \(counts[.accepted, default: 0]) accepted, \(counts[.merged, default: 0]) merged, \(rejected) rejected"
        )
        if rejected > 0 { throw ExitCode(1) }
    }

    /// A receipt's line; what it quotes of the document (its type, a field's name, a reason
    /// naming a value, warnings) shown as ``Terminal/line(_:)`` shows donated text.
    static func describe(_ receipt: DonationReceipt) -> String {
        let shown = Terminal.printable
        switch receipt.status {
        case .rejected:
            let field = receipt.field.map { "\(shown($0)): " } ?? ""
            return
                "#\(receipt.index) rejected \(shown(receipt.type ?? "document")): \(field)\(shown(receipt.reason ?? ""))"
        case .accepted, .merged:
            var line =
                "#\(receipt.index) \(receipt.status.rawValue) \(shown(receipt.type ?? "")) → \(shown(receipt.id ?? ""))"
            if let expires = receipt.expiresAt { line += " (expires \(expires.formatted(.iso8601)))" }
            for warning in receipt.warnings ?? [] { line += "\n    warning: \(shown(warning))" }
            return line
        }
    }
}
