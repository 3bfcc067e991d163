import ArgumentParser
import Foundation
import ProactiveMarkup

/// `proactive extract FILE|-`
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract:
            "The schema.org entities and places found in an HTML page (JSON-LD, microdata, RDFa, Open Graph), as JSON."
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The HTML file, or - for standard input.")
    var file: String

    @Option(name: .long, help: "The page's URL, to resolve relative links.")
    var url: String?

    func run() throws {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw UsageError(message: ReadProblem.message(file))
            }
            data = contents
        }
        do {
            try Terminal.json(try MarkupExtractor().extract(html: data, url: url))
        } catch let error as MarkupError {
            Terminal.error("\(file): \(error.message)")
            throw ExitCode(1)
        }
    }
}
