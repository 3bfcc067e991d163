import NIOCore
import PostgresNIO
import ProactiveStorage

extension StorageError {
    /// Maps an error of PostgreSQL or of the connection to a storage error.
    ///
    /// The message never holds SQL text or user data: it names what was being done, the
    /// SQLSTATE and its condition (PostgreSQL's own message can quote values, and
    /// `PostgresTransactionError`'s description prints the query).
    init(postgres error: any Error, while doing: String) {
        if let error = error as? StorageError {
            self = error
            return
        }
        if let timeout = error as? BoundedWaitTimeout {
            self.init(
                code: .unavailable,
                message: "PostgreSQL did not answer within \(Int(timeout.seconds)) s while \(doing)")
            return
        }
        if error is WaitOnEventLoop {
            self.init(
                code: .database,
                message:
                    "PostgresStorage is synchronous: it was called on an event loop's thread while \(doing) (call it from a dispatch queue)"
            )
            return
        }
        if let error = error as? PSQLError {
            if error.code == .server, let state = error.serverInfo?[.sqlState] {
                self.init(sqlState: state, while: doing)
                return
            }
            switch error.code {
            case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection,
                .poolClosed:
                self.init(
                    code: .unavailable,
                    message: "the connection to PostgreSQL was lost while \(doing) (\(error.code))")
            case .queryCancelled:
                self.init(code: .busy, message: "a PostgreSQL statement was cancelled while \(doing)")
            default:
                self.init(code: .database, message: "PostgreSQL client error while \(doing) (\(error.code))")
            }
            return
        }
        if error is PostgresDecodingError {
            self.init(code: .database, message: "unexpected value type from PostgreSQL while \(doing)")
            return
        }
        if error is ChannelError || error is IOError {
            self = .connectionLost(while: doing)
            return
        }
        self.init(code: .database, message: "PostgreSQL error while \(doing) (\(type(of: error)))")
    }

    /// A statement could not run or be answered: the connection was lost (`.unavailable`).
    static func connectionLost(while doing: String) -> StorageError {
        StorageError(code: .unavailable, message: "the connection to PostgreSQL was lost while \(doing)")
    }

    /// Maps a server error by its SQLSTATE.
    init(sqlState state: String, while doing: String) {
        let reason = "SQLSTATE \(state)\(Self.conditionNames[state].map { ", \($0)" } ?? "")"
        let code: Code
        switch state {
        case "53100": code = .full
        case "53300", "57P01", "57P02", "57P03": code = .unavailable
        case "57014", "55P03", "40001", "40P01": code = .busy
        case "XX001", "XX002": code = .corrupt
        case _ where state.hasPrefix("08"): code = .unavailable
        case _ where state.hasPrefix("23"): code = .conflict
        default: code = .database
        }
        self.init(code: code, message: "PostgreSQL refused \(doing) (\(reason))")
    }

    /// Names of the conditions a message may mention (the rest show their SQLSTATE only).
    static let conditionNames: [String: String] = [
        "08000": "connection exception", "08003": "connection does not exist",
        "08006": "connection failure", "0A000": "feature not supported",
        "22001": "string data right truncation", "22021": "character not in repertoire (a NUL character?)",
        "22P02": "invalid text representation", "23502": "not null violation",
        "23503": "foreign key violation (the row it refers to does not exist)",
        "23505": "unique violation", "25006": "read-only transaction", "28000": "invalid authorization",
        "28P01": "invalid password", "3D000": "database does not exist", "40001": "serialization failure",
        "40P01": "deadlock detected", "42501": "insufficient privilege", "42P01": "undefined table",
        "53100": "disk full", "53200": "out of memory", "53300": "too many connections",
        "54000": "program limit exceeded (a value is too large to index)", "55P03": "lock not available",
        "57014": "statement timeout or cancel", "57P01": "server shutting down",
        "57P02": "server crashed", "57P03": "server starting up", "XX001": "data corrupted",
        "XX002": "index corrupted",
    ]
}
