import ArgumentParser
import Foundation
import Proactive
import ProactiveClient
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

    func run() throws {
        let result: ContinuationResult
        if let client = try options.daemonClient() {
            let body = Components.Schemas.ContinuationRequest(id: id, appInstalled: !withoutApp)
            result = try client.convert(
                try client.call { try await $0.continueActivity(body: .json(body)).ok.body.json })
        } else {
            result = try options.openEngine().continueActivity(
                id, appInstalled: !withoutApp, now: try options.date())
        }
        if options.json {
            try Terminal.json(result)
            return
        }
        switch result {
        case .openWebpage(let url):
            Terminal.line("open \(url)")
        case .restored(let app, let activity), .declined(let app, let activity),
            .launchApp(let app, let activity):
            Terminal.out("launch \(app) with \(Terminal.compactJSON(activity))")
        }
    }
}
