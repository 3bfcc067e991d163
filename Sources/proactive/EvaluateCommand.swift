import ArgumentParser
import Foundation
import ProactiveRanking

/// `proactive evaluate next-app --log FILE`
struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate", abstract: "Measure suggestion quality on public data.",
        subcommands: [NextApp.self])

    /// `proactive evaluate next-app --log FILE`
    struct NextApp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next-app",
            abstract:
                "Next-app prediction quality on a usage log (LSApp layout, .gz allowed), beside baselines.")

        @OptionGroup var options: GlobalOptions

        @Option(
            name: .long,
            help:
                "The usage log: user_id, session_id, timestamp, app_name, event_type, app_id (tab-separated)."
        )
        var log: String

        func run() throws {
            let text = try LogFile.read(log)
            let report: NextAppEvaluationReport
            do {
                report = try NextAppEvaluation.evaluate(text: text)
            } catch let error as NextAppEvaluationError {
                throw UsageError(
                    message: "--log: \(error.message)\(error.line.map { " (line \($0))" } ?? "")")
            }
            if options.json {
                try Terminal.json(report)
            } else {
                Terminal.out("\(report.users) users, \(report.launches) test launches predicted")
                Terminal.out(report.markdownTable)
            }
        }
    }
}

/// Reads a text file, decompressing gzip (by its magic bytes) with `gzip -dc`.
enum LogFile {
    static func read(_ path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw UsageError(message: ReadProblem.message(path))
        }
        let magic = (try? handle.read(upToCount: 2)) ?? Data()
        try? handle.close()
        guard magic == Data([0x1F, 0x8B]) else { return try String(contentsOfFile: path, encoding: .utf8) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw UsageError(message: "\(path) is not a valid gzip file")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
