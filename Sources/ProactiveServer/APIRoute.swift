import HTTPTypes

/// The API's routes, in one table: the router registers exactly these, and a test checks them
/// against `openapi.yaml`.
public struct APIRoute: Sendable, Hashable, CustomStringConvertible {
    /// The method.
    public var method: HTTPRequest.Method
    /// The path, with `{name}` for parameters.
    public var path: String

    public var description: String { "\(method) \(path)" }

    static let donations = APIRoute(method: .post, path: "/v1/donations")
    static let suggestions = APIRoute(method: .get, path: "/v1/suggestions")
    static let search = APIRoute(method: .get, path: "/v1/search")
    static let ask = APIRoute(method: .post, path: "/v1/ask")
    static let deletions = APIRoute(method: .post, path: "/v1/deletions")
    static let continuations = APIRoute(method: .post, path: "/v1/continuations")
    static let export = APIRoute(method: .get, path: "/v1/export")
    static let apps = APIRoute(method: .get, path: "/v1/apps")
    static let inspectorState = APIRoute(method: .get, path: "/v1/inspector")
    static let live = APIRoute(method: .get, path: "/v1/live")
    static let deviceCode = APIRoute(method: .post, path: "/v1/devices/code")
    static let deviceJoin = APIRoute(method: .post, path: "/v1/devices/join")
    static let devices = APIRoute(method: .get, path: "/v1/devices")
    static let device = APIRoute(method: .delete, path: "/v1/devices/{id}")
    static let health = APIRoute(method: .get, path: "/healthz")
    static let metrics = APIRoute(method: .get, path: "/metrics")
    static let inspectorPage = APIRoute(method: .get, path: "/")

    /// Every route the daemon serves.
    public static let all: [APIRoute] = [
        donations, suggestions, search, ask, deletions, continuations, export, apps, inspectorState, live,
        deviceCode, deviceJoin, devices, device, health, metrics, inspectorPage,
    ]
}
