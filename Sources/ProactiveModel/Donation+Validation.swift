import Foundation

extension Donation {
    /// Checks the document's fields; returns warnings, or throws the first problem found.
    ///
    /// - Parameters:
    ///   - declaringApp: the donor's `app` declaration, used to check activity types; pass
    ///     `nil` to skip that check (it needs the engine's registry).
    ///   - limits: the size limits.
    public func validate(declaringApp: App?, limits: DonationLimits = .init()) throws(DonationError)
        -> [String]
    {
        var v = Validator(limits: limits)
        if let app, type != "event" {
            try v.bundleIdentifier(app, field: type == "app" ? "bundleIdentifier" : "app")
        }
        switch content {
        case .app(let app):
            try v.string(app.name, field: "name", required: true)
            try v.list(app.activityTypes, field: "activityTypes")
            for (i, type) in app.activityTypes.enumerated() {
                try v.reverseDNS(type, field: "activityTypes[\(i)]")
            }
        case .activity(let activity, _):
            try v.activity(activity, field: nil, app: declaringApp)
        case .searchableItem(let item):
            try v.item(item, field: nil)
        case .searchableItemBatch(let batch):
            guard batch.items.count <= limits.maxBatchItems else {
                throw DonationError(
                    code: .tooLarge, field: "items", reason: "at most \(limits.maxBatchItems) items per batch"
                )
            }
            for (i, item) in batch.items.enumerated() { try v.item(item, field: "items[\(i)]") }
            // Text that names stored data: NUL would name other data (see `pathOfNULCharacter`).
            if let state = batch.clientState, JSONValue.holdsNUL(state) {
                throw DonationError.nulCharacter(field: "clientState")
            }
            if let state = batch.expectedClientState, JSONValue.holdsNUL(state) {
                throw DonationError.nulCharacter(field: "expectedClientState")
            }
            if let i = batch.deletedIdentifiers.firstIndex(where: JSONValue.holdsNUL) {
                throw DonationError.nulCharacter(field: "deletedIdentifiers[\(i)]")
            }
            if let state = batch.clientState, state.utf8.count > limits.maxClientStateBytes {
                throw DonationError(
                    code: .tooLarge, field: "clientState",
                    reason: "at most \(limits.maxClientStateBytes) bytes")
            }
        case .interaction(let interaction, let activity):
            try v.interaction(interaction)
            if let activity { try v.activity(activity, field: "activity", app: declaringApp) }
        case .pageVisit(let visit):
            try v.webURL(visit.url, field: "url", required: true)
            try v.string(visit.title, field: "title")
        case .nowPlaying(let info):
            for (value, field) in [
                (info.title, "title"), (info.artist, "artist"), (info.albumTitle, "albumTitle"),
            ] {
                try v.string(value, field: field)
            }
            for (value, field) in [
                (info.playbackDuration, "playbackDuration"),
                (info.elapsedPlaybackTime, "elapsedPlaybackTime"),
            ] {
                if let value, !(value.isFinite && value >= 0) {
                    throw DonationError(
                        code: .invalidValue, field: field, reason: "must be a number of seconds ≥ 0")
                }
            }
            try v.webURL(info.artworkURL, field: "artworkURL")
        case .event(let event):
            try v.event(event)
        }
        return v.warnings
    }
}

/// Field checks shared by every document type.
struct Validator {
    let limits: DonationLimits
    var warnings: [String] = []

    init(limits: DonationLimits) { self.limits = limits }

    static func join(_ parent: String?, _ field: String) -> String {
        guard let parent else { return field }
        return "\(parent).\(field)"
    }

    func bundleIdentifier(_ value: String, field: String) throws(DonationError) {
        try reverseDNS(value, field: field)
    }

    func reverseDNS(_ value: String, field: String) throws(DonationError) {
        // Labels of ASCII letters, digits, "-" and "_", at least two, none empty: checked on
        // the UTF-8 bytes (every donation's app goes through here).
        var labels = 1
        var labelLength = 0
        var valid = value.utf8.count <= 255
        for byte in value.utf8 where valid {
            switch byte {
            case UInt8(ascii: "."):
                valid = labelLength > 0
                labels += 1
                labelLength = 0
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                labelLength += 1
            default:
                valid = false
            }
        }
        guard valid && labels >= 2 && labelLength > 0 else {
            throw DonationError(
                code: .invalidValue, field: field,
                reason: "must be a reverse-DNS identifier such as com.example.app")
        }
    }

