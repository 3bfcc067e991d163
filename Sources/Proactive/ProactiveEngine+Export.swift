import Foundation
import ProactiveModel
import ProactiveStorage

extension ProactiveEngine {
    /// Everything the engine holds for an app (see ``AppExport``), or its latest `limit` entries,
    /// interactions and events. An app may export only its own data.
    public func export(app: String, donor: Donor = .system, now: Date? = nil, limit: Int = .max) throws
        -> AppExport
    {
        try EngineError.refuseNUL(in: [app], parameter: "app")
        guard donor.mayAct(for: app) else {
            throw EngineError(.forbidden, "an app may only export its own data", parameter: "app")
        }
        let now = now ?? self.now
        return try storage.read(user: user) { tx in try export(app: app, now: now, limit: limit, tx) }
    }

    /// An app's export read in a transaction.
    func export(app: String, now: Date, limit: Int, _ tx: any StorageTransaction) throws -> AppExport {
        let decoder = DonationCoding.makeDecoder()
        func document(_ payload: String) -> JSONValue {
            (try? decoder.decode(JSONValue.self, from: Data(payload.utf8))) ?? .string(payload)
        }
        let entries = try tx.entries(scope: .app(app), now: now, limit: limit).map { entry in
            var eligible: [String] = []
            if entry.isEligibleForSearch { eligible.append("search") }
            if entry.isEligibleForHandoff { eligible.append("handoff") }
            if entry.isEligibleForPublicIndexing { eligible.append("publicIndexing") }
            if entry.isEligibleForPrediction { eligible.append("prediction") }
            return AppExport.Entry(
                id: EntryReference(stored: entry.kind, entry.id).description, kind: entry.kind.rawValue,
                donatedAt: entry.donatedAt,
                expiresAt: entry.expiresAt, eligibleFor: eligible, document: document(entry.payload))
        }
        return AppExport(
            app: app, exportedAt: now, declaration: declaredApp(app), entries: entries,
            interactions: try tx.interactions(app: app, limit: limit).map {
                AppExport.Record(
                    id: RecordReference.interaction($0.id).description, at: $0.at,
                    document: document($0.payload))
            },
            events: try tx.events(app: app, limit: min(limit, 100_000)).map {
                AppExport.Record(
                    id: RecordReference.event($0.id).description, at: $0.at, document: document($0.payload))
            },
            clientState: try tx.clientState(app: app))
    }
}
