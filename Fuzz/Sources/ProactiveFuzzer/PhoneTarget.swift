import Foundation
import Proactive
import ProactiveModel

/// A telephone number as apps donate it: a message's recipient, a place's number, a map item's.
/// The first line is the number; the second, when present, the country of the place.
enum PhoneTarget {
    static func run(_ input: Data) {
        let lines = String(decoding: input, as: UTF8.self).split(separator: "\n", maxSplits: 1)
        let number = FuzzEngine.literal(lines.first.map(String.init) ?? "")
        let country = FuzzEngine.literal(lines.count > 1 ? String(lines[1].prefix(8)) : "FR")
        let documents = [
            #"{"type":"interaction","app":"com.example.chat","intent":{"kind":"sendMessage","recipients":[{"handle":\#(number),"handleType":"phoneNumber"}]}}"#,
            #"{"type":"interaction","app":"com.example.chat","intent":{"kind":"startAudioCall","recipients":[{"handle":\#(number)}]}}"#,
            #"{"type":"searchableItem","app":"com.example.places","uniqueIdentifier":"p","attributeSet":{"title":"Place","namedLocation":"Place","city":"Paris","isoCountryCode":\#(country),"latitude":48.85,"longitude":2.35,"phoneNumbers":[\#(number)]}}"#,
            #"{"type":"activity","app":"com.example.maps","activityType":"com.example.view","title":"Place","mapItem":{"name":"Place","phoneNumber":\#(number),"placemark":{"latitude":48.85,"longitude":2.35,"isoCountryCode":\#(country)}}}"#,
        ].map { Data($0.utf8) }
        // The contact card learns from every message and call the store holds: a store of a few
        // hundred inputs keeps each input's card fast (a few thousand made it 25 ms).
        let engine = FuzzEngine.next(freshAfter: 50)
        let receipts = try? engine.donate(documents: documents)
        precondition(receipts == nil || receipts?.count == documents.count, "one receipt per document")
        let handle = lines.first.map(String.init) ?? ""
        _ = try? engine.suggestions(for: SuggestionRequest(surface: .contactCard).person(handle))
    }
}
