import ArgumentParser
import Foundation
import Proactive

/// `proactive donate FILE… | -`
struct DonateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "donate",
        abstract: "Ingest donation documents (JSON, a JSON array, or NDJSON); one receipt per document.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Files to read, or - for standard input.")
    var files: [String] = ["-"]

    @Option(name: .long, help: "Documents per transaction (default 1000).")
    var batchSize = 1000

    func run() throws {
        guard batchSize > 0 else { throw UsageError(message: "--batch-size must be positive") }
        if let client = try options.daemonClient() {
            try donate(through: client)
            return
        }
        let engine = try options.openEngine()
        let now = try options.date()
        var index = 0
        var counts: [DonationReceipt.Status: Int] = [:]
        var printedAny = false
        if options.json { FileHandle.standardOutput.write(Data("[".utf8)) }
        for file in files {
            let reader = try DocumentReader(path: file)
            var progress = ProgressBar(total: reader.totalBytes)
            // Reading and parsing the next batch overlaps with writing this one.
            let channel = BoundedChannel<Batch>(capacity: 2)
            let thread = Thread { [batchSize] in
                while let documents = reader.next(max: batchSize) {
                    channel.send(
                        Batch(parsed: engine.parse(documents: documents), bytesRead: reader.bytesRead))
                }
                channel.send(nil)
            }
            thread.start()
            while let batch = channel.receive() {
                let receipts = try engine.donate(batch.parsed, now: now, firstIndex: index)
                index += batch.parsed.count
                var text = ""
                for receipt in receipts {
                    counts[receipt.status, default: 0] += 1
                    if options.json {
                        text += (printedAny ? ",\n" : "\n") + Terminal.compactJSON(receipt)
                        printedAny = true
                    } else if receipt.status == .rejected || index <= 1000 {
                        text += Self.describe(receipt) + "\n"
                    }
                }
                if !text.isEmpty { FileHandle.standardOutput.write(Data(text.utf8)) }
                progress.update(bytes: batch.bytesRead, documents: index)
            }
            progress.finish()
        }
        if options.json { FileHandle.standardOutput.write(Data("\n]\n".utf8)) }
        let rejected = counts[.rejected, default: 0]
        Terminal.note(
            "\(index) documents: \(counts[.accepted, default: 0]) accepted, \(counts[.merged, default: 0]) merged, \(rejected) rejected"
        )
        if rejected > 0 { throw ExitCode(1) }
    }

    /// Sends the documents to a running daemon, one NDJSON request per batch, and prints the
    /// receipts it answers with.
    func donate(through client: DaemonClient) throws {
        struct Answer: Decodable { var receipts: [DonationReceipt] }
        var index = 0
        var counts: [DonationReceipt.Status: Int] = [:]
        var printedAny = false
        if options.json { FileHandle.standardOutput.write(Data("[".utf8)) }
        for file in files {
            let reader = try DocumentReader(path: file)
            while let documents = reader.next(max: batchSize) {
                var body = Data()
                for document in documents {
                    // One document per line: pretty-printed documents are re-serialized.
                    if document.contains(0x0A),
                        let object = try? JSONSerialization.jsonObject(with: document),
                        let compact = try? JSONSerialization.data(withJSONObject: object)
                    {
                        body.append(compact)
                    } else {
                        body.append(document.filter { $0 != 0x0A })
                    }
                    body.append(0x0A)
                }
                let data = try client.send(
                    "POST", "v1/donations", body: body, contentType: "application/x-ndjson")
                var text = ""
                for var receipt in try client.decode(Answer.self, from: data).receipts {
                    receipt.index += index
                    counts[receipt.status, default: 0] += 1
                    if options.json {
                        text += (printedAny ? ",\n" : "\n") + Terminal.compactJSON(receipt)
                        printedAny = true
                    } else if receipt.status == .rejected || receipt.index < 1000 {
                        text += Self.describe(receipt) + "\n"
                    }
                }
                index += documents.count
                if !text.isEmpty { FileHandle.standardOutput.write(Data(text.utf8)) }
            }
        }
        if options.json { FileHandle.standardOutput.write(Data("\n]\n".utf8)) }
        let rejected = counts[.rejected, default: 0]
        Terminal.note(
            "\(index) documents: \(counts[.accepted, default: 0]) accepted, \(counts[.merged, default: 0]) merged, \(rejected) rejected"
        )
        if rejected > 0 { throw ExitCode(1) }
    }

    struct Batch: Sendable {
        var parsed: ParsedDocuments
        var bytesRead: Int
    }

    static func describe(_ receipt: DonationReceipt) -> String {
        switch receipt.status {
        case .rejected:
            let field = receipt.field.map { "\($0): " } ?? ""
            return "#\(receipt.index) rejected \(receipt.type ?? "document"): \(field)\(receipt.reason ?? "")"
        case .accepted, .merged:
            var line =
                "#\(receipt.index) \(receipt.status.rawValue) \(receipt.type ?? "") → \(receipt.id ?? "")"
            if let expires = receipt.expiresAt { line += " (expires \(expires.formatted(.iso8601)))" }
            for warning in receipt.warnings ?? [] { line += "\n    warning: \(warning)" }
            return line
        }
    }
}
