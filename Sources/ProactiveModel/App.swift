import Foundation

/// An app known to the engine: what it declares about itself.
///
/// Apps declare the activity types they donate (like `NSUserActivityTypes` in an Info.plist),
/// the transport modes they route (like `MKDirectionsApplicationSupportedModes`) and whether
/// they play media. An activity whose type the app did not declare is rejected.
public struct App: Sendable, Hashable, Codable {
    /// The app's reverse-DNS bundle identifier ("com.example.reviews").
    public var bundleIdentifier: String
    /// The app's display name ("Yummy Reviews").
    public var name: String
    /// The activity types the app declares.
    public var activityTypes: [String]
    /// The transport modes the app can route; empty for apps that do not route.
    public var directionsModes: [DirectionsMode]
    /// Whether the app plays audio or video.
    public var isMediaApp: Bool

    /// Creates an app declaration.
    public init(
        bundleIdentifier: String, name: String, activityTypes: [String] = [],
        directionsModes: [DirectionsMode] = [], isMediaApp: Bool = false
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.activityTypes = activityTypes
        self.directionsModes = directionsModes
        self.isMediaApp = isMediaApp
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case bundleIdentifier, name, activityTypes, directionsModes, isMediaApp
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bundleIdentifier = try c.decode(String.self, forKey: .bundleIdentifier)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? bundleIdentifier
        activityTypes = try c.decodeIfPresent([String].self, forKey: .activityTypes) ?? []
        directionsModes = try c.decodeIfPresent([DirectionsMode].self, forKey: .directionsModes) ?? []
        isMediaApp = try c.decodeIfPresent(Bool.self, forKey: .isMediaApp) ?? false
    }

    /// Whether the app routes (any mode other than ride sharing).
    public var supportsDirections: Bool { directionsModes.contains { !$0.isRideSharing } }
    /// Whether the app only offers rides ("Get a ride to …").
    public var isRideShareOnly: Bool {
        !directionsModes.isEmpty && directionsModes.allSatisfy(\.isRideSharing)
    }
}
