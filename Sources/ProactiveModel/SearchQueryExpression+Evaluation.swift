import Foundation

extension SearchQueryExpression {
    /// Whether the expression holds for an item whose attributes are given by `attributes`
    /// (every value of an attribute, empty when absent), at time `now`.
    public func matches(now: Date, attributes: (String) -> [Value]) -> Bool {
        switch self {
        case .constant(let value): return value
        case .and(let a, let b):
            return a.matches(now: now, attributes: attributes) && b.matches(now: now, attributes: attributes)
        case .or(let a, let b):
            return a.matches(now: now, attributes: attributes) || b.matches(now: now, attributes: attributes)
        case .not(let a): return !a.matches(now: now, attributes: attributes)
        case .inRange(let attribute, let lower, let upper):
            let lower = lower.resolved(now: now)
            let upper = upper.resolved(now: now)
            return attributes(attribute).contains { value in
                guard let a = Self.compare(value, lower), let b = Self.compare(value, upper) else {
                    return false
                }
                return a >= 0 && b <= 0
            }
        case .comparison(let attribute, let op, let value, let modifiers):
            let values = attribute == "**" ? attributes("**") : attributes(attribute)
            let target = value.resolved(now: now)
            if op == .notEqual {
                return !values.contains { Self.equal($0, target, modifiers) }
            }
            return values.contains { candidate in
                switch op {
                case .equal: return Self.equal(candidate, target, modifiers)
                case .less: return (Self.compare(candidate, target)).map { $0 < 0 } ?? false
                case .greater: return (Self.compare(candidate, target)).map { $0 > 0 } ?? false
                case .lessOrEqual: return (Self.compare(candidate, target)).map { $0 <= 0 } ?? false
                case .greaterOrEqual: return (Self.compare(candidate, target)).map { $0 >= 0 } ?? false
                case .notEqual: return false
                }
            }
        }
    }

    static func equal(_ candidate: Value, _ target: Value, _ modifiers: Modifiers) -> Bool {
        switch (candidate, target) {
        case (.string(let text), .string(let pattern)):
            let fold = { (s: String) -> String in
                var options: String.CompareOptions = []
                if modifiers.contains(.caseInsensitive) { options.insert(.caseInsensitive) }
                if modifiers.contains(.diacriticInsensitive) { options.insert(.diacriticInsensitive) }
                return options.isEmpty ? s : s.folding(options: options, locale: nil)
            }
            let text = fold(text)
            let pattern = fold(pattern)
            if modifiers.contains(.tokenized) {
                let words = text.split { !$0.isLetter && !$0.isNumber }
                return pattern.split { !$0.isLetter && !$0.isNumber }.allSatisfy { part in
                    words.contains { $0.hasPrefix(part) }
                }
            }
            if modifiers.contains(.wordBased) {
                return text.split { !$0.isLetter && !$0.isNumber }.contains {
                    glob(Array($0), Array(pattern))
                }
                    || glob(Array(text), Array(pattern))
            }
            return glob(Array(text), Array(pattern))
        default:
            return compare(candidate, target) == 0
        }
    }

    /// Orders two values of the same kind; `nil` when they cannot be compared.
    static func compare(_ a: Value, _ b: Value) -> Int? {
        func sign(_ x: Double, _ y: Double) -> Int { x < y ? -1 : (x > y ? 1 : 0) }
        switch (a, b) {
        case (.number(let x), .number(let y)): return sign(x, y)
        case (.date(let x), .date(let y)): return sign(x.timeIntervalSince1970, y.timeIntervalSince1970)
        case (.bool(let x), .bool(let y)): return x == y ? 0 : (x ? 1 : -1)
        case (.string(let x), .string(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        case (.string(let x), .number(let y)): return Double(x).map { sign($0, y) }
        default: return nil
        }
    }

    /// Matches text against a pattern where `*` stands for any run of characters.
    static func glob(_ text: [Character], _ pattern: [Character]) -> Bool {
        var t = 0
        var p = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count && pattern[p] != "*" && pattern[p] == text[t] {
                t += 1
                p += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

extension SearchQueryExpression.Value {
    func resolved(now: Date) -> Self {
        guard case .relativeTime(let relative) = self else { return self }
        switch relative {
        case .now(let offset): return .date(now.addingTimeInterval(offset))
        case .today(let days):
            let midnight = (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
            return .date(Date(timeIntervalSince1970: midnight + Double(days) * 86_400))
        }
    }
}
