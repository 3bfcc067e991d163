/// A moment in the user's context after which they tend to open a particular app: plugging in
/// headphones, connecting to a Bluetooth device or the car, arriving somewhere.
///
/// Triggers are hashable values, so models keep per-trigger statistics. A Bluetooth trigger keeps
/// its device name (`"Car Audio"`) and an arrival its place (`"home"`, `"work"` or any name), so
/// the same kind of trigger with different devices or places is learned separately.
public struct ContextTrigger: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Wired or wireless headphones were connected.
        case headphonesConnected
        /// A Bluetooth audio device was connected; `detail` names the device when known.
        case bluetoothConnected
        /// The device was connected to a car (CarPlay-like head unit).
        case carConnected
        /// The user arrived at a place; `detail` names it (`home`, `work` or another name).
        case arrived
    }

    /// What happened.
    public var kind: Kind
    /// The Bluetooth device name or the place name, if any; `nil` for the other kinds.
    public var detail: String?

    /// Creates a trigger of a kind with an optional detail (device or place name).
    public init(_ kind: Kind, detail: String? = nil) {
        self.kind = kind
        self.detail = detail
    }

    /// Headphones were connected.
    public static let headphonesConnected = ContextTrigger(.headphonesConnected)
    /// The device was connected to a car.
    public static let carConnected = ContextTrigger(.carConnected)
    /// The user arrived home.
    public static let arrivedHome = ContextTrigger(.arrived, detail: "home")
    /// The user arrived at work.
    public static let arrivedWork = ContextTrigger(.arrived, detail: "work")

    /// A Bluetooth device was connected, named `device` when known.
    public static func bluetoothConnected(device: String? = nil) -> ContextTrigger {
        ContextTrigger(.bluetoothConnected, detail: device)
    }

    /// The user arrived at `place` (`home`, `work` or any place name).
    public static func arrived(at place: String) -> ContextTrigger {
        ContextTrigger(.arrived, detail: place)
    }

    /// The same trigger without its detail: every Bluetooth device, every place.
    public var generalized: ContextTrigger { ContextTrigger(kind) }

    /// A phrase that completes "you usually open X …", e.g. "after connecting headphones".
    public var phrase: String { ExplanationLanguage.en.phrase(self) }

    /// The kind, followed by the detail when there is one (e.g. `arrived:home`).
    public var description: String {
        detail.map { "\(kind.rawValue):\($0)" } ?? kind.rawValue
    }
}
