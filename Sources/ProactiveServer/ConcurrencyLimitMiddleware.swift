import HTTPTypes
import Hummingbird
import Synchronization

/// Requests in flight per token: one client hammering the daemon (many connections, no waiting
/// for answers) gets `429 tooManyRequests` with `Retry-After` for what goes over its share, and
/// the requests of every other token keep being served.
///
/// The key is the token as sent (`Authorization: Bearer …`, or `?token=` on the WebSocket), before
/// it is checked; requests without one share a single key.
struct ConcurrencyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int
    let inFlight: InFlightCounter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let key = Self.key(request)
        guard inFlight.enter(key, limit: limit) else {
            var error = APIError(
                .tooManyRequests, "tooManyRequests",
                "more than \(limit) requests at once with this token: wait for the answers, then retry")
            error.headers[.retryAfter] = "1"
            throw error
        }
        defer { inFlight.leave(key) }
        return try await next(request, context)
    }

    static func key(_ request: Request) -> String {
        if let header = request.headers[.authorization] { return header }
        if let token = request.uri.queryParameters["token"] { return "Bearer " + String(token) }
        return ""
    }
}

/// Counts requests in flight per key.
final class InFlightCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts a request for `key`, unless it already has `limit` in flight.
    func enter(_ key: String, limit: Int) -> Bool {
        counts.withLock { counts in
            guard counts[key, default: 0] < limit else { return false }
            counts[key, default: 0] += 1
            return true
        }
    }

    func leave(_ key: String) {
        counts.withLock { counts in
            let left = counts[key, default: 1] - 1
            counts[key] = left > 0 ? left : nil
        }
    }
}
