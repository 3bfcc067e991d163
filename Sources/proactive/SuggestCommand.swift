import ArgumentParser
import Foundation
import Proactive
import ProactiveClient
import ProactiveModel

/// `proactive suggest --surface S [--at T] [--app A] [--person H] [--limit N] [--time-zone Z]`
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest", abstract: "What a surface shows now, each suggestion with why.")

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, help: "The surface: lockScreen, spotlight, appSwitcher, carPlay, maps or contactCard.")
    var surface: String

    @Option(name: .long, help: "The app in the foreground.")
    var app: String?

    @Option(name: .long, help: "The person whose contact card is shown (phone number or email).")
    var person: String?

    @Option(
        name: .long,
        help:
            "For quickType: the field's content type (location, fullStreetAddress, addressCityAndState, telephoneNumber…)."
    )
    var contentType: String?

    @Option(name: .long, help: "For quickType: the text typed so far.")
    var text: String?

    // `.unconditional`: `--latitude -33.87` is a value south of the equator, not an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: "Where the device is: latitude (with --longitude); nearby destinations first.")
    var latitude: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: "Where the device is: longitude (with --latitude), negative west of Greenwich.")
    var longitude: Double?

    @Option(name: .long, help: "The most suggestions, from 1 to \(SuggestionRequest.maximumLimit).")
    var limit = 5

    @OptionGroup var zone: TimeZoneOption

    func run() throws {
        guard (1...SuggestionRequest.maximumLimit).contains(limit) else {
            throw UsageError(
                message:
                    "--limit: \(limit) is out of range: limit must be from 1 to \(SuggestionRequest.maximumLimit)"
            )
        }
        let timeZone = try zone.timeZone()
        guard let surface = Surface(rawValue: surface) else {
            throw UsageError(
                message:
                    "--surface: unknown surface; expected one of \(Surface.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        var type: TextContentType?
        if let contentType {
            guard let parsed = TextContentType(rawValue: contentType) else {
                throw UsageError(
                    message:
                        "--content-type: unknown content type; expected one of \(TextContentType.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            type = parsed
        }
        var location: Coordinate?
        switch (latitude, longitude) {
        case (nil, nil): break
        case (let latitude?, let longitude?):
            // The engine checks the range (and names the coordinate at fault).
            location = Coordinate(latitude: latitude, longitude: longitude)
        default: throw UsageError(message: "--latitude and --longitude go together")
        }
        let suggestions: [Suggestion]
        if let client = try options.daemonClient() {
            typealias Query = Operations.Suggestions.Input.Query
            guard let surface = Query.SurfacePayload(rawValue: surface.rawValue) else {
                throw UsageError(
                    message: "--surface: \(surface.rawValue) is answered by `proactive ask` on a daemon")
            }
            let parameters = Query(
                surface: surface, at: try options.date(), app: app, person: person,
                contentType: type.flatMap { Query.ContentTypePayload(rawValue: $0.rawValue) }, text: text,
                limit: limit, locale: options.locale, timeZone: timeZone?.identifier,
                location: location.map {
                    Query.LocationPayload(latitude: $0.latitude, longitude: $0.longitude)
                })
            let answer = try client.call { try await $0.suggestions(query: parameters).ok.body.json }
            suggestions = try client.convert(answer.suggestions)
        } else {
            let engine = try options.openEngine()
            let request = SuggestionRequest(surface: surface).app(app).person(person).limit(limit)
                .at(try options.date()).locale(options.locale).timeZone(timeZone).typing(text, in: type)
                .near(location)
            suggestions = try engine.suggestions(for: request)
        }
        if options.json {
            try Terminal.json(suggestions)
            return
        }
        if suggestions.isEmpty { Terminal.note("nothing to suggest") }
        for (i, s) in suggestions.enumerated() {
            Terminal.line(
                "\(i + 1). \(s.title)\(s.subtitle.map { " — \($0)" } ?? "")  [\(s.kind.rawValue) · \(s.action.type.rawValue) \(s.action.app ?? "")]  \(s.score)"
            )
            Terminal.line("   why: \(s.why.joined(separator: "; "))")
        }
    }
}
