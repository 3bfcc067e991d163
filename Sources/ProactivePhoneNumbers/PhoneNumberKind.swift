/// What kind of line a number belongs to, as far as its digits tell (libphonenumber's
/// `PhoneNumberType`).
public enum PhoneNumberKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A landline.
    case fixedLine
    /// A mobile phone.
    case mobile
    /// A landline or a mobile: the numbering plan does not tell (the US, for example).
    case fixedLineOrMobile
    /// A free-phone number.
    case tollFree
    /// A premium-rate number.
    case premiumRate
    /// A shared-cost number.
    case sharedCost
    /// A voice-over-IP number.
    case voip
    /// A personal number routed to another line.
    case personalNumber
    /// A pager.
    case pager
    /// A universal access number (a company's single number).
    case universalAccessNumber
    /// A voicemail access number.
    case voicemail
    /// The digits match no known kind.
    case unknown

    /// The kind for libphonenumber's `PhoneNumberType` value.
    init(libphonenumberType value: Int32) {
        let kinds: [PhoneNumberKind] = [
            .fixedLine, .mobile, .fixedLineOrMobile, .tollFree, .premiumRate, .sharedCost, .voip,
            .personalNumber, .pager, .universalAccessNumber, .voicemail,
        ]
        self = kinds.indices.contains(Int(value)) ? kinds[Int(value)] : .unknown
    }
}
