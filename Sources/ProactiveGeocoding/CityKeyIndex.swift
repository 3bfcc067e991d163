/// Folded city names → the cities they name, most populous first.
///
/// Built for a gazetteer of a few hundred thousand places and more than half a million keys:
/// one dictionary entry per key holding the key's number, and every key's cities in one
/// array (compressed sparse rows), instead of an array of its own per key, which cost a heap
/// allocation per key and doubled the gazetteer's memory.
struct CityKeyIndex: Sendable {
    private let numbers: [String: Int32]
    /// `starts[k]..<starts[k + 1]` are key `k`'s cities in ``cities``.
    private let starts: [Int32]
    private let cities: [Int32]

    /// The number of keys.
    var count: Int { numbers.count }

    /// The cities `key` names, most populous first, or `nil` when it names none.
    subscript(key: String) -> ArraySlice<Int32>? {
        guard let number = numbers[key] else { return nil }
        return cities[Int(starts[Int(number)])..<Int(starts[Int(number) + 1])]
    }

    /// Collects keys city by city, then builds the index.
    struct Builder {
        private var numbers: [String: Int32] = [:]
        private var keyOfPosting: [Int32] = []
        private var cityOfPosting: [Int32] = []

        init(expectedKeys: Int) {
            numbers.reserveCapacity(expectedKeys)
            keyOfPosting.reserveCapacity(expectedKeys)
            cityOfPosting.reserveCapacity(expectedKeys)
        }

        /// Records that `key` names `city`; cities are added most populous first.
        mutating func add(_ key: String, city: Int32) {
            let next = Int32(numbers.count)
            let number = numbers[key, default: next]
            if number == next { numbers[key] = next }
            keyOfPosting.append(number)
            cityOfPosting.append(city)
        }

        /// The index: postings grouped by key with a stable counting sort, so that each key's
        /// cities keep the order they were added in.
        func build() -> CityKeyIndex {
            var starts = [Int32](repeating: 0, count: numbers.count + 1)
            for key in keyOfPosting { starts[Int(key) + 1] += 1 }
            for index in 1..<starts.count { starts[index] += starts[index - 1] }
            var next = starts
            var cities = [Int32](repeating: 0, count: cityOfPosting.count)
            for posting in 0..<keyOfPosting.count {
                let key = Int(keyOfPosting[posting])
                cities[Int(next[key])] = cityOfPosting[posting]
                next[key] += 1
            }
            return CityKeyIndex(numbers: numbers, starts: starts, cities: cities)
        }
    }
}
