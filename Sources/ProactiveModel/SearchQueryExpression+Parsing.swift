import Foundation

extension SearchQueryExpression {
    /// Parses a query string.
    public init(parsing text: String) throws(SearchQuerySyntaxError) {
        var parser = QueryParser(Array(text.unicodeScalars))
        self = try parser.parseExpression()
        parser.skipSpace()
        guard parser.atEnd else { throw parser.error("unexpected \(parser.peekDescription)") }
    }
}

struct QueryParser {
    typealias Value = SearchQueryExpression.Value
    typealias Modifiers = SearchQueryExpression.Modifiers
    typealias Operator = SearchQueryExpression.Operator

    let s: [Unicode.Scalar]
    var i = 0
    var depth = 0

    init(_ s: [Unicode.Scalar]) { self.s = s }

    var atEnd: Bool { i >= s.count }
    var peekDescription: String { atEnd ? "end of query" : "'\(Character(s[i]))'" }

    /// An error at the current position, counted in characters as the user sees them (a
    /// letter and its combining accent are one), not in Unicode scalars.
    func error(_ message: String) -> SearchQuerySyntaxError {
        var before = String.UnicodeScalarView()
        before.append(contentsOf: s[..<min(i, s.count)])
        return SearchQuerySyntaxError(offset: String(before).count, message: message)
    }

    mutating func skipSpace() { while !atEnd && s[i].properties.isWhitespace { i += 1 } }

    mutating func consume(_ token: String) -> Bool {
        skipSpace()
        let t = Array(token.unicodeScalars)
        guard i + t.count <= s.count, Array(s[i..<(i + t.count)]) == t else { return false }
        i += t.count
        return true
    }

