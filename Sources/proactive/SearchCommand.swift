import ArgumentParser
import Foundation
import Proactive
import ProactiveClient
import ProactiveModel

/// `proactive search QUERY [--app A] [--limit N] [--cursor C] [--where EXPR]`
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Ranked search over indexed items, activities and pages.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Words to search for (prefixes match; accents and case are ignored).")
    var query: [String] = []

    @Option(name: .long, help: "Only this app's data.")
    var app: String?

    @Option(
        name: .long,
        help: "The most results, per page when paging (1–\(SearchRequest.maximumLimit)).")
    var limit = 20

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Pages through every match: \"\" for the first page, then the previous page's nextCursor.",
            valueName: "cursor"))
    var cursor: String?

    @Option(
        name: .customLong("where"),
        help: "A CSSearchQuery-style filter, e.g. 'title == \"rest*\"cd && city == \"Paris\"'.")
    var filter: String?

    func run() throws {
        guard (1...SearchRequest.maximumLimit).contains(limit) else {
            throw UsageError(
                message:
                    "--limit: \(limit) is out of range: limit must be from 1 to \(SearchRequest.maximumLimit) (page through more with --cursor)"
            )
        }
        var expression: SearchQueryExpression?
        if let filter {
            do { expression = try SearchQueryExpression(parsing: filter) } catch {
                throw UsageError(message: "--where: \(error)")
            }
        }
        let page: SearchPage
        if let client = try options.daemonClient() {
            let words = query.joined(separator: " ")
            let parameters = Operations.Search.Input.Query(
                q: words.isEmpty ? nil : words, app: app, _where: filter, limit: limit,
                at: try options.date(),
                locale: options.locale, cursor: cursor)
            let answer = try client.call { try await $0.search(query: parameters).ok.body.json }
            page = SearchPage(results: try client.convert(answer.results), nextCursor: answer.nextCursor)
        } else {
            let request = SearchRequest(query.joined(separator: " "), filter: expression).app(app)
                .limit(limit).cursor(cursor).at(try options.date()).locale(options.locale)
            page = try options.openEngine().searchPage(request)
        }
        let results = page.results
        if options.json {
            // Paging answers the page and its cursor; a plain search, the array of results.
            if cursor != nil { try Terminal.json(page) } else { try Terminal.json(results) }
            return
        }
        if results.isEmpty { Terminal.note("no results") }
        for (i, result) in results.enumerated() {
            Terminal.line(
                "\(i + 1). \(result.title)  [\(result.kind.rawValue) · \(result.app) · \(result.id)]  \(result.score)"
            )
            if let subtitle = result.subtitle { Terminal.line("   \(subtitle)") }
            Terminal.line("   why: \(result.why.joined(separator: "; "))")
        }
        if let next = page.nextCursor { Terminal.out("next page: --cursor \(next)") }
    }
}
