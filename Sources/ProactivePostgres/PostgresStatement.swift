import NIOCore
import PostgresNIO
import ProactiveText

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
    /// limit and a rare one through the GIN index. The session runs it unnamed with its values
    /// written into its text (``literalQuery``), or else sets `plan_cache_mode` around it.
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

    /// The same statement with each parameter written into its text as a literal of its type
    /// (`(E'…'::TEXT)`, `('-40'::BIGINT)`, `(NULL::TEXT)`), to run unnamed and without parameters:
    /// PostgreSQL then plans it for those values, as a custom plan, without `plan_cache_mode`
    /// set around it (two round trips: postgres-nio sends a statement only once the one
    /// before it is answered). Nil when a parameter is of a type not written so (only text,
    /// integers, booleans and finite doubles are) or text holds a NUL character.
    var literalQuery: PostgresQuery? {
        var literals: [String] = []
        literals.reserveCapacity(binds.count)
        for bind in binds {
            guard let literal = Self.literal(bind) else { return nil }
            literals.append(literal)
        }
        // `sql` has `$1`, `$2`… where its parameters are, and no other `$` followed by a
        // digit (its other text is never data: string literals and `unescaped:` text).
        var text = ""
        text.reserveCapacity(sql.utf8.count + literals.reduce(0) { $0 + $1.utf8.count })
        var bytes = Substring(sql).utf8[...]
        while let dollar = bytes.firstIndex(of: UInt8(ascii: "$")) {
            text += String(Substring(bytes[..<dollar]))
            let digits = bytes[bytes.index(after: dollar)...].prefix { (0x30...0x39).contains($0) }
            guard let number = Int(String(Substring(digits))), number >= 1, number <= literals.count else {
                return nil
            }
            text += literals[number - 1]
            bytes = bytes[digits.endIndex...]
        }
        text += String(Substring(bytes))
        return PostgresQuery(unsafeSQL: text, binds: PostgresBindings())
    }

    /// A parameter's value as an SQL literal cast to its type, or nil (see ``literalQuery``).
    private static func literal(_ data: PostgresData) -> String? {
        guard data.formatCode == .binary, let name = data.type.knownSQLName else { return nil }
        guard var value = data.value else { return "(NULL::\(name))" }
        switch data.type {
        case .text:
            guard let string = value.readString(length: value.readableBytes), !string.utf8.contains(0) else {
                return nil
            }
            // An escape string (`E'…'`): backslashes and quotes doubled, whatever
            // `standard_conforming_strings` says; the connection's encoding is UTF-8.
            return "(E'" + string.doublingEach(of: [UInt8(ascii: "\\"), UInt8(ascii: "'")]) + "'::\(name))"
        case .int8:
            guard value.readableBytes == 8, let int = value.readInteger(as: Int64.self) else { return nil }
            return "('\(int)'::\(name))"
        case .int4:
            guard value.readableBytes == 4, let int = value.readInteger(as: Int32.self) else { return nil }
            return "('\(int)'::\(name))"
        case .bool:
            guard value.readableBytes == 1, let byte = value.readInteger(as: UInt8.self) else { return nil }
            return byte == 0 ? "false" : "true"
        case .float8:
            guard value.readableBytes == 8, let bits = value.readInteger(as: UInt64.self) else { return nil }
            let double = Double(bitPattern: bits)
            guard double.isFinite else { return nil }
            return "('\(double)'::\(name))"
        default:
            return nil
        }
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
