import ArgumentParser
import Foundation
import OpenAPIRuntime
import Proactive
import ProactiveClient

/// `proactive donate FILE… | -`
struct DonateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "donate",
        abstract: "Ingest donation documents (JSON, a JSON array, or NDJSON); one receipt per document.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Files to read, or - for standard input.")
    var files: [String] = ["-"]

    @Option(name: .long, help: "Documents per transaction.")
    var batchSize = 1000

    func run() throws {
        guard batchSize > 0 else { throw UsageError(message: "--batch-size must be positive") }
        if let client = try options.daemonClient() {
            try donate(through: client)
            return
        }
        let engine = try options.openEngine()
        let now = try options.date()
        var report = ReceiptReport(json: options.json)
        for file in files {
            let reader = try DocumentReader(path: file)
            var progress = ProgressBar(total: reader.totalBytes)
            // Reading and parsing the next batch overlaps with writing this one.
            let channel = BoundedChannel<Batch>(capacity: 2)
            let thread = Thread { [batchSize] in
                while let documents = reader.next(max: batchSize) {
                    let batch = Batch(parsed: engine.parse(documents: documents), bytesRead: reader.bytesRead)
                    guard channel.send(batch) else { return }
                }
                channel.send(nil)
            }
            thread.start()
            // A batch the store refuses (a full disk) ends the command; the reader stops too.
            defer { channel.close() }
            while let batch = channel.receive() {
                let receipts = try engine.donate(batch.parsed, now: now, firstIndex: report.documents)
                report.add(receipts, documents: batch.parsed.count)
                progress.update(bytes: batch.bytesRead, documents: report.documents)
            }
            progress.finish()
        }
        // The search index's upkeep, as the daemon's when idle: a merge once the index has grown
        // enough, and a purge of deleted and expired items' words when one is due (at most a
        // thousandth of the time, kept in the store: a few seconds at a million items). A store
        // only the CLI uses would otherwise keep those words in its file.
        var announced = false
        while try engine.maintainSearchIndex(pages: 2_000) {
            if !announced && Terminal.stderrIsTerminal {
                FileHandle.standardError.write(Data("merging the search index…\n".utf8))
                announced = true
            }
        }
        try report.finish()
    }

    /// Sends the documents to a running daemon, one NDJSON request per batch, and prints the
    /// receipts it answers with.
    func donate(through client: DaemonClient) throws {
        var report = ReceiptReport(json: options.json)
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
                let lines = body
                let answer = try client.call {
                    try await $0.donate(body: .applicationXNdjson(HTTPBody(lines))).ok.body.json
                }
                let receipts = try client.convert(answer.receipts, to: [DonationReceipt].self).map {
                    receipt in
                    var receipt = receipt
                    receipt.index += report.documents
                    return receipt
                }
                report.add(receipts, documents: documents.count)
            }
        }
        try report.finish()
    }

    struct Batch: Sendable {
        var parsed: ParsedDocuments
        var bytesRead: Int
    }
}
