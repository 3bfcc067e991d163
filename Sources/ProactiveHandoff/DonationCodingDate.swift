import Foundation
import ProactiveModel

/// Dates on the Handoff wire: ISO 8601, as in donation documents.
enum DonationCodingDate {
    static func parse(_ string: String) -> Date? { DonationCoding.parseDate(string) }
    static func format(_ date: Date) -> String { DonationCoding.formatDate(date) }
}
