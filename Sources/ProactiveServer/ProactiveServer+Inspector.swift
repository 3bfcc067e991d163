import Foundation
import Hummingbird
import Proactive
import ProactiveModel
import ProactiveStorage

extension ProactiveServer {
    /// A user's inspector state now: apps (read in one snapshot), context, every surface.
    func makeInspectorState(user: UserID) throws -> InspectorState {
        let engine = engine(for: user)
        let now = engine.now
        let declared = Dictionary(uniqueKeysWithValues: engine.declaredApps.map { ($0.bundleIdentifier, $0) })
        let overview = try engine.overview(including: Set(receipts.apps(user: user)), now: now, limit: 20)
        let apps = overview.apps.map { data in
            let bundle = data.bundleIdentifier
            let app = declared[bundle]
            return InspectorState.AppState(
                bundleIdentifier: bundle, name: app?.name ?? bundle, declared: app != nil,
                activityTypes: app?.activityTypes ?? [],
                directionsModes: app?.directionsModes.map(\.rawValue) ?? [],
                entries: data.export.entries, receipts: receipts.latest(for: bundle, user: user),
                interactionCount: data.interactionCount, eventCount: data.eventCount,
                reminderCount: data.openReminderCount)
        }
        let context = try engine.contextSummary(now: now)
        var surfaces: [InspectorState.SurfaceState] = []
        func ask(_ surface: Surface, _ request: [String: String] = [:], note: String? = nil) {
            var suggestionRequest = SuggestionRequest(surface: surface).at(now).limit(5)
            if let person = request["person"] { suggestionRequest = suggestionRequest.person(person) }
            if let text = request["text"] { suggestionRequest = suggestionRequest.typing(text) }
            do {
                surfaces.append(
                    .init(
                        surface: surface.rawValue, request: request,
                        suggestions: try engine.suggestions(for: suggestionRequest), note: note))
            } catch {
                surfaces.append(
                    .init(surface: surface.rawValue, request: request, suggestions: [], note: "\(error)"))
            }
        }
        ask(.lockScreen)
        ask(.appSwitcher)
        ask(.quickType, ["text": "Meet me at "])
        ask(.maps)
        ask(.carPlay)
        ask(.spotlight)
        if let key = overview.latestPersonKey {
            let handle = key.split(separator: ":", maxSplits: 1).last.map(String.init) ?? key
            ask(.contactCard, ["person": handle])
        } else {
            surfaces.append(
                .init(
                    surface: Surface.contactCard.rawValue, request: [:], suggestions: [],
                    note: "no interaction with anyone yet"))
        }
        return InspectorState(at: now, apps: apps, context: context, surfaces: surfaces)
    }

    func inspectorState(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        guard principal.donor == .system else { throw APIError.systemOnly("the inspector") }
        let state = try await engineCall { try self.makeInspectorState(user: principal.user) }
        return try APIEncoding.response(encoding: state)
    }
}
