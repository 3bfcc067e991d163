import ArgumentParser
import Foundation
import Proactive
import ProactiveModel

/// `proactive search QUERY [--app A] [--limit N] [--where EXPR]`
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Ranked search over indexed items, activities and pages.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Words to search for (prefixes match; accents and case are ignored).")
    var query: [String] = []

    @Option(name: .long, help: "Only this app's data.")
    var app: String?

    @Option(name: .long, help: "The most results (default 20).")
    var limit = 20

    @Option(
        name: .customLong("where"),
        help: "A CSSearchQuery-style filter, e.g. 'title == \"rest*\"cd && city == \"Paris\"'.")
    var filter: String?

    func run() throws {
        var expression: SearchQueryExpression?
        if let filter {
            do { expression = try SearchQueryExpression(parsing: filter) } catch {
                throw UsageError(message: "--where: \(error)")
            }
        }
        let results: [SearchResult]
        if let client = try options.daemonClient() {
            struct Answer: Decodable { var results: [SearchResult] }
            let data = try client.send(
                "GET", "v1/search",
                query: [
                    "q": query.joined(separator: " "), "app": app, "limit": String(limit), "where": filter,
                    "at": options.at,
                ])
            results = try client.decode(Answer.self, from: data).results
        } else {
            let request = SearchRequest(query.joined(separator: " "), filter: expression).app(app).limit(
                limit
            )
            .at(try options.date())
            results = try options.openEngine().search(request)
        }
        if options.json {
            try Terminal.json(results)
            return
        }
        if results.isEmpty { Terminal.note("no results") }
        for (i, result) in results.enumerated() {
            Terminal.out(
                "\(i + 1). \(result.title)  [\(result.kind.rawValue) · \(result.app) · \(result.id)]  \(result.score)"
            )
            if let subtitle = result.subtitle { Terminal.out("   \(subtitle)") }
            Terminal.out("   why: \(result.why.joined(separator: "; "))")
        }
    }
}
