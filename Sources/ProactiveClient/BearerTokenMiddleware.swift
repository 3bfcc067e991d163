public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// Adds `Authorization: Bearer TOKEN` to every request.
public struct BearerTokenMiddleware: ClientMiddleware {
    /// The token sent.
    public var token: String

    /// A middleware sending `token`.
    public init(token: String) { self.token = token }

    /// Adds the header and sends the request on.
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
