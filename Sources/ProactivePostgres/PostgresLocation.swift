import Foundation
import ProactiveStorage

/// Where a PostgreSQL database is, parsed from a libpq connection URL such as
/// `postgres://proactive@127.0.0.1:5432/proactive` (`postgresql://` too; a password, a port
/// and `?sslmode=disable|prefer|require` are optional).
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// The host name or address.
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
                    "invalid PostgreSQL URL (--postgres or PROACTIVE_POSTGRES): \(reason); expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
            )
        }
        guard let components = URLComponents(string: string) else { throw invalid("not a URL") }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
        else { throw invalid("the scheme must be postgres:// or postgresql://") }
        guard let host = components.host, !host.isEmpty else { throw invalid("no host") }
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
            case "application_name", "connect_timeout": continue
            default: throw invalid("unknown parameter \(item.name)")
            }
        }
        self.host = host
        self.port = port
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.sslMode = sslMode
    }

    /// The location without its password.
    public var description: String { "postgres://\(username)@\(host):\(port)/\(database)" }
}
