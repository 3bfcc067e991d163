public import Foundation
public import OpenAPIRuntime
import ProactiveModel

/// Dates as the daemon writes and reads them: ISO 8601, with fractional seconds only when a
/// date has them (OpenAPIRuntime's default transcoder refuses fractional seconds).
public struct DonationDateTranscoder: DateTranscoder {
    /// The transcoder.
    public init() {}

    /// `2026-11-21T12:00:00Z`, or `2026-11-21T12:00:00.250Z`.
    public func encode(_ date: Date) throws -> String { DonationCoding.formatDate(date) }

    /// Accepts both forms, in any offset; a date that cannot exist ("2026-02-30") throws
    /// saying why, as the daemon's own answers do (`DonationCoding.dateProblem(_:)`).
    public func decode(_ string: String) throws -> Date {
        guard let date = DonationCoding.parseDate(string) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [], debugDescription: DonationCoding.dateProblem(string) + " (got \(string))")
            )
        }
        return date
    }
}
