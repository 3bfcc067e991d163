import ArgumentParser
import Foundation
import Proactive
import ProactiveClient
import ProactiveModel

/// `proactive delete --app A (--identifier… | --domain… | --persistent-identifier… | --interaction-group… | --all)`
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract:
            "Delete an app's items, saved activities or interactions: gone from every surface and the index.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "The app whose data is deleted.")
    var app: String

    @Option(name: .long, help: "Items by unique identifier.")
    var identifier: [String] = []

    @Option(name: .long, help: "Items by domain identifier (subdomains too).")
    var domain: [String] = []

    @Option(name: .long, help: "Saved activities by persistent identifier.")
    var persistentIdentifier: [String] = []

    @Option(name: .long, help: "Interactions by group identifier.")
    var interactionGroup: [String] = []

    @Flag(name: .long, help: "Everything the app donated.")
    var all = false

    /// A store whose purge takes long enough to be announced (about 1 s).
    static let largeStore = 64 << 20

    func validate() throws {
        let chosen = [
            !identifier.isEmpty, !domain.isEmpty, !persistentIdentifier.isEmpty, !interactionGroup.isEmpty,
            all,
        ]
        .filter { $0 }.count
        guard chosen == 1 else {
            throw ValidationError(
                "give exactly one of --identifier, --domain, --persistent-identifier, --interaction-group or --all"
            )
        }
    }

    func run() throws {
        if let client = try options.daemonClient() {
            func list(_ values: [String]) -> [String]? { values.isEmpty ? nil : values }
            let body = Components.Schemas.DeletionRequest(
                app: app, identifiers: list(identifier), domains: list(domain),
                persistentIdentifiers: list(persistentIdentifier), interactionGroups: list(interactionGroup),
                all: all ? true : nil)
            let result: DeletionResult = try client.convert(
                try client.call { try await $0.delete(body: .json(body)).ok.body.json })
            if options.json {
                try Terminal.json(result)
            } else {
                Terminal.out("deleted \(result.deleted) from \(result.app)")
            }
            return
        }
        let engine = try options.openEngine()
        let target: DeletionRequest.Target =
            if all { .all } else if !identifier.isEmpty { .identifiers(identifier) } else if !domain.isEmpty {
                .domains(domain)
            } else if !persistentIdentifier.isEmpty { .persistentIdentifiers(persistentIdentifier) } else {
                .interactionGroups(interactionGroup)
            }
        let result = try engine.delete(DeletionRequest(app: app, target: target))
        // Deleted words leave the search index's file too, before the command returns: the
        // index is merged and the file rewritten (about 12 s at a million items), so a large
        // store says what it is doing meanwhile.
        if options.postgresURL == nil, result.deleted > 0,
            let size = try? FileManager.default.attributesOfItem(atPath: options.storePath)[.size] as? Int,
            size >= Self.largeStore
        {
            Terminal.note(
                "deleted \(result.deleted); removing their text from the store's files "
                    + "(\(size / 1_000_000) MB are rewritten: about a second per 80 MB)…")
        }
        if result.deleted > 0 { try engine.purgeDeletedSearchText() }
        if options.json {
            try Terminal.json(result)
        } else {
            Terminal.out("deleted \(result.deleted) from \(result.app)")
        }
    }
}
