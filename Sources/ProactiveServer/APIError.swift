import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Proactive
import ProactiveStorage

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

    /// A storage error as the client sees it: retry later (503: unreachable, busy, read-only or
    /// failing disk), out of space (507), a damaged store (500, `storeDamaged`), or an internal
    /// failure (500) whose detail goes to the log only.
    init(storage error: StorageError, logger: Logger, path: String) {
        switch error.code {
        case .unavailable, .busy:
            logger.warning("storage unavailable", metadata: ["path": "\(path)", "error": "\(error)"])
            self.init(
                .serviceUnavailable, "unavailable",
                "the database cannot be reached right now; nothing was changed, retry later")
            headers[.retryAfter] = "1"
        case .full:
            logger.error("storage full", metadata: ["path": "\(path)", "error": "\(error)"])
            self.init(
                HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), "storageFull",
                "the store has no space left; nothing was changed")
        case .readOnly, .io:
            logger.error("storage cannot be written", metadata: ["path": "\(path)", "error": "\(error)"])
            self.init(
                .serviceUnavailable, "unavailable",
                error.code == .readOnly
                    ? "the store is read-only right now; nothing was changed, retry later"
                    : "the store's disk failed to read or write; nothing was changed, retry later")
            headers[.retryAfter] = "5"
        case .corrupt:
            logger.critical("storage damaged", metadata: ["path": "\(path)", "error": "\(error)"])
            self.init(
                .internalServerError, "storeDamaged",
                "the store is damaged; nothing was changed; the daemon's operator can run `proactive check`")
        default:
            logger.error("storage failed", metadata: ["path": "\(path)", "error": "\(error)"])
            self.init(.internalServerError, "internal", "the request failed inside the daemon")
        }
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

    /// Refuses a parameter's text holding U+0000 (NUL), which no stored text can hold (it
    /// would name other data: SQLite ends a bound text there, PostgreSQL refuses it).
    static func refuseNUL(in value: String, parameter: String) throws(APIError) {
        guard value.utf8.contains(0) else { return }
        throw invalid(parameter, "contains the character U+0000 (NUL), which text may not hold")
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
