import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ProactiveStorage

/// Turns every error into the API's JSON error shape: unknown paths (404), oversized bodies
/// (413), a database that cannot be reached or is busy (503 with `Retry-After`; nothing was
/// written), a full disk (507), and anything unexpected (500, logged, with no detail sent).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as StorageError {
            throw APIError(storage: error, logger: context.logger, path: request.uri.path)
        } catch let error as any HTTPResponseError {
            switch error.status {
            case .notFound:
                let allowed = APIRoute.all.filter { $0.path == request.uri.path }.map(\.method.rawValue)
                guard allowed.isEmpty else {
                    var error = APIError(
                        .methodNotAllowed, "methodNotAllowed",
                        "\(request.method) is not allowed on \(request.uri.path); allowed: \(allowed.joined(separator: ", "))"
                    )
                    error.headers[.allow] = allowed.joined(separator: ", ")
                    throw error
                }
                throw APIError(
                    .notFound, "notFound", "no such endpoint: \(request.method) \(request.uri.path)")
            case .contentTooLarge:
                throw APIError(
                    .contentTooLarge, "payloadTooLarge", "the request body is too large", field: "body")
            case .methodNotAllowed:
                throw APIError(.methodNotAllowed, "methodNotAllowed", "\(request.method) is not allowed here")
            default:
                throw APIError(error.status, "httpError", "\(error.status)")
            }
        } catch {
            context.logger.error(
                "request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            throw APIError(.internalServerError, "internal", "the request failed inside the daemon")
        }
    }
}