    /// Checks a string's presence and length. `field` is made only when the check fails (every
    /// field of every donation goes through here).
    func string(
        _ value: String?, field: @autoclosure () -> String, required: Bool = false, long: Bool = false
    )
        throws(DonationError)
    {
        guard let value else {
            if required { throw DonationError(code: .missingField, field: field(), reason: "is required") }
            return
        }
        if JSONValue.holdsNUL(value) { throw DonationError.nulCharacter(field: field()) }
        if required && value.allSatisfy(\.isWhitespace) {
            throw DonationError(code: .invalidValue, field: field(), reason: "must not be empty")
        }
        let limit = long ? limits.maxLongStringLength : limits.maxShortStringLength
        // A scalar is at least one byte: counting scalars is needed only past `limit` bytes.
        if value.utf8.count > limit && value.unicodeScalars.count > limit {
            throw DonationError(code: .tooLarge, field: field(), reason: "at most \(limit) characters")
        }
    }

    func list(_ values: [String]?, field: String) throws(DonationError) {
        guard let values else { return }
        if values.count > limits.maxListCount {
            throw DonationError(
                code: .tooLarge, field: field, reason: "at most \(limits.maxListCount) entries")
        }
        for (i, value) in values.enumerated() { try string(value, field: "\(field)[\(i)]") }
    }

