public import Foundation
public import HTTPTypes
public import OpenAPIRuntime
import ProactiveModel

/// Throws every answer outside 2xx as an ``DaemonError`` (its code, message, field and receipts
/// read from the JSON error body), so callers handle success with `.ok` and failures in one
/// `catch`. Operations then throw `ClientError` whose `underlyingError` is the ``DaemonError``.
public struct DaemonErrorMiddleware: ClientMiddleware {
    /// The largest error body read (an error body is small; a larger one is not parsed).
    public var maximumBodySize: Int

    /// A middleware reading error bodies up to `maximumBodySize` bytes.
    public init(maximumBodySize: Int = 1 << 20) { self.maximumBodySize = maximumBodySize }

    /// Sends the request on and throws when the answer is an error.
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard !(200..<300).contains(response.status.code) else { return (response, responseBody) }
        var error = DaemonError(
            status: response.status.code, code: "http",
            message: "the daemon answered \(response.status.code)")
        error.retryAfter = response.headerFields[.retryAfter].flatMap { Int($0) }
        if let responseBody,
            let bytes = try? await Data(collecting: responseBody, upTo: maximumBodySize),
            let decoded = try? DonationCoding.makeDecoder().decode(
                Components.Schemas._Error.self, from: bytes)
        {
            error.code = decoded.error.code
            error.message = decoded.error.message
            error.field = decoded.error.field
            error.receipts = decoded.receipts
        }
        throw error
    }
}
