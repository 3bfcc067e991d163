public import Foundation
public import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension Client {
    /// A client of the daemon at `serverURL` (such as `http://127.0.0.1:8787`) that sends `token`
    /// with every request.
    ///
    /// The client is generated from the daemon's `openapi.yaml`: each operation is a method
    /// (``Client/search(_:)``, ``Client/donate(_:)``…) whose answer is an enum of the documented
    /// statuses. Add ``DaemonErrorMiddleware`` to `middlewares` to have every error answer thrown
    /// as an ``DaemonError`` instead.
    ///
    /// - Parameters:
    ///   - serverURL: The daemon's address, without the `/v1` path.
    ///   - token: A token made with `proactive token create` (an app's or the system's).
    ///   - session: The URL session to send requests with; by default one whose requests may
    ///     take five minutes, as a large donation can.
    ///   - middlewares: More middlewares, run after the one that adds the token.
    public init(
        serverURL: URL, token: String, session: URLSession = Client.defaultSession,
        middlewares: [any ClientMiddleware] = []
    ) {
        self.init(
            serverURL: serverURL,
            configuration: Configuration(dateTranscoder: DonationDateTranscoder()),
            transport: URLSessionTransport(configuration: .init(session: session)),
            middlewares: [BearerTokenMiddleware(token: token)] + middlewares)
    }

    /// A session whose requests may take five minutes (a large donation is committed before
    /// its answer).
    public static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 300
        return URLSession(configuration: configuration)
    }()
}
