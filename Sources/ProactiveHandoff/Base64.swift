import Foundation

extension Data {
    /// Decodes standard base64 (with padding), or fails naming the field.
    init(base64Field string: String, named field: String) throws(HandoffError) {
        guard let data = Data(base64Encoded: string) else {
            throw HandoffError(.invalid, "\(field) is not base64")
        }
        self = data
    }

    /// Lowercase hexadecimal.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
