import ArgumentParser
import Foundation
import Proactive

/// `proactive client-state --app A`
struct ClientStateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client-state",
        abstract: "Print the client state an app stored with its last index batch (to resume after a crash).")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "The app.")
    var app: String

    func run() throws {
        // An empty name is no app: before, it printed "(none)" as for an app without a batch.
        guard !app.isEmpty else { throw UsageError(message: "--app: give the app's bundle identifier") }
        let engine = try options.openEngine()
        let state = try engine.app(app).fetchLastClientState()
        if options.json {
            try Terminal.json(["app": app, "clientState": state])
        } else {
            Terminal.out(state ?? "(none)")
        }
    }
}
