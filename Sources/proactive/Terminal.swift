import Foundation
import ProactiveModel

/// Writing to the terminal: JSON on stdout, messages on stderr.
enum Terminal {
    static let encoder = DonationCoding.makeEncoder()
    static let prettyEncoder = DonationCoding.makeEncoder(pretty: true)

    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes a line that holds text people donated (titles, descriptions, names, URLs):
    /// line breaks and tabs shown as spaces, other control characters (C0, DEL, C1: a
    /// terminal's escape sequences) as U+FFFD, so that a donated text can neither break a
    /// listing into lines it did not write nor drive the user's terminal. `--json` output
    /// keeps every character, escaped as JSON.
    static func line(_ text: String) {
        out(printable(text))
    }

    /// `text` with its control characters replaced as ``line(_:)`` shows them.
    static func printable(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                shown.append(" ")
            } else {
                shown.append(isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(shown)
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("proactive: " + text + "\n").utf8))
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func json(_ value: some Encodable, pretty: Bool = true) throws {
        let data = try (pretty ? prettyEncoder : encoder).encode(value)
        out(String(decoding: data, as: UTF8.self))
    }

    static func compactJSON(_ value: some Encodable) -> String {
        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
