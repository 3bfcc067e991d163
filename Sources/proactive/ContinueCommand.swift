import ArgumentParser
import Foundation
import Proactive
import ProactiveModel

/// `proactive continue ID [--without-app]`
struct ContinueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "continue",
        abstract: "Continue a saved activity: print the payload its app receives, or the web page to open.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The activity's reference, e.g. activity/12.")
    var id: String

    @Flag(name: .long, help: "Continue on a device without the activity's app (opens its webpageURL).")
    var withoutApp = false

    struct ContinuationBody: Encodable {
        var id: String
        var appInstalled: Bool
    }

    struct Output: Codable {
        var action: String
        var app: String?
        var url: String?
        var activity: UserActivity?
    }

    func run() throws {
        if let client = try options.daemonClient() {
            let body = try JSONEncoder().encode(ContinuationBody(id: id, appInstalled: !withoutApp))
            let output = try client.decode(
                Output.self, from: try client.send("POST", "v1/continuations", body: body))
            try print(output)
            return
        }
        let engine = try options.openEngine()
        let result = try engine.continueActivity(id, appInstalled: !withoutApp, now: try options.date())
        let output: Output =
            switch result {
            case .restored(let app, let activity), .declined(let app, let activity),
                .launchApp(let app, let activity):
                Output(action: "launchApp", app: app, url: nil, activity: activity)
            case .openWebpage(let url): Output(action: "openWebpage", app: nil, url: url, activity: nil)
            }
        try print(output)
    }

    func print(_ output: Output) throws {
        if options.json {
            try Terminal.json(output)
        } else if let url = output.url {
            Terminal.out("open \(url)")
        } else {
            Terminal.out("launch \(output.app ?? "") with \(Terminal.compactJSON(output.activity))")
        }
    }
}
