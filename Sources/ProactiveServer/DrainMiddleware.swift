import HTTPTypes
import Hummingbird
import ServiceLifecycle
import Synchronization

/// Whether the daemon is shutting down (SIGTERM): set first, before the HTTP server stops
/// accepting and finishes the requests in flight.
final class DrainState: Sendable {
    private let draining = Atomic<Bool>(false)

    var isDraining: Bool { draining.load(ordering: .acquiring) }

    func begin() { draining.store(true, ordering: .releasing) }
}

/// Answers 503 with `Retry-After` and `Connection: close` to every request that starts while the
/// daemon drains; requests already in flight finish (an acknowledged donation is committed).
struct DrainMiddleware<Context: RequestContext>: RouterMiddleware {
    let state: DrainState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard state.isDraining else { return try await next(request, context) }
        var error = APIError(
            .serviceUnavailable, "shuttingDown",
            "the daemon is shutting down; nothing was changed, retry in a moment")
        error.headers[.retryAfter] = "1"
        error.headers[.connection] = "close"
        throw error
    }
}

/// The service that marks the daemon as draining when its graceful shutdown begins. Listed last
/// in the service group, it is told first (a group shuts its services down in reverse order).
struct DrainService: Service {
    let state: DrainState

    func run() async throws {
        try? await gracefulShutdown()
        state.begin()
    }
}
