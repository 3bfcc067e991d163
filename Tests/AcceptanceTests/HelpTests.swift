import Foundation
import Testing

/// `--help`, `help`, `--version`, usage errors and completions behave as swift-argument-parser
/// users expect, and the help text of every command is exactly the one committed in `Help/`
/// (regenerate with `PROACTIVE_UPDATE_HELP=1 swift test --filter HelpTests` after a deliberate
/// change, and review the diff).
@Suite struct HelpTests {
    static let commands: [[String]] = [
        [], ["donate"], ["search"], ["delete"], ["continue"], ["client-state"], ["client-state", "fetch"],
        ["evaluate"], ["evaluate", "next-app"], ["suggest"], ["extract"], ["geocode"], ["ask"], ["serve"],
        ["token"], ["token", "create"], ["token", "list"], ["token", "revoke"], ["device"],
        ["device", "code"],
        ["device", "join"], ["device", "list"], ["device", "revoke"], ["relay"], ["check"],
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Help")

    static func name(_ command: [String]) -> String {
        (["proactive"] + command).joined(separator: "-") + ".txt"
    }

    @Test(arguments: commands) func helpIsExactAndExitsZero(_ command: [String]) throws {
        let output = try CLI.run(command + ["--help"], environment: ["COLUMNS": "100"])
        #expect(output.status == 0, "\(command) --help: \(output.stderr)")
        #expect(output.stderr.isEmpty)
        let file = Self.folder.appendingPathComponent(Self.name(command))
        if ProcessInfo.processInfo.environment["PROACTIVE_UPDATE_HELP"] == "1" {
            try output.stdout.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(output.stdout == expected, "help of \(command) differs from \(file.lastPathComponent)")
        // `proactive help COMMAND` prints the same screen.
        if !command.isEmpty {
            let viaHelp = try CLI.run(["help"] + command, environment: ["COLUMNS": "100"])
            #expect(viaHelp.status == 0 && viaHelp.stdout == output.stdout)
        }
    }

    @Test func bareCommandPrintsHelpAndVersionIsPrinted() throws {
        let bare = try CLI.run([], environment: ["COLUMNS": "100"])
        #expect(bare.status == 0 && bare.stdout.hasPrefix("OVERVIEW: "))
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(
            version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test(arguments: [
        ["bogus"], ["search", "--limit", "x", "q"], ["donate", "--bogus"], ["token", "create"],
        ["token", "create", "--app", "a", "--system"], ["suggest", "--surface", "nowhere"],
        ["suggest", "--surface", "maps", "--limit", "9223372036854775807"],
        ["suggest", "--surface", "maps", "--limit", "0"],
        ["device", "join"],
        ["device", "list"], ["relay", "--port", "70000"], ["serve", "--relay", "ftp:x"],
    ])
    func usageErrorsExitTwoAndSayWhy(_ arguments: [String]) throws {
        let output = try CLI.run(arguments)
        #expect(output.status == 2, "\(arguments): \(output.stdout) \(output.stderr)")
        #expect(!output.stderr.isEmpty && output.stdout.isEmpty)
        #expect(!output.stderr.contains("CommandError"))
    }

    @Test(arguments: ["bash", "zsh", "fish"]) func completionScripts(_ shell: String) throws {
        let output = try CLI.run(["--generate-completion-script", shell])
        #expect(output.status == 0 && output.stdout.contains("proactive") && output.stdout.contains("search"))
    }
}
