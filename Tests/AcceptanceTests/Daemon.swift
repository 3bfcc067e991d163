import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `proactive serve` process on a loopback port, started like a user would.
final class Daemon: @unchecked Sendable {
    let process = Process()
    let url: URL
    private let output = Pipe()

    /// Starts the daemon on `store` and waits until it listens.
    convenience init(store: String, arguments: [String] = []) throws {
        try self.init(arguments: ["--store", store] + arguments)
    }

    /// Starts the daemon with these `serve` arguments (a store or a database) and waits until it
    /// listens.
    /// With `log`, its log (standard error) is written to that file, at `logLevel`.
    /// `command` is `serve` (a daemon), `relay` (a Handoff relay), or `exec-in:NAMESPACE` to run
    /// the command line `arguments` in a network namespace. `environment` adds to the test's.
    init(
        arguments: [String], log: URL? = nil, logLevel: String = "warning", command: String = "serve",
        port: Int = 0, environment: [String: String] = [:]
    ) throws {
        if command.hasPrefix("exec-in:") {
            // `arguments` is a whole command line, run in a network namespace.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                ["ip", "netns", "exec", String(command.dropFirst(8))] + arguments + [
                    "--port", "\(port)", "--log-level", logLevel,
                ]
        } else {
            process.executableURL = CLI.executable
            process.arguments = [command, "--port", "\(port)", "--log-level", logLevel] + arguments
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = output
        if let log {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        // The first line on stdout says where it listens.
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://"),
            let end = text[range.lowerBound...].firstIndex(of: "\n") ?? nil,
            let url = URL(string: String(text[range.lowerBound..<end]))
        else {
            process.terminate()
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "daemon did not start: \(text)"])
        }
        self.url = url
    }

    /// Kills the process at once (SIGKILL: no chance to flush or clean up).
    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Asks for a graceful shutdown (SIGTERM) and returns the exit status.
    func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    struct Answer {
        var status: Int
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
    }

    func request(
        _ method: String, _ path: String, token: String?, body: String? = nil,
        contentType: String = "application/json"
    )
        async throws -> Answer
    {
        var request = URLRequest(url: URL(string: path, relativeTo: url)!)
        request.httpMethod = method
        // A request to a daemon that was killed fails within this, not after URLSession's minute.
        request.timeoutInterval = 20
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return Answer(status: (response as! HTTPURLResponse).statusCode, body: data)
    }
}
