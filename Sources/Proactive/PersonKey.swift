import Foundation
import ProactiveModel
import ProactivePhoneNumbers
import ProactiveText

/// The key under which a person's interactions are grouped: a phone number in E.164 (parsed by
/// libphonenumber in the configured region, so "+33 6 12 34 56 78" and "06 12 34 56 78" in FR
/// are the same person; its digits when it cannot be parsed), a folded email address, or the
/// folded handle.
enum PersonKey {
    static func make(_ person: Person, region: String) -> String {
        make(handle: person.handle, type: person.handleType, region: region)
    }

    static func make(handle: String, type: Person.HandleType = .unknown, region: String) -> String {
        let trimmed = handle.trimmingCharacters(in: .whitespaces)
        let looksLikePhone =
            type == .phoneNumber
            || (type == .unknown && !trimmed.contains("@")
                && trimmed.unicodeScalars.filter({ ("0"..."9").contains($0) }).count >= 3
                && trimmed.unicodeScalars.allSatisfy {
                    ("0"..."9").contains($0) || " +-().".unicodeScalars.contains($0)
                })
        if looksLikePhone {
            if let number = try? PhoneNumber(parsing: trimmed, defaultRegion: region, validation: .possible) {
                return "tel:" + number.e164
            }
            let digits = String(
                trimmed.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
            return "tel:" + (trimmed.hasPrefix("+") ? "+" : "") + digits
        }
        if trimmed.contains("@") { return "mailto:" + TextFolding.fold(trimmed) }
        return "handle:" + TextFolding.fold(trimmed)
    }
}
