import Foundation

/// Splits a body of donation documents into documents: NDJSON (one document per line), a
/// JSON array of documents, or a single (possibly pretty-printed) JSON document. The bytes of
/// each document are kept as sent (they become the stored payloads); a document that is not
/// valid JSON stays a document of its own, to be rejected with a receipt naming the problem.
public enum DonationDocuments {
    /// The documents of a body, in order.
    public static func split(_ body: Data) -> [Data] {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        guard
            let first = body.firstIndex(where: {
                !whitespace.contains($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF
            })
        else { return [] }
        if body[first] == UInt8(ascii: "[") {
            return array(body)
        }
        let lineEnd = body[first...].firstIndex(of: 0x0A) ?? body.endIndex
        let lastOfLine = body[first..<lineEnd].lastIndex { !whitespace.contains($0) }
        let isLines =
            body[first] == UInt8(ascii: "{") && lastOfLine.map { body[$0] == UInt8(ascii: "}") } == true
            && (lineEnd == body.endIndex
                || (try? JSONSerialization.jsonObject(with: body[first..<lineEnd])) != nil)
        guard isLines else { return [Data(body[first...])] }
        return body[first...].split(separator: 0x0A).compactMap { line in
            line.contains { !whitespace.contains($0) } ? Data(line) : nil
        }
    }

    /// The elements of a JSON array, each re-serialized; the whole body when it is not one.
    public static func array(_ body: Data) -> [Data] {
        guard
            let array = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) as? [Any]
        else { return [body] }
        return array.map { element in
            (try? JSONSerialization.data(withJSONObject: element, options: [.fragmentsAllowed]))
                ?? Data("null".utf8)
        }
    }
}
