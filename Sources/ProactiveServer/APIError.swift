import Foundation
import HTTPTypes
import Hummingbird
import Proactive

/// An error answer of the API: an HTTP status and a JSON body
/// `{"error":{"code":…,"message":…,"field":…}}` naming the parameter or field at fault.
public struct APIError: Error, HTTPResponseError, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// A stable code (`invalidRequest`, `unauthorized`, `forbidden`, `notFound`,
    /// `payloadTooLarge`, `rateLimited`…).
    public var code: String
    /// What is wrong.
    public var message: String
    /// The parameter or field at fault, if any.
    public var field: String?
    /// Extra headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields = [:]
    /// Receipts, when the error answers a donation.
    var receipts: [DonationReceipt]?

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    /// The answer for an engine error.
    init(_ error: EngineError) {
        let status: HTTPResponse.Status =
            switch error.code {
            case .invalidRequest, .missingUserInfo: .badRequest
            case .forbidden: .forbidden
            case .notFound: .notFound
            case .invalidated: .gone
            case .storage: .internalServerError
            }
        self.init(status, error.code.rawValue, error.message, field: error.parameter)
    }

    static let unauthorized = {
        var error = APIError(
            .unauthorized, "unauthorized",
            "a bearer token is required (Authorization: Bearer …); create one with `proactive token create`")
        error.headers[.wwwAuthenticate] = "Bearer"
        return error
    }()

    static func systemOnly(_ what: String) -> APIError {
        APIError(.forbidden, "forbidden", "\(what) needs a system token; an app token sees only its own data")
    }

    static func missing(_ parameter: String) -> APIError {
        APIError(.badRequest, "invalidRequest", "the parameter \(parameter) is required", field: parameter)
    }

    static func invalid(_ parameter: String, _ reason: String) -> APIError {
        APIError(.badRequest, "invalidRequest", "\(parameter): \(reason)", field: parameter)
    }

    struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
            var field: String?
        }
        var error: Detail
        var receipts: [DonationReceipt]?
    }

    /// The JSON response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let body = try APIEncoding.encoder.encode(
            Body(error: .init(code: code, message: message, field: field), receipts: receipts))
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
