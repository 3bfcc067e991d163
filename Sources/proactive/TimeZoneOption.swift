import ArgumentParser
import Foundation

/// `--time-zone`: the user's time zone, for the commands that read or write a moment of the day.
struct TimeZoneOption: ParsableArguments {
    @Option(
        name: .customLong("time-zone"),
        help:
            "The user's time zone, an IANA identifier such as Europe/Paris: moments like \"tomorrow at 9\" are read and written in it (default: $TZ, else the device's)."
    )
    var identifier: String?

    /// The time zone given, if any; an unknown identifier is a usage error naming the option.
    func timeZone() throws -> TimeZone? {
        guard let identifier else { return nil }
        guard let zone = TimeZone(identifier: identifier) else {
            throw UsageError(
                message:
                    "--time-zone: unknown time zone \"\(identifier)\"; expected an IANA identifier such as Europe/Paris"
            )
        }
        return zone
    }
}
