import ArgumentParser
import Foundation
import Proactive
import ProactiveClient
import ProactiveModel

/// `proactive ask "UTTERANCE" [--app A] [--at T] [--time-zone Z]`
struct AskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "A contextual assistant request (\"call this place\", \"get directions\"), resolved.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "What the user said, in any supported language.")
    var utterance: [String]

    @Option(
        name: .long,
        help: "The app in the foreground (default: the app with the most recent current activity).")
    var app: String?

    @OptionGroup var zone: TimeZoneOption

    func run() throws {
        let answer: AssistantAnswer
        let timeZone = try zone.timeZone()
        do {
            if let client = try options.daemonClient() {
                let body = Components.Schemas.AskRequest(
                    utterance: utterance.joined(separator: " "), app: app, at: try options.date(),
                    locale: options.locale, timeZone: timeZone?.identifier)
                answer = try client.convert(
                    try client.call { try await $0.ask(body: .json(body)).ok.body.json })
            } else {
                let engine = try options.openEngine()
                answer = try engine.ask(
                    utterance.joined(separator: " "), app: app, now: try options.date(),
                    locale: options.locale, timeZone: timeZone)
            }
        } catch let error as EngineError {
            if options.json { try Terminal.json(["error": error.message]) }
            Terminal.error(error.message)
            throw ExitCode(1)
        } catch let failure as DaemonError {
            if options.json { try Terminal.json(["error": failure.message]) }
            Terminal.error(failure.message)
            throw ExitCode(1)
        }
        if options.json {
            try Terminal.json(answer)
        } else if let reminder = answer.reminder {
            Terminal.line("reminder \(reminder.id): \(reminder.title), \(answer.why.last ?? "")")
        } else if let number = answer.phoneNumber {
            Terminal.line("call \(number) (\(answer.target?.name ?? ""))")
        } else {
            Terminal.line(
                "directions to \(answer.target?.name ?? "") with \(answer.action?.app ?? "a browser"): \(answer.action?.url ?? "")"
            )
        }
    }
}
