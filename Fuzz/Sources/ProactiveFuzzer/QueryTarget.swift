import Foundation
import ProactiveModel

/// The `--where` query language (`SearchQueryExpression`).
enum QueryTarget {
    static let now = Date(timeIntervalSince1970: 1_795_262_400)

    static func run(_ input: Data) {
        let text = String(decoding: input, as: UTF8.self)
        let expression: SearchQueryExpression
        do { expression = try SearchQueryExpression(parsing: text) } catch {
            // A syntax error points into the text, in characters.
            precondition(error.offset >= 0 && error.offset <= text.count, "error offset in range")
            return
        }
        // Evaluating a parsed query over any attribute values terminates without trapping.
        let values: [SearchQueryExpression.Value] = [.string(text), .number(1), .number(-1e300)]
        _ = expression.matches(now: now) { _ in values }
        _ = expression.matches(now: now) { _ in [] }
    }
}
