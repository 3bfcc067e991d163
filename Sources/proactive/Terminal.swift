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
