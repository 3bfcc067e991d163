import Foundation

/// A benchmark's `--help`: every benchmark answers it with its usage instead of running.
public enum Help {
    /// Prints `usage` and exits with status 0 when the command line asks for help (`--help`
    /// or `-h`).
    public static func exitIfAsked(_ usage: String) {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.contains("--help") || arguments.contains("-h") else { return }
        print(usage)
        exit(0)
    }

    /// Writes `message` and `usage` to standard error, named by the program, and exits with
    /// status 2 (a usage error).
    public static func fail(_ message: String, usage: String) -> Never {
        let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "benchmark").lastPathComponent
        FileHandle.standardError.write(Data("\(program): \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
