import Foundation
import ProactiveModel
import ProactiveText

/// The key under which a person's interactions are grouped: a phone number's digits (with
/// its leading +), or a folded email address, or the folded handle.
enum PersonKey {
    static func make(_ person: Person) -> String { make(handle: person.handle, type: person.handleType) }

    static func make(handle: String, type: Person.HandleType = .unknown) -> String {
        let trimmed = handle.trimmingCharacters(in: .whitespaces)
        let looksLikePhone =
            type == .phoneNumber
            || (type == .unknown && !trimmed.contains("@")
                && trimmed.unicodeScalars.filter({ ("0"..."9").contains($0) }).count >= 3
                && trimmed.unicodeScalars.allSatisfy {
                    ("0"..."9").contains($0) || " +-().".unicodeScalars.contains($0)
                })
        if looksLikePhone {
            let digits = String(
                trimmed.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
            return "tel:" + (trimmed.hasPrefix("+") ? "+" : "") + digits
        }
        if trimmed.contains("@") { return "mailto:" + TextFolding.fold(trimmed) }
        return "handle:" + TextFolding.fold(trimmed)
    }
}
