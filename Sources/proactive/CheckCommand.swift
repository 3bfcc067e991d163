import ArgumentParser
import Foundation
import Proactive
import ProactiveStorage

/// `proactive check`: reads the whole store and says whether it is intact.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the store: read every page, row and index and list what is damaged.",
        discussion: """
            Exits with status 0 when the store is intact and 1 when it is damaged or cannot be
            read, with one line per problem. A damaged SQLite store: restore a backup copy of the
            file, or move it aside (a new, empty store is made in its place) and donate again.
            """)

    @OptionGroup var options: GlobalOptions

    /// What `--json` prints.
    struct Report: Encodable {
        var store: String
        var intact: Bool
        var problems: [String]
    }

    func validate() throws {
        if options.server != nil {
            throw ValidationError("check reads the store itself: run it where the store is, without --server")
        }
    }

    func run() throws {
        let location = options.postgresURL == nil ? options.storePath : "the PostgreSQL database"
        if options.postgresURL == nil, !FileManager.default.fileExists(atPath: options.storePath) {
            throw UsageError(
                message: "there is no store at \(options.storePath) (--store or $PROACTIVE_STORE)")
        }
        let problems: [String]
        do {
            problems = try options.openEngine().checkIntegrity()
        } catch let error as StorageError where error.code == .corrupt {
            problems = [error.message]
        }
        if options.json {
            try Terminal.json(Report(store: location, intact: problems.isEmpty, problems: problems))
        } else if problems.isEmpty {
            Terminal.out("intact: \(location)")
        } else {
            Terminal.error(
                "\(location) is damaged (\(problems.count) problem\(problems.count == 1 ? "" : "s"))")
            for problem in problems { Terminal.out(problem) }
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
