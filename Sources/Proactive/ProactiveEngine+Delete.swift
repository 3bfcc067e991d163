import Foundation
import ProactiveStorage
import Synchronization

extension ProactiveEngine {
    /// Deletes an app's data: gone from every surface and from the full-text index, in one
    /// transaction.
    public func delete(_ request: DeletionRequest, donor: Donor = .system) throws -> DeletionResult {
        try EngineError.refuseNUL(in: [request.app], parameter: "app")
        guard request.app.contains(where: { !$0.isWhitespace }) else {
            throw EngineError(
                .invalidRequest, "an empty app names none; give its bundle identifier", parameter: "app")
        }
        let named: (values: [String], parameter: String)? =
            switch request.target {
            case .identifiers(let values): (values, "identifiers")
            case .domains(let values): (values, "domains")
            case .persistentIdentifiers(let values): (values, "persistentIdentifiers")
            case .interactionGroups(let values): (values, "interactionGroups")
            case .all, .allItems, .allActivities: nil
            }
        if let named {
            try EngineError.refuseNUL(in: named.values, parameter: named.parameter)
            // An empty value names nothing: before, `delete --identifier ''` said "deleted 0".
            guard !named.values.isEmpty, !named.values.contains("") else {
                throw EngineError(
                    .invalidRequest, "an empty value names nothing to delete; give at least one, none empty",
                    parameter: named.parameter)
            }
        }
        guard donor.mayAct(for: request.app) else {
            throw EngineError(.forbidden, "an app may only delete its own data", parameter: "app")
        }
        let app = request.app
        let now = self.now
        let deleted = try storage.write(user: user) { tx -> Int in
            let deleted = try delete(request.target, app: app, tx: tx)
            // The user's contributions to the public index follow the activities left (only
            // activities contribute: deleting items or interactions changes none).
            switch request.target {
            case .persistentIdentifiers, .allActivities:
                try reconcilePublicContributions(tx, user: user, now: now)
            case .all:
                try reconcilePublicContributions(tx, user: user, now: now, withdrawingEngagementsOf: app)
            case .identifiers, .domains, .interactionGroups, .allItems:
                break
            }
            return deleted
        }
        return DeletionResult(app: app, deleted: deleted)
    }

    private func delete(_ target: DeletionRequest.Target, app: String, tx: any StorageTransaction) throws
        -> Int
    {
        switch target {
        case .identifiers(let ids): return try tx.deleteItems(app: app, uniqueIdentifiers: ids)
        case .domains(let domains): return try tx.deleteItems(app: app, domainIdentifiers: domains)
        case .persistentIdentifiers(let ids):
            return try tx.deleteActivities(app: app, persistentIdentifiers: ids)
        case .interactionGroups(let groups):
            return try tx.deleteInteractions(app: app, groupIdentifiers: groups)
        case .allItems: return try tx.deleteAllEntries(app: app, kinds: [.item])
        case .allActivities: return try tx.deleteAllEntries(app: app, kinds: [.activity])
        case .all:
            let entries = try tx.deleteAllEntries(app: app)
            let interactions = try tx.deleteAllInteractions(app: app)
            try tx.deleteEvents(app: app)
            try tx.deleteNowPlaying(app: app)
            try tx.saveClientState(nil, app: app, at: now)
            return entries + interactions
        }
    }
}
