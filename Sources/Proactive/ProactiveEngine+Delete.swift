import Foundation
import ProactiveStorage
import Synchronization

extension ProactiveEngine {
    /// Deletes an app's data: gone from every surface and from the full-text index, in one
    /// transaction.
    public func delete(_ request: DeletionRequest, donor: Donor = .system) throws -> DeletionResult {
        try EngineError.refuseNUL(in: [request.app], parameter: "app")
        switch request.target {
        case .identifiers(let values): try EngineError.refuseNUL(in: values, parameter: "identifiers")
        case .domains(let values): try EngineError.refuseNUL(in: values, parameter: "domains")
        case .persistentIdentifiers(let values):
            try EngineError.refuseNUL(in: values, parameter: "persistentIdentifiers")
        case .interactionGroups(let values):
            try EngineError.refuseNUL(in: values, parameter: "interactionGroups")
        case .all, .allItems, .allActivities: break
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
