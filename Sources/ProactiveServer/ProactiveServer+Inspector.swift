import Foundation
import Hummingbird
import Proactive
import ProactiveModel
import ProactiveStore

extension ProactiveServer {
    /// The inspector's state now: apps, context, every surface.
    func makeInspectorState() throws -> InspectorState {
        let now = engine.now
        let declared = Dictionary(uniqueKeysWithValues: engine.declaredApps.map { ($0.bundleIdentifier, $0) })
        let withData = try engine.store.read { try $0.appsWithData() }
        let names = Set(declared.keys).union(withData).union(receipts.apps).sorted()
        let openReminders = try engine.store.read { try $0.openReminders(now: now) }
        let apps = try names.map { bundle in
            let export = try engine.export(app: bundle, now: now, limit: 20)
            let counts = try engine.store.read { tx in
                (try tx.interactionCount(app: bundle), try tx.eventCount(app: bundle))
            }
            let app = declared[bundle]
            return InspectorState.AppState(
                bundleIdentifier: bundle, name: app?.name ?? bundle, declared: app != nil,
                activityTypes: app?.activityTypes ?? [],
                directionsModes: app?.directionsModes.map(\.rawValue) ?? [],
                entries: export.entries, receipts: receipts.latest(for: bundle),
                interactionCount: counts.0, eventCount: counts.1,
                reminderCount: openReminders.filter { $0.app == bundle }.count)
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
        if let person = try engine.store.read({ try $0.recentPeople(limit: 1) }).first {
            let handle = person.key.split(separator: ":", maxSplits: 1).last.map(String.init) ?? person.key
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
        guard try authenticate(request) == .system else { throw APIError.systemOnly("the inspector") }
        let state = try await engineCall { try self.makeInspectorState() }
        return try APIEncoding.response(encoding: state)
    }
}
