import Foundation
import HTTPTypes
import Hummingbird

/// An error answer of the relay: `{"error":{"code":…,"message":…}}`.
struct RelayError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var code: String
    var message: String

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONSerialization.data(
            withJSONObject: ["error": ["code": code, "message": message]], options: [.sortedKeys])
        var headers: HTTPFields = [.contentType: "application/json"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func invalid(_ message: String) -> RelayError {
        RelayError(.badRequest, "invalidRequest", message)
    }
    static func notFound(_ message: String) -> RelayError { RelayError(.notFound, "notFound", message) }
    static let unauthorized = RelayError(
        .unauthorized, "unauthorized", "a session token is needed (POST /v1/challenges, then /v1/sessions)")
}
