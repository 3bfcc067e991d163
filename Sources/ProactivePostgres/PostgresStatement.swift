import NIOCore
import PostgresNIO

/// A reading statement with its parameters apart from its text, written like a `PostgresQuery`
/// (`"… WHERE user_id = \(userID)"`), that a session can run as a named prepared statement
/// of its connection (``PostgresSession/read(_:while:)``) as well as an unnamed one.
///
/// PostgreSQL parses and analyses an unnamed statement's text each time it runs; a prepared
/// one, once a connection. Connections plan it once for any values too (a generic plan:
/// `plan_cache_mode`, ``PostgresConnectionPool/sessionSettings``), unless the statement
/// ``usesCustomPlan`` (architecture.md, "Reads as prepared statements" and "Planned once").
struct PostgresStatement: ExpressibleByStringInterpolation, Sendable {
    /// The text with `$1`, `$2`… for the parameters, as a `PostgresQuery` has it.
    private(set) var sql = ""
    /// The text with each parameter cast to its type (`$1::TEXT`): a statement prepared
    /// without parameter types has them from its text.
    private(set) var typedSQL = ""
    /// The parameters' values, in order.
    private(set) var binds: [PostgresData] = []
    /// Whether the statement is planned at each run for the values of its parameters (a custom
    /// plan) instead of once for any values (the generic plan, which connections use by
    /// default): for a statement whose best plan depends on them, such as one that reads the
    /// public index, where a frequent word is best found by reading rows in order until the
    /// limit and a rare one through the GIN index. The session sets `plan_cache_mode` around it.
    private(set) var usesCustomPlan = false

    init(stringLiteral value: String) {
        sql = value
        typedSQL = value
    }

    init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.statement
    }

    /// The same statement planned for its values at each run (``usesCustomPlan``).
    func withCustomPlan() -> PostgresStatement {
        var statement = self
        statement.usesCustomPlan = true
        return statement
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
