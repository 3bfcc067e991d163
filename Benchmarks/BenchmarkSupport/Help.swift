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
}
