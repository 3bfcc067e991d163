import Foundation

extension EngineError {
    /// Refuses a request whose `parameter` holds U+0000 (NUL) in one of `values`: the stores'
    /// text cannot hold it (SQLite's text binding ends a string there, so a deletion would
    /// match another identifier; PostgreSQL refuses it), so such a value names nothing stored.
    static func refuseNUL(in values: [String?], parameter: String) throws(EngineError) {
        guard values.contains(where: { $0?.utf8.contains(0) == true }) else { return }
        throw EngineError(
            .invalidRequest, "\(parameter) contains the character U+0000 (NUL), which text may not hold",
            parameter: parameter)
    }
}
