import ArgumentParser
import Foundation
import Proactive
import ProactiveModel
import ProactivePostgres
import ProactiveSQLite
import ProactiveStorage

/// Options every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long, help: "The store's path (default: $PROACTIVE_STORE, else the user's data directory).")
    var store: String?

    @Flag(name: .long, help: "Print one JSON value on stdout.")
    var json = false

    @Option(name: .long, help: "The time to act at, ISO 8601 (default: the clock).")
    var at: String?

    @Option(name: .long, help: "The language of generated text, e.g. fr-FR (default: the system locale).")
    var locale: String?

    @Option(
        name: .long,
        help:
            "A running daemon's URL, e.g. http://127.0.0.1:8787 (default: $PROACTIVE_SERVER; none: the local store)."
    )
    var server: String?
    @Option(name: .long, help: "The daemon's bearer token (default: $PROACTIVE_TOKEN).")
    var token: String?

    @Option(
        name: .long,
        help:
            "Whose data to read and write in a local store or database (default: $PROACTIVE_USER, else the store's one user, \"default\")."
    )
    var user: String?

    @Option(
        name: .long,
        help:
            "A PostgreSQL database instead of the local store, e.g. postgres://proactive@127.0.0.1:5432/proactive, or through the server's socket on this machine: postgres://proactive@/proactive?host=/var/run/postgresql (default: $PROACTIVE_POSTGRES)."
    )
    var postgres: String?

    /// A client of the daemon when `--server` (or `$PROACTIVE_SERVER`) is given.
    func daemonClient() throws -> DaemonClient? {
        let environment = ProcessInfo.processInfo.environment
        guard let server = server ?? environment["PROACTIVE_SERVER"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https", url.host != nil
        else {
            throw UsageError(message: "--server: expected a URL such as http://127.0.0.1:8787")
        }
        guard let token = token ?? environment["PROACTIVE_TOKEN"], !token.isEmpty else {
            throw UsageError(message: "--token (or $PROACTIVE_TOKEN) is required with --server")
        }
        return DaemonClient(base: url, token: token)
    }

    /// The store path: flag, then environment, then the user's data directory.
    var storePath: String {
        if let store { return store }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PROACTIVE_STORE"], !path.isEmpty { return path }
        return dataDirectory + "/store.sqlite"
    }

    /// The user's data directory for Proactive (`$XDG_DATA_HOME/proactive`).
    var dataDirectory: String { Self.dataDirectory }

    /// The user's data directory for Proactive (`$XDG_DATA_HOME/proactive`), for commands
    /// without the global options (`relay`).
    static var dataDirectory: String {
        let base =
            ProcessInfo.processInfo.environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() + "/.local/share")
        return base + "/proactive"
    }

    /// The time given with --at, if any.
    func date() throws -> Date? {
        guard let at else { return nil }
        guard let date = DonationCoding.parseDate(at) else {
            throw UsageError(message: "--at: \(DonationCoding.dateProblem(at))")
        }
        return date
    }

    /// The user named with --user (or $PROACTIVE_USER), else the store's one user.
    func userID() throws -> UserID {
        let environment = ProcessInfo.processInfo.environment
        guard let name = user ?? environment["PROACTIVE_USER"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .device
        }
        guard let id = UserID(rawValue: name) else {
            throw UsageError(
                message:
                    "--user: expected 1 to \(UserID.maximumLength) letters, digits, '.', '_', '-' or '@'")
        }
        return id
    }

    /// The PostgreSQL URL given with --postgres (or $PROACTIVE_POSTGRES), if any.
    var postgresURL: String? {
        postgres
            ?? ProcessInfo.processInfo.environment["PROACTIVE_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The storage: the PostgreSQL database when one is named, else the local SQLite store.
    func openStorage() throws -> any Storage {
        if let postgresURL {
            // A URL that cannot be right is a usage error (exit 2); an unreachable database is not.
            do {
                _ = try PostgresLocation(url: postgresURL)
            } catch {
                throw UsageError(message: error.message)
            }
            return try PostgresStorage(url: postgresURL)
        }
        try checkStorePath()
        return try SQLiteStorage(path: storePath)
    }

    /// Refuses a store path given with `--store` or `$PROACTIVE_STORE` that cannot be a store:
    /// empty, a directory, or in a directory that does not exist (a mistyped path would
    /// otherwise make the directories and an empty store there). The default path's
    /// directories are made when missing.
    func checkStorePath() throws {
        let environment = ProcessInfo.processInfo.environment
        let setting: String
        if store != nil {
            setting = "--store"
        } else if let path = environment["PROACTIVE_STORE"], !path.isEmpty {
            setting = "$PROACTIVE_STORE"
        } else {
            return
        }
        let path = storePath
        guard !path.isEmpty else { throw UsageError(message: "\(setting): expected the store's path") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError(
                message:
                    "\(setting): \(path) is a directory; give the store's file, e.g. \(path)/store.sqlite")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
            || !isDirectory.boolValue
        {
            throw UsageError(
                message:
                    "\(setting): the directory \(directory) does not exist; create it, or give another path")
        }
    }

    /// The engine, with the public index's threshold and key (see `docs/public-index.md`).
    ///
    /// - Parameters:
    ///   - publicThreshold: `--public-threshold` of `serve`; else `$PROACTIVE_PUBLIC_THRESHOLD`,
    ///     else 5.
    ///   - publicIndexKeyFile: `--public-index-key-file` of `serve`; else
    ///     `$PROACTIVE_PUBLIC_INDEX_KEY_FILE`, else beside the SQLite store
    ///     (`store.sqlite.public-index-key`) or, on PostgreSQL, in the user's data directory.
    func openEngine(publicThreshold: Int? = nil, publicIndexKeyFile: String? = nil) throws -> ProactiveEngine
    {
        let environment = ProcessInfo.processInfo.environment
        var configuration = EngineConfiguration()
        if let threshold = publicThreshold {
            configuration.publicThreshold = threshold
        } else if let text = environment["PROACTIVE_PUBLIC_THRESHOLD"], !text.isEmpty {
            guard let threshold = Int(text), threshold >= 1 else {
                throw UsageError(
                    message: "$PROACTIVE_PUBLIC_THRESHOLD: expected a whole number of users, 1 or more")
            }
            configuration.publicThreshold = threshold
        }
        let keyFile =
            publicIndexKeyFile ?? environment["PROACTIVE_PUBLIC_INDEX_KEY_FILE"].flatMap {
                $0.isEmpty ? nil : $0
            }
            ?? (postgresURL == nil ? storePath + ".public-index-key" : dataDirectory + "/public-index.key")
        let storage = try openStorage()
        configuration.publicIndexKey = try PublicIndexKeyFile.key(at: keyFile)
        return try ProactiveEngine(storage: storage, user: userID(), configuration: configuration)
    }
}
