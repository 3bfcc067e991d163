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
        let engine = try options.openEngine()
        let state = try engine.app(app).fetchLastClientState()
        if options.json {
            try Terminal.json(["app": app, "clientState": state])
        } else {
            Terminal.out(state ?? "(none)")
        }
    }
}
