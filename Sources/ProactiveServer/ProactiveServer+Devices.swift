import Foundation
import HTTPTypes
import Hummingbird
import Proactive
import ProactiveHandoff
import ProactiveModel
import ProactiveStorage

extension ProactiveServer {
    /// The Handoff agent of a user (made on first use), or 409 when the daemon has no relay.
    func handoffAgent(for user: UserID) throws -> DeviceAgent {
        guard let handoff else {
            throw APIError(
                .conflict, "noRelay",
                "Handoff needs the daemon to be connected to a relay: start it with `serve --relay URL`")
        }
        let changes = changes
        return try handoff.agent(for: engine(for: user), onOffersChanged: { changes.bump() })
    }

    /// Runs a Handoff operation, turning its errors into API errors.
    func handoffCall<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as HandoffError {
            throw APIError(handoff: error)
        } catch let error as EngineError {
            throw APIError(error)
        }
    }

    func registerDeviceRoutes(_ router: Router<Context>) {
        router.on(RouterPath(APIRoute.deviceCode.path), method: .post) { request, _ in
            let principal = try await self.authenticate(request)
            guard principal.donor == .system else { throw APIError.systemOnly("devices") }
            let agent = try self.handoffAgent(for: principal.user)
            return try APIEncoding.response(
                encoding: try await self.handoffCall { try await agent.makeCode() })
        }
        router.on(RouterPath(APIRoute.deviceJoin.path), method: .post) { request, _ in
            let principal = try await self.authenticate(request)
            guard principal.donor == .system else { throw APIError.systemOnly("devices") }
            let body = try await self.jsonBody(request, fields: ["code"])
            guard case .string(let code)? = body["code"] else { throw APIError.missing("code") }
            try APIError.refuseNUL(in: code, parameter: "code")
            let agent = try self.handoffAgent(for: principal.user)
            return try APIEncoding.response(
                encoding: try await self.handoffCall { try await agent.join(code: code) })
        }
        router.on(RouterPath(APIRoute.devices.path), method: .get) { request, _ in
            let principal = try await self.authenticate(request)
            guard principal.donor == .system else { throw APIError.systemOnly("devices") }
            let agent = try self.handoffAgent(for: principal.user)
            return try APIEncoding.response(encoding: await agent.members())
        }
        router.on(
            RouterPath(APIRoute.device.path.replacingOccurrences(of: "{id}", with: ":id")), method: .delete
        ) {
            request, context in
            let principal = try await self.authenticate(request)
            guard principal.donor == .system else { throw APIError.systemOnly("devices") }
            let id = context.parameters.get("id") ?? ""
            let agent = try self.handoffAgent(for: principal.user)
            return try APIEncoding.response(
                encoding: try await self.handoffCall { try await agent.revoke(id) })
        }
    }

    /// Continues a Handoff offer (`handoff/<device>/<n>`) through the device agent.
    func continueHandoff(_ id: String, appInstalled: Bool, principal: Principal) async throws
        -> ContinuationResult
    {
        guard principal.donor == .system else {
            throw APIError(
                .forbidden, "forbidden", "only the system continues activities handed off from another device"
            )
        }
        let agent = try handoffAgent(for: principal.user)
        return try await handoffCall { try await agent.continueOffer(id, appInstalled: appInstalled) }
    }
}

extension APIError {
    /// The answer for a Handoff error.
    init(handoff error: HandoffError) {
        let status: HTTPResponse.Status =
            switch error.code {
            case .invalid: .badRequest
            case .unauthentic: .forbidden
            case .replayed, .conflict: .conflict
            case .notFound: .notFound
            case .relayUnavailable: .badGateway
            case .timedOut: .gatewayTimeout
            case .notPaired: .conflict
            case .tooLarge: .contentTooLarge
            }
        self.init(status, error.code.rawValue, error.message)
    }
}