    func webURL(_ value: String?, field: String, required: Bool = false) throws(DonationError) {
        guard let value else {
            if required { throw DonationError(code: .missingField, field: field, reason: "is required") }
            return
        }
        try string(value, field: field)
        guard let components = URLComponents(string: value), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw DonationError(code: .invalidValue, field: field, reason: "must be an http or https URL")
        }
    }

    /// Schemes a content URL may not have: opened by a surface, they run code or carry a
    /// document of their own instead of naming the content.
    static let refusedContentSchemes: Set<String> = ["javascript", "vbscript", "data", "blob", "about"]

    /// An item's content URL (what opening it shows): a URL with a scheme, `file:`, `https:` or an
    /// app's own (`myapp://note/42`); an `http(s)` URL with a host; none of
    /// ``refusedContentSchemes``. Before, `javascript:alert(1)` was stored and given to surfaces.
    func contentURL(_ value: String?, field: String) throws(DonationError) {
        guard let value else { return }
        try string(value, field: field)
        guard let components = URLComponents(string: value), let scheme = components.scheme?.lowercased(),
            !Self.refusedContentSchemes.contains(scheme),
            !(scheme == "http" || scheme == "https") || !(components.host ?? "").isEmpty
        else {
            throw DonationError(
                code: .invalidValue, field: field,
                reason:
                    "must be a URL such as file:///notes/42.txt, https://example.com/a or myapp://note/42 "
                    + "(not javascript:, vbscript:, data:, blob: or about:)")
        }
    }

    func coordinate(latitude: Double?, longitude: Double?, parent: String?) throws(DonationError) {
        switch (latitude, longitude) {
        case (nil, nil): return
        case (nil, _):
            throw DonationError(
                code: .missingField, field: Self.join(parent, "latitude"),
                reason: "is required with longitude")
        case (_, nil):
            throw DonationError(
                code: .missingField, field: Self.join(parent, "longitude"),
                reason: "is required with latitude")
        case (let lat?, let lon?):
            guard lat.isFinite, (-90...90).contains(lat) else {
                throw DonationError(
                    code: .invalidValue, field: Self.join(parent, "latitude"),
                    reason: "must be between -90 and 90")
            }
            guard lon.isFinite, (-180...180).contains(lon) else {
                throw DonationError(
                    code: .invalidValue, field: Self.join(parent, "longitude"),
                    reason: "must be between -180 and 180")
            }
        }
    }

    func attributeSet(_ set: SearchableItemAttributeSet, field parent: String) throws(DonationError) {
        for (value, name) in [
            (set.contentType, "contentType"), (set.title, "title"), (set.displayName, "displayName"),
            (set.namedLocation, "namedLocation"), (set.subThoroughfare, "subThoroughfare"),
            (set.thoroughfare, "thoroughfare"), (set.city, "city"), (set.stateOrProvince, "stateOrProvince"),
            (set.postalCode, "postalCode"), (set.country, "country"),
            (set.fullyFormattedAddress, "fullyFormattedAddress"),
        ] {
            try string(value, field: Self.join(parent, name))
        }
        try string(set.contentDescription, field: Self.join(parent, "contentDescription"), long: true)
        try string(set.textContent, field: Self.join(parent, "textContent"), long: true)
        if let code = set.isoCountryCode,
            !(code.count == 2 && code.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic })
        {
            throw DonationError(
                code: .invalidValue, field: Self.join(parent, "isoCountryCode"),
                reason: "must be a two-letter ISO 3166-1 code such as US")
        }
        try list(set.keywords, field: Self.join(parent, "keywords"))
        try list(set.phoneNumbers, field: Self.join(parent, "phoneNumbers"))
        try list(set.emailAddresses, field: Self.join(parent, "emailAddresses"))
        for (i, phone) in (set.phoneNumbers ?? []).enumerated() where !Self.looksLikePhoneNumber(phone) {
            throw DonationError(
                code: .invalidValue, field: Self.join(parent, "phoneNumbers[\(i)]"),
                reason: "is not a phone number")
        }
        for (i, email) in (set.emailAddresses ?? []).enumerated() where !Self.looksLikeEmail(email) {
            throw DonationError(
                code: .invalidValue, field: Self.join(parent, "emailAddresses[\(i)]"),
                reason: "is not an email address")
        }
        try webURL(set.thumbnailURL, field: Self.join(parent, "thumbnailURL"))
        try contentURL(set.contentURL, field: Self.join(parent, "contentURL"))
        try coordinate(latitude: set.latitude, longitude: set.longitude, parent: parent)
        if let rating = set.rating, !rating.isFinite {
            throw DonationError(
                code: .invalidValue, field: Self.join(parent, "rating"), reason: "must be a finite number")
        }
        let hasLocation = [set.subThoroughfare, set.thoroughfare, set.city, set.postalCode].contains {
            $0 != nil
        }
        if hasLocation && set.namedLocation == nil && set.displayName == nil && set.title == nil {
            throw DonationError(
                code: .missingField, field: Self.join(parent, "namedLocation"),
                reason: "is required when address fields are given")
        }
    }

    /// A phone number has 3 to 20 digits and only dialling punctuation.
    static func looksLikePhoneNumber(_ value: String) -> Bool {
        let digits = value.unicodeScalars.filter { ("0"..."9").contains($0) }.count
        let allowed = value.unicodeScalars.allSatisfy {
            ("0"..."9").contains($0) || " +-().\u{00A0}/".unicodeScalars.contains($0)
                || $0.properties.numericType != nil
        }
        return allowed && (3...20).contains(digits)
    }

    static func looksLikeEmail(_ value: String) -> Bool {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !value.contains(" ")
    }

    func mapItem(_ item: MapItem, field parent: String) throws(DonationError) {
        try string(item.name, field: Self.join(parent, "name"))
        if let phone = item.phoneNumber {
            try string(phone, field: Self.join(parent, "phoneNumber"))
            if !Self.looksLikePhoneNumber(phone) {
                throw DonationError(
                    code: .invalidValue, field: Self.join(parent, "phoneNumber"),
                    reason: "is not a phone number")
            }
        }
        try webURL(item.url, field: Self.join(parent, "url"))
        if let placemark = item.placemark {
            let p = Self.join(parent, "placemark")
            try coordinate(latitude: placemark.latitude, longitude: placemark.longitude, parent: p)
            for (value, name) in [
                (placemark.subThoroughfare, "subThoroughfare"), (placemark.thoroughfare, "thoroughfare"),
                (placemark.locality, "locality"), (placemark.administrativeArea, "administrativeArea"),
                (placemark.postalCode, "postalCode"), (placemark.country, "country"),
            ] {
                try string(value, field: Self.join(p, name))
            }
        }
        if item.name == nil {
            throw DonationError(
                code: .missingField, field: Self.join(parent, "name"), reason: "is required for a map item")
        }
    }

    mutating func activity(_ activity: UserActivity, field parent: String?, app: App?) throws(DonationError) {
        try reverseDNS(activity.activityType, field: Self.join(parent, "activityType"))
        if let app, !app.activityTypes.contains(activity.activityType) {
            throw DonationError(
                code: .undeclaredActivityType, field: Self.join(parent, "activityType"),
                reason: "is not declared in the app's activityTypes")
        }
        try string(activity.title, field: Self.join(parent, "title"))
        try list(activity.keywords, field: Self.join(parent, "keywords"))
        try string(activity.persistentIdentifier, field: Self.join(parent, "persistentIdentifier"))
        try webURL(activity.webpageURL, field: Self.join(parent, "webpageURL"))
        try webURL(activity.referrerURL, field: Self.join(parent, "referrerURL"))
        for key in activity.requiredUserInfoKeys where activity.userInfo[key] == nil {
            throw DonationError(
                code: .missingField, field: Self.join(parent, "userInfo.\(key)"),
                reason: "is listed in requiredUserInfoKeys but missing from userInfo")
        }
        if let path = JSONValue.object(activity.userInfo).pathOfNULCharacter {
            throw DonationError.nulCharacter(field: Self.join(parent, "userInfo.\(path)"))
        }
        for (i, key) in activity.requiredUserInfoKeys.enumerated() {
            try string(key, field: Self.join(parent, "requiredUserInfoKeys[\(i)]"))
        }
        let size = JSONValue.object(activity.userInfo).encodedByteCount
        if size > limits.maxUserInfoBytes {
            throw DonationError(
                code: .tooLarge, field: Self.join(parent, "userInfo"),
                reason: "is \(size) bytes; at most \(limits.maxUserInfoBytes)")
        }
        if size > limits.userInfoWarningBytes && activity.isEligibleForHandoff {
            warnings.append(
                "\(Self.join(parent, "userInfo")) is \(size) bytes; keep handoff payloads under \(limits.userInfoWarningBytes) bytes"
            )
        }
        if let set = activity.contentAttributeSet {
            try attributeSet(set, field: Self.join(parent, "contentAttributeSet"))
        }
        if let item = activity.mapItem { try mapItem(item, field: Self.join(parent, "mapItem")) }
        if activity.effectiveTitle == nil && activity.isEligibleForSearch {
            warnings.append(
                "\(Self.join(parent, "title")) is missing: the activity cannot be shown in search")
        }
    }

    func item(_ item: SearchableItem, field parent: String?) throws(DonationError) {
        try string(item.uniqueIdentifier, field: Self.join(parent, "uniqueIdentifier"), required: true)
        try string(item.domainIdentifier, field: Self.join(parent, "domainIdentifier"))
        try attributeSet(item.attributeSet, field: Self.join(parent, "attributeSet"))
    }

    func interaction(_ interaction: Interaction) throws(DonationError) {
        try string(interaction.identifier, field: "identifier")
        try string(interaction.groupIdentifier, field: "groupIdentifier")
        try string(interaction.intent.serviceName, field: "intent.serviceName")
        try string(interaction.intent.content, field: "intent.content", long: true)
        let people = interaction.intent.recipients
        if people.count > limits.maxListCount {
            throw DonationError(
                code: .tooLarge, field: "intent.recipients", reason: "at most \(limits.maxListCount) people")
        }
        if people.isEmpty && interaction.intent.sender == nil {
            throw DonationError(
                code: .missingField, field: "intent.recipients",
                reason: "an interaction needs at least one person")
        }
        for (i, person) in people.enumerated() { try self.person(person, field: "intent.recipients[\(i)]") }
        if let sender = interaction.intent.sender { try person(sender, field: "intent.sender") }
    }

    func person(_ person: Person, field: String) throws(DonationError) {
        try string(person.displayName, field: "\(field).displayName")
        try string(person.handle, field: "\(field).handle", required: true)
        switch person.handleType {
        case .phoneNumber where !Self.looksLikePhoneNumber(person.handle):
            throw DonationError(
                code: .invalidValue, field: "\(field).handle", reason: "is not a phone number")
        case .emailAddress where !Self.looksLikeEmail(person.handle):
            throw DonationError(
                code: .invalidValue, field: "\(field).handle", reason: "is not an email address")
        default: break
        }
    }

    func event(_ event: SystemEvent) throws(DonationError) {
        switch event.event {
        case .appLaunched:
            guard let app = event.app else {
                throw DonationError(code: .missingField, field: "app", reason: "is required for appLaunched")
            }
            try bundleIdentifier(app, field: "app")
        case .location:
            guard event.latitude != nil, event.longitude != nil else {
                throw DonationError(
                    code: .missingField, field: event.latitude == nil ? "latitude" : "longitude",
                    reason: "is required for a location event")
            }
            try coordinate(latitude: event.latitude, longitude: event.longitude, parent: nil)
        case .arrived, .departed:
            try string(event.place, field: "place", required: true)
            try coordinate(latitude: event.latitude, longitude: event.longitude, parent: nil)
        case .suggestionEngaged, .suggestionDismissed:
            try string(event.id, field: "id", required: true)
        case .bluetoothConnected, .bluetoothDisconnected:
            try string(event.device, field: "device")
        default:
            break
        }
        if let app = event.app { try bundleIdentifier(app, field: "app") }
    }
}
