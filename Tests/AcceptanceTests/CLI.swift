import Foundation
import Testing

/// Runs the `proactive` executable like a user would.
struct CLI {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the process died by a signal (a crash or a Swift runtime trap).
        var signaled = false

        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
    }

    /// The built executable, next to the test bundle (or $PROACTIVE_BINARY).
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["PROACTIVE_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("proactive")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/proactive")
    }

    let store: String

    init() {
        store =
            FileManager.default.temporaryDirectory.appendingPathComponent("proactive-\(UUID()).sqlite").path
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
        -> Output
    {
        try Self.run(arguments + ["--store", store], stdin: stdin, environment: environment)
    }

    /// Runs the executable on a thread of its own: waiting for a process must not hold one of
    /// Swift's few cooperative threads, which the in-process servers of other tests need.
    func runAsync(_ arguments: [String], stdin: String? = nil) async throws -> Output {
        try await Self.runAsync(arguments + ["--store", store], stdin: stdin)
    }

    /// ``run(_:stdin:environment:)`` on a thread of its own (see ``runAsync(_:stdin:)``).
    static func runAsync(_ arguments: [String], stdin: String? = nil) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try run(arguments, stdin: stdin) }) }.start()
        }
    }

    /// Runs the executable with exactly these arguments (and extra environment variables).
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
        -> Output
    {
        try launch(Self.executable, arguments, stdin: stdin, environment: environment)
    }

    /// Runs a system command (through `/usr/bin/env`); answers its status and output.
    @discardableResult
    static func sh(_ arguments: [String]) throws -> Output {
        try launch(URL(fileURLWithPath: "/usr/bin/env"), arguments)
    }

    /// Writing to a command that stopped reading fails with `EPIPE` instead of killing the
    /// tests with `SIGPIPE`.
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Runs `executable` to its end, feeding it `stdin`; answers its status and output.
    private static func launch(
        _ executable: URL, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        _ = ignoringBrokenPipes
        try process.run()
        // A command may stop reading before the end (a refused batch): the rest is not written.
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self),
            signaled: process.terminationReason == .uncaughtSignal)
    }

    /// A daemon token made with `proactive token create` (`--system` or `--app BUNDLE`).
    func token(_ arguments: [String]) throws -> String {
        let output = try run(["token", "create"] + arguments)
        try #require(output.status == 0, "token create failed: \(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func cleanUp() {
        // The store, its journal, and the files `serve` keeps beside it (the public index's key,
        // the Handoff device state).
        let suffixes = ["", ".public-index-key", ".handoff"].flatMap { [$0, $0 + "-wal", $0 + "-shm"] }
        for suffix in suffixes { try? FileManager.default.removeItem(atPath: store + suffix) }
    }
}
