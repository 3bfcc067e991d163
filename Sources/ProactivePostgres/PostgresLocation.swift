import Foundation
import ProactiveStorage

/// Where a PostgreSQL database is, parsed from a libpq connection URL such as
/// `postgres://proactive@127.0.0.1:5432/proactive` (`postgresql://` too; a password, a port
/// and `?sslmode=disable|prefer|require` are optional).
///
/// As with libpq, a host that is an absolute path names the directory of the server's
/// Unix-domain socket (`postgres://proactive@/proactive?host=/var/run/postgresql`, or the
/// path percent-encoded as the host): a server on the same machine is reached without TCP,
/// each statement's round trip cheaper (docs/benchmarks.md). The socket is
/// `DIRECTORY/.s.PGSQL.PORT`; TLS does not apply to it.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// The host name or address, or the directory of the server's Unix-domain socket (an
    /// absolute path).
    public var host: String
    /// The port (5432 by default).
    public var port: Int
    /// The role to connect as.
    public var username: String
    /// The password, if any.
    public var password: String?
    /// The database.
    public var database: String
    /// Whether to use TLS: `disable`, `prefer` (the default) or `require`.
    public var sslMode: String

    /// Parses a connection URL; the error names what is wrong and never echoes the password.
    public init(url string: String) throws(StorageError) {
        func invalid(_ reason: String) -> StorageError {
            StorageError(
                code: .cannotOpen,
                message:
                    "invalid PostgreSQL URL (--postgres or PROACTIVE_POSTGRES): \(reason); expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE or postgres://USER@/DATABASE?host=/SOCKET/DIRECTORY"
            )
        }
        guard let components = URLComponents(string: string) else { throw invalid("not a URL") }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
        else { throw invalid("the scheme must be postgres:// or postgresql://") }
        var host = components.host ?? ""
        guard let user = components.user, !user.isEmpty else { throw invalid("no user name") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw invalid("no database name") }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw invalid("the port must be 1 to 65535") }
        var sslMode = "prefer"
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, ["disable", "prefer", "require"].contains(value) else {
                    throw invalid("sslmode must be disable, prefer or require")
                }
                sslMode = value
            case "host":
                guard let value = item.value, !value.isEmpty else { throw invalid("host must not be empty") }
                host = value
            case "application_name", "connect_timeout": continue
            default: throw invalid("unknown parameter \(item.name)")
            }
        }
        guard !host.isEmpty else { throw invalid("no host") }
        // A socket's path must fit in `sockaddr_un` (108 bytes, its terminating NUL included).
        if let path = Self.socketPath(host: host, port: port), path.utf8.count >= 108 {
            throw invalid("the socket directory's path is too long")
        }
        self.host = host
        self.port = port
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.sslMode = sslMode
    }

    /// The path of the server's Unix-domain socket when ``host`` names its directory.
    public var socketPath: String? { Self.socketPath(host: host, port: port) }

    /// `HOST/.s.PGSQL.PORT` when `host` is a directory (an absolute path), as libpq names it.
    private static func socketPath(host: String, port: Int) -> String? {
        host.hasPrefix("/") ? "\(host)/.s.PGSQL.\(port)" : nil
    }

    /// The location without its password.
    public var description: String {
        socketPath == nil
            ? "postgres://\(username)@\(host):\(port)/\(database)"
            : "postgres://\(username)@:\(port)/\(database)?host=\(host)"
    }
}
