import Foundation
import GRDBSQLite

/// Where a store's bytes go: each table and index by SQLite's `dbstat` (FTS5 keeps its prefix
/// indexes in the same `_data` table as the words), and the columns that hold the stored
/// document and its indexed text, beside the raw store and the documents' own size.
func printStoreSizes(options: Options, documentBytes: Int) throws {
    let stores = [
        ("`proactive donate`", options.work + "/proactive.sqlite"),
        ("raw SQLite", options.work + "/raw.sqlite"),
    ]
    let documents = Double(max(options.documents, 1))
    print(
        "| store of \(options.documents) items (\(megabytes(documentBytes)) of NDJSON) | MB | bytes/document | × the documents |"
    )
    print("| --- | --- | --- | --- |")
    for (name, path) in stores {
        let bytes = fileBytes(path) + fileBytes(path + "-wal")
        print(
            String(
                format: "| %@, whole file | %@ | %.0f | %.2f× |", name, megabytes(bytes),
                Double(bytes) / documents,
                Double(bytes) / Double(max(documentBytes, 1))))
    }
    var db: OpaquePointer?
    check(sqlite3_open_v2(options.work + "/proactive.sqlite", &db, SQLITE_OPEN_READONLY, nil), db, "open")
    defer { sqlite3_close(db) }
    let objects = query(db, "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 14")
    for row in objects {
        let bytes = Int(row[1]) ?? 0
        print(
            String(
                format: "| `proactive donate`: %@ | %@ | %.0f | |", row[0], megabytes(bytes),
                Double(bytes) / documents))
    }
    let columns = query(
        db,
        """
        SELECT SUM(length(payload)), SUM(length(CAST(ftsTitle AS BLOB)) + length(CAST(ftsKeywords AS BLOB))
          + length(CAST(ftsDescription AS BLOB)) + length(CAST(ftsAddress AS BLOB))), SUM(length(CAST(title AS BLOB)))
        FROM entry
        """)
    if let row = columns.first {
        for (index, what) in [
            "stored document (`payload`)", "indexed text (the four `fts…` columns)", "`title`",
        ]
        .enumerated() {
            let bytes = Int(row[index]) ?? 0
            print(
                String(
                    format: "| `proactive donate`: of `entry`, %@ | %@ | %.0f | |", what, megabytes(bytes),
                    Double(bytes) / documents))
        }
    }
}

private func fileBytes(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
}

private func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_000_000) }

/// Every row of a statement, its columns as text.
func query(_ db: OpaquePointer?, _ sql: String) -> [[String]] {
    var statement: OpaquePointer?
    check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), db, "prepare")
    defer { sqlite3_finalize(statement) }
    var rows: [[String]] = []
    while sqlite3_step(statement) == SQLITE_ROW {
        rows.append(
            (0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
            })
    }
    return rows
}
