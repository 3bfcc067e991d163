/// A usage log that ``NextAppEvaluation`` cannot read.
public struct NextAppEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code for each kind of problem.
    public enum Code: String, Sendable, Hashable, Codable {
        /// A line does not have the six tab-separated fields of the layout.
        case malformedLine
        /// A timestamp is not `YYYY-MM-DD HH:MM:SS`.
        case malformedTimestamp
        /// The options are out of range (training fraction outside 0…1, stride below 1…).
        case invalidOptions
    }

    /// The kind of problem.
    public var code: Code
    /// The 1-based line number in the log, when the problem is on a line.
    public var line: Int?
    /// What is wrong, naming the field; never the line's content.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, line: Int? = nil, message: String) {
        self.code = code
        self.line = line
        self.message = message
    }

    /// The code, the line and the message.
    public var description: String {
        "\(code.rawValue)\(line.map { " at line \($0)" } ?? ""): \(message)"
    }
}
