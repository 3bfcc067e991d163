import Foundation
import Proactive
import ProactiveModel
import ProactiveStorage

/// Free text typed into search: its index query form, then a search and its next page on a
/// store holding a few items in several languages.
enum SearchTarget {
    /// Items every fresh engine holds before it is searched.
    static let seeds: [Data] = [
        #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n1","attributeSet":{"title":"Café de Flore","contentDescription":"172 boulevard Saint-Germain, Paris"}}"#,
        #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n2","attributeSet":{"title":"北京烤鸭 食谱","keywords":["烤鸭","北京"]}}"#,
        #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"n3","attributeSet":{"title":"Straßenbahn Fahrplan","contentDescription":"Linie 10 über Alexanderplatz"}}"#,
        #"{"type":"activity","app":"com.example.browser","activityType":"com.example.read","title":"Zebra crossing report","isEligibleForSearch":true,"webpageURL":"https://example.org/zebra?utm_source=x"}"#,
    ].map { Data($0.utf8) }

    static func run(_ input: Data) {
        let text = String(decoding: input, as: UTF8.self)
        _ = FullTextQuery(typed: text).isEmpty
        let engine = FuzzEngine.next()
        _ = try? engine.donate(documents: seeds)
        var request = SearchRequest(text)
        request.limit = 2
        let first: SearchPage
        do { first = try engine.searchPage(request) } catch { return }
        precondition(first.results.count <= 2, "a page holds at most its limit")
        guard let cursor = first.nextCursor else { return }
        request.cursor = cursor
        guard let second = try? engine.searchPage(request) else { return }
        let ids = first.results.map(\.id) + second.results.map(\.id)
        precondition(Set(ids).count == ids.count, "pages do not repeat a result")
    }
}
