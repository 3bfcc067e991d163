import ArgumentParser
import Foundation
import Proactive
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
            var body: [String: JSONValue] = ["app": .string(app)]
            if all { body["all"] = .bool(true) }
            for (name, values) in [
                ("identifiers", identifier), ("domains", domain),
                ("persistentIdentifiers", persistentIdentifier),
                ("interactionGroups", interactionGroup),
            ] where !values.isEmpty {
                body[name] = .array(values.map(JSONValue.string))
            }
            let data = try client.send("POST", "v1/deletions", body: try JSONEncoder().encode(body))
            let result = try client.decode(DeletionResult.self, from: data)
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
        if options.json {
            try Terminal.json(result)
        } else {
            Terminal.out("deleted \(result.deleted) from \(result.app)")
        }
    }
}
