/// Why a geocoding request failed.
///
/// Messages name the problem and the field, never the address itself (private user content).
public struct GeocodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    public enum Code: String, Sendable, Hashable, Codable {
        /// Nothing in the query could be resolved to a place. Never answered with (0, 0).
        case notFound
        /// The query carries no text, address or name to resolve.
        case emptyQuery
        /// A coordinate is out of range or not finite.
        case invalidCoordinate
        /// The gazetteer resource is missing or malformed.
        case invalidResource
        /// An online geocoder answered something that is not a geocoding answer.
        case invalidResponse
        /// An online geocoder could not be reached or answered with an HTTP error.
        case serviceUnavailable
    }

    /// The stable reason.
    public var code: Code
    /// A message naming the problem.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `"code: message"`.
    public var description: String { "\(code.rawValue): \(message)" }
}
