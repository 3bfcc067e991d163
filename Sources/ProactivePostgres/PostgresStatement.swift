import NIOCore
import PostgresNIO

/// A reading statement with its parameters apart from its text, written like a `PostgresQuery`
/// (`"… WHERE user_id = \(userID)"`), that a session can run as a named prepared statement
/// of its connection (``PostgresSession/read(_:while:)``) as well as an unnamed one.
///
/// PostgreSQL parses and analyses an unnamed statement's text each time it runs; a prepared
/// one, once a connection. Each run is still planned (a custom plan: the generic plans of these
/// statements read a user's rows instead of the GIN indexes; architecture.md, "Reads as
/// prepared statements").
struct PostgresStatement: ExpressibleByStringInterpolation, Sendable {
    /// The text with `$1`, `$2`… for the parameters, as a `PostgresQuery` has it.
    private(set) var sql = ""
    /// The text with each parameter cast to its type (`$1::TEXT`): a statement prepared
    /// without parameter types has them from its text.
    private(set) var typedSQL = ""
    /// The parameters' values, in order.
    private(set) var binds: [PostgresData] = []

    init(stringLiteral value: String) {
        sql = value
        typedSQL = value
    }

    init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.statement
    }

    /// The same statement as a `PostgresQuery` (run unnamed).
    var query: PostgresQuery {
        var bindings = PostgresBindings(capacity: binds.count)
        for bind in binds { bindings.append(bind) }
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// Appends a parameter.
    fileprivate mutating func append(_ data: PostgresData) {
        binds.append(data)
        let placeholder = "$\(binds.count)"
        sql += placeholder
        if let type = data.type.knownSQLName {
            typedSQL += "(\(placeholder)::\(type))"
        } else {
            typedSQL += placeholder
        }
    }

    fileprivate mutating func appendText(_ text: String) {
        sql += text
        typedSQL += text
    }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var statement = PostgresStatement(stringLiteral: "")

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) { statement.appendText(literal) }

        /// A parameter.
        mutating func appendInterpolation<Value: PostgresDynamicTypeEncodable>(_ value: Value) {
            var buffer = ByteBuffer()
            value.encode(into: &buffer, context: .default)
            statement.append(PostgresData(type: value.psqlType, formatCode: value.psqlFormat, value: buffer))
        }

        /// A parameter that may be NULL (of its type either way).
        mutating func appendInterpolation<Value: PostgresDynamicTypeEncodable & PostgresEncodable>(
            _ value: Value?
        ) {
            guard let value else {
                statement.append(PostgresData(type: Value.psqlType, formatCode: Value.psqlFormat, value: nil))
                return
            }
            appendInterpolation(value)
        }

        /// Text written into the statement as it is (never data).
        mutating func appendInterpolation(unescaped text: String) { statement.appendText(text) }
    }
}
