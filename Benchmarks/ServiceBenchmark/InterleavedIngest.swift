import BenchmarkSupport
import Foundation
import PostgresNIO
import Proactive
import ProactivePostgres
import ProactiveStorage

/// 2b. The engine and `unnest` batch by batch: on a shared host, a phase measured a minute
/// after another can run on a busier machine, so the ratio of phases measured apart moves with
/// the neighbours' load. Here each batch goes through the engine and through `unnest` in turn
/// (which one first alternates), on a fresh database holding both tables, and each side's
/// time is the sum of its batches: both see the same moments of the host. Runs after
/// `baseline`, whose rows it inserts.
extension ServiceBenchmark {
    func ingestInterleaved() async throws {
        let location = try PostgresLocation(url: options.postgres)
        let name = location.database + "_interleaved"
        try await Direct.run(admin, "DROP DATABASE IF EXISTS \"\(name)\"", "CREATE DATABASE \"\(name)\"")
        let url = Direct.url(options.postgres, database: name)
        let work = ingestedBatches
        let rows = baselineRows  // the phase `baseline` prepared
        let (donated, expires) = (now.timeIntervalSince1970, expiresAt.timeIntervalSince1970)
        var (engineSpent, baselineSpent) = (Duration.zero, Duration.zero)
        var count = 0
        do {
            let storage = try PostgresStorage(url: url)  // creates `entry`, which the baseline copies
            defer { storage.close() }
            let root = try ProactiveEngine(storage: storage)
            try root.prepare()
            let connection = try await Direct.connect(url, id: 200)
            _ = try await Baseline.createTable(connection)
            let stop = deadline(options.ingestSeconds)
            for (index, batch) in work.enumerated() {
                guard ContinuousClock.now < stop else { break }
                let engine = root.forUser(UserID(rawValue: batch.user)!)
                let documents = batch.documents.map(\.json)
                for side in index % 2 == 0 ? [0, 1] : [1, 0] {
                    let start = ContinuousClock.now
                    if side == 0 {
                        let receipts = try engine.donate(documents: documents, donor: .system, now: now)
                        guard !receipts.contains(where: { $0.status == .rejected }) else {
                            throw BenchmarkError("the interleaved ingest rejected a document")
                        }
                        engineSpent += ContinuousClock.now - start
                    } else {
                        try await Baseline.insertUnnest(
                            connection, rows[index], donatedAt: donated, expiresAt: expires)
                        baselineSpent += ContinuousClock.now - start
                    }
                }
                count += batch.documents.count
            }
            try await connection.close()
        }
        try await Direct.run(admin, "DROP DATABASE IF EXISTS \"\(name)\"")
        let engineRate = Double(count) / engineSpent.seconds
        let unnestRate = Double(count) / baselineSpent.seconds
        say(
            String(
                format:
                    "interleaved (fresh database, each batch through the engine and through unnest in turn): %d documents; engine %.1f s = %.0f documents/s, unnest %.1f s = %.0f rows/s: ratio %.2f× (bar ≥ 0.5×)",
                count, engineSpent.seconds, engineRate, baselineSpent.seconds, unnestRate,
                engineRate / unnestRate))
        figures.append(
            Figure(
                figure: "ingest through the engine, 1 thread, batch by batch with unnest",
                value: String(format: "%.0f docs/s", engineRate),
                baseline: String(format: "%.0f rows/s unnest", unnestRate),
                ratio: String(format: "%.2f×", engineRate / unnestRate), bar: "≥ 0.5×",
                met: engineRate / unnestRate >= 0.5 ? "yes" : "**no**"))
    }
}