    mutating func parseExpression() throws(SearchQuerySyntaxError) -> SearchQueryExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth < 100 else { throw error("the query nests too deeply") }
        var left = try parseAnd()
        while consume("||") { left = .or(left, try parseAnd()) }
        return left
    }

    mutating func parseAnd() throws(SearchQuerySyntaxError) -> SearchQueryExpression {
        var left = try parseUnary()
        while consume("&&") { left = .and(left, try parseUnary()) }
        return left
    }

    mutating func parseUnary() throws(SearchQuerySyntaxError) -> SearchQueryExpression {
        skipSpace()
        if atEnd { throw error("expected a comparison, found end of query") }
        if s[i] == "!" && !(i + 1 < s.count && s[i + 1] == "=") {
            i += 1
            depth += 1
            defer { depth -= 1 }
            guard depth < 100 else { throw error("the query nests too deeply") }
            return .not(try parseUnary())
        }
        if consume("(") {
            let inner = try parseExpression()
            guard consume(")") else { throw error("expected ')', found \(peekDescription)") }
            return inner
        }
        let name = try parseIdentifier()
        if name == "true" { return .constant(true) }
        if name == "false" { return .constant(false) }
        if name == "InRange" {
            guard consume("(") else { throw error("expected '(' after InRange") }
            let attribute = try parseIdentifier()
            guard consume(",") else { throw error("expected ',' in InRange") }
            skipSpace()
            let lowerStart = i
            let lower = try parseValue().0
            guard consume(",") else { throw error("expected ',' in InRange") }
            let upper = try parseValue().0
            guard consume(")") else { throw error("expected ')' to close InRange") }
            // Bounds the wrong way round match nothing, silently: say so instead.
            let reversed: Bool =
                switch (lower, upper) {
                case (.number(let a), .number(let b)): a > b
                case (.date(let a), .date(let b)): a > b
                case (.string(let a), .string(let b)): a > b
                case (.relativeTime(.today(let a)), .relativeTime(.today(let b))): a > b
                case (.relativeTime(.now(let a)), .relativeTime(.now(let b))): a > b
                default: false
                }
            if reversed {
                i = lowerStart
                throw error(
                    "InRange's lower bound is above its upper bound: nothing could match (write the lower first)"
                )
            }
            return .inRange(attribute: attribute, lower: lower, upper: upper)
        }
        skipSpace()
        let op: Operator
        if consume("==") {
            op = .equal
        } else if consume("!=") {
            op = .notEqual
        } else if consume("<=") {
            op = .lessOrEqual
        } else if consume(">=") {
            op = .greaterOrEqual
        } else if consume("<") {
            op = .less
        } else if consume(">") {
            op = .greater
        } else {
            throw error(
                "expected a comparison operator (==, !=, <, >, <=, >=) after \(name), found \(peekDescription)"
            )
        }
        let (value, modifiers) = try parseValue()
        return .comparison(attribute: name, op: op, value: value, modifiers: modifiers)
    }

    mutating func parseIdentifier() throws(SearchQuerySyntaxError) -> String {
        skipSpace()
        if consume("**") { return "**" }
        let start = i
        while !atEnd
            && (s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "_" || s[i] == ".")
        {
            i += 1
        }
        guard i > start else { throw error("expected an attribute name, found \(peekDescription)") }
        return String(String.UnicodeScalarView(s[start..<i]))
    }

    mutating func parseValue() throws(SearchQuerySyntaxError) -> (Value, Modifiers) {
        skipSpace()
        guard !atEnd else { throw error("expected a value, found end of query") }
        if s[i] == "\"" || s[i] == "'" {
            let quote = s[i]
            i += 1
            var text = String.UnicodeScalarView()
            while true {
                guard !atEnd else { throw error("unterminated string") }
                let c = s[i]
                i += 1
                if c == quote { break }
                if c == "\\" {
                    guard !atEnd else { throw error("unterminated string") }
                    text.append(s[i])
                    i += 1
                } else {
                    text.append(c)
                }
            }
            var modifiers: Modifiers = []
            while !atEnd,
                let m = [
                    ("c", Modifiers.caseInsensitive), ("d", .diacriticInsensitive), ("w", .wordBased),
                    ("t", .tokenized),
                ].first(where: { $0.0.unicodeScalars.first == s[i] })
            {
                modifiers.insert(m.1)
                i += 1
            }
            if !atEnd && (s[i].properties.isAlphabetic) {
                throw error("unknown string modifier '\(Character(s[i]))'; use c, d, w or t")
            }
            return (.string(String(text)), modifiers)
        }
        if s[i] == "$" { return (try parseTime(), []) }
        let start = i
        while !atEnd && (("0"..."9").contains(s[i]) || "+-.eE".unicodeScalars.contains(s[i])) { i += 1 }
        if i > start {
            let text = String(String.UnicodeScalarView(s[start..<i]))
            if let number = Double(text) {
                guard number.isFinite else {
                    i = start
                    throw error("the number \(text) is out of range (its magnitude must be below 1.8e308)")
                }
                return (.number(number), [])
            }
            if ("0"..."9").contains(s[start]) || (i > start + 1 && ("0"..."9").contains(s[start + 1])) {
                i = start
                throw error("\(text) is not a number (e.g. 42, -3.5 or 1e6)")
            }
        }
        i = start
        let word = try parseIdentifier()
        if word == "true" { return (.bool(true), []) }
        if word == "false" { return (.bool(false), []) }
        i = start
        throw error("expected a quoted string, a number, true, false or $time…, found \(peekDescription)")
    }

    mutating func parseTime() throws(SearchQuerySyntaxError) -> Value {
        if consume("$time.now") {
            if consume("(") {
                let (value, _) = try parseValue()
                guard case .number(let seconds) = value, consume(")") else {
                    throw error("expected $time.now(seconds)")
                }
                return .relativeTime(.now(offsetSeconds: seconds))
            }
            return .relativeTime(.now(offsetSeconds: 0))
        }
        if consume("$time.today") {
            if consume("(") {
                let (value, _) = try parseValue()
                guard case .number(let days) = value, consume(")") else {
                    throw error("expected $time.today(days)")
                }
                // A whole number of days within about 270 years (a fuzzer's -1e308 trapped here).
                guard days.rounded() == days, abs(days) <= 100_000 else {
                    throw error("$time.today(days) takes a whole number of days between -100000 and 100000")
                }
                return .relativeTime(.today(offsetDays: Int(days)))
            }
            return .relativeTime(.today(offsetDays: 0))
        }
        if consume("$time.iso(") {
            let start = i
            while !atEnd && s[i] != ")" { i += 1 }
            let text = String(String.UnicodeScalarView(s[start..<i])).trimmingCharacters(in: .whitespaces)
            guard consume(")"), let date = DonationCoding.parseDate(text) else {
                throw error("expected $time.iso(an ISO 8601 date)")
            }
            return .date(date)
        }
        throw error("unknown variable; expected $time.now, $time.today or $time.iso(…)")
    }
}
