import Foundation
import ProactiveTesting

/// A realistic multilingual corpus: words drawn with a Zipf distribution from the vocabulary of
/// the five source documents (French, Italian, Portuguese, German, Chinese), so that queries
/// match a realistic share of documents.
public struct Corpus {
    public var words: [String]
    public var cjk: [String]
    public var rng: SplitMix64
    private var cumulative: [Double]
    private var cjkCumulative: [Double]

    /// - Parameter vocabulary: when set, only that many of the most frequent words, and no
    ///   Chinese: the small-vocabulary corpus (many near-identical items: orders, messages, logs).
    public init(seedsDirectory: String, seed: UInt64 = 42, vocabulary: Int? = nil) throws {
        var counts: [String: Int] = [:]
        var cjkCounts: [String: Int] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: seedsDirectory)
        where file.hasSuffix(".txt") {
            let text = try String(contentsOfFile: seedsDirectory + "/" + file, encoding: .utf8)
            var word = ""
            var run: [Character] = []
            func flush() {
                if word.count >= 2 && word.count <= 16 && word.first!.isLetter {
                    counts[word, default: 0] += 1
                }
                word = ""
                if run.count >= 2 {
                    for i in 0..<(run.count - 1) { cjkCounts[String(run[i...i + 1]), default: 0] += 1 }
                }
                run = []
            }
            for ch in text {
                if let scalar = ch.unicodeScalars.first, (0x4E00...0x9FFF).contains(scalar.value) {
                    if !word.isEmpty { flush() }
                    run.append(ch)
                } else if ch.isLetter || ch.isNumber {
                    if !run.isEmpty { flush() }
                    word.append(ch)
                } else {
                    flush()
                }
            }
            flush()
        }
        words = counts.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map(\.key)
        cjk = cjkCounts.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map(\.key)
        if let vocabulary {
            words = Array(words.prefix(max(vocabulary, 1)))
            cjk = []
        }
        rng = SplitMix64(seed: seed)
        cumulative = Corpus.zipf(count: words.count)
        cjkCumulative = Corpus.zipf(count: cjk.count)
    }

    public static func zipf(count: Int, exponent: Double = 1.0) -> [Double] {
        var total = 0.0
        var out: [Double] = []
        out.reserveCapacity(count)
        for rank in 1...max(count, 1) {
            total += 1 / pow(Double(rank), exponent)
            out.append(total)
        }
        return out.map { $0 / total }
    }

    public mutating func word() -> String {
        let x = Double(rng.next() % 1_000_000_000) / 1_000_000_000
        var lo = 0
        var hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumulative[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return words[lo]
    }

    public mutating func chinese() -> String {
        let x = Double(rng.next() % 1_000_000_000) / 1_000_000_000
        let index = cjkCumulative.firstIndex { $0 >= x } ?? 0
        return cjk[index]
    }

    public mutating func phrase(_ n: Int) -> String {
        (0..<n).map { _ in rng.next() % 6 == 0 && !cjk.isEmpty ? chinese() + chinese() : word() }.joined(
            separator: " ")
    }

    public static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// One searchable-item document of about 412 bytes: its JSON and the fields it holds.
    public mutating func document(_ i: Int) -> (
        json: String, title: String, keywords: String, description: String, city: String
    ) {
        let title = phrase(3 + Int(rng.next() % 3)).capitalized
        let description = phrase(14 + Int(rng.next() % 8))
        let keywords = [word(), word()]
        let city = ["Paris", "Roma", "Lisboa", "Berlin", "台北", "San Francisco", "München", "São Paulo"][
            Int(rng.next() % 8)]
        let json =
            #"{"type":"searchableItem","app":"com.example.bench","uniqueIdentifier":"b-\#(i)","domainIdentifier":"d\#(i % 100)","attributeSet":{"title":"\#(Corpus.escape(title))","contentDescription":"\#(Corpus.escape(description))","keywords":["\#(keywords[0])","\#(keywords[1])"],"city":"\#(city)","namedLocation":"\#(Corpus.escape(title))"}}"#
        return (json, title, keywords.joined(separator: " "), description, city)
    }

    /// A query people type: one to three words, a 2–5 character prefix, or a Chinese substring.
    public mutating func query() -> String {
        switch rng.next() % 10 {
        case 0...2: return word()
        case 3...4: return word() + " " + word()
        case 5: return word() + " " + word() + " " + word()
        case 6...8:
            let w = word()
            let n = 2 + Int(rng.next() % 4)
            return String(w.prefix(n))
        default: return cjk.isEmpty ? word() : chinese()
        }
    }
}

extension Corpus {
    /// The class of a query of ``query()``, for percentiles by class.
    public static func queryClass(_ q: String) -> String {
        let words = q.split(separator: " ")
        if q.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) {
            return "Chinese substring"
        } else if words.count == 1 && q.count <= 5 {
            return "one prefix of 2–5 letters"
        } else {
            return "\(words.count) word\(words.count == 1 ? "" : "s")"
        }
    }
}
