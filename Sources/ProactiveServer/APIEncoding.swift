import Foundation
import HTTPTypes
import Hummingbird
import ProactiveModel

/// The JSON conventions of the API: the donation documents' (ISO 8601 dates, sorted keys).
enum APIEncoding {
    static let encoder: JSONEncoder = {
        let encoder = DonationCoding.makeEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A JSON response of already encoded bytes.
    static func response(_ bytes: some Sequence<UInt8>, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A JSON response of a value.
    static func response(encoding value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response
    {
        response(try encoder.encode(value), status: status)
    }
}
