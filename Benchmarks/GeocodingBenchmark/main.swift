import BenchmarkSupport
// Geocoding benchmark: lookups per second and latency percentiles of the offline geocoder
// (city names, free-text addresses, reverse geocoding), learned places, and phone-number
// parsing. Run in release mode from the package root:
//
//     swift run -c release GeocodingBenchmark [path/to/cities.tsv] [lookups]
//
// Queries are drawn (seeded, so runs are comparable) from the gazetteer's own cities:
// names and alternate names in Latin and Han script with random case and accents removed,
// and addresses built per country in the way each country writes them.
import Foundation
import ProactiveGeocoding
import ProactiveModel
import ProactivePhoneNumbers
import ProactiveTesting

/// Prints a line at once (stdout is block-buffered when piped).
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct City {
    var id: Int
    var name: String
    var latitude: Double
    var longitude: Double
    var country: String
    var admin1: String
    var keys: [String]
}

Help.exitIfAsked(
    """
    usage: GeocodingBenchmark [path/to/cities.tsv] [lookups]
      Lookups per second and latency of the offline geocoder (city names, addresses, reverse
      geocoding), learned places and phone-number parsing. Run from the package root; the
      gazetteer defaults to Sources/ProactiveGeocoding/Resources/cities.tsv, lookups to 100000.
    """)

let arguments = CommandLine.arguments
let path = arguments.count > 1 ? arguments[1] : "Sources/ProactiveGeocoding/Resources/cities.tsv"
let lookups = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    report("cannot read \(path); run from the package root or pass the path of cities.tsv")
    exit(2)
}
var cities: [City] = []
for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    let f = line.split(separator: "\t", omittingEmptySubsequences: false)
    cities.append(
        City(
            id: Int(f[0])!, name: String(f[1]), latitude: Double(f[2])!, longitude: Double(f[3])!,
            country: String(f[4]), admin1: String(f[5]), keys: f[8].split(separator: "|").map(String.init)))
}

var random = SplitMix64(seed: 20_261_121)
func percentile(_ sorted: [Duration], _ p: Double) -> Double {
    let index = min(sorted.count - 1, Int(Double(sorted.count) * p))
    return Double(sorted[index].components.attoseconds) / 1e12 + Double(sorted[index].components.seconds)
        * 1e6
}

/// Runs `body` over the inputs (after a warm-up), printing throughput and p50/p99 in µs.
func measure<T>(_ label: String, _ inputs: [T], _ body: (T) -> Bool) {
    for input in inputs.prefix(2_000) { _ = body(input) }
    let clock = ContinuousClock()
    var durations: [Duration] = []
    durations.reserveCapacity(inputs.count)
    var successes = 0
    let start = clock.now
    for input in inputs {
        let t0 = clock.now
        if body(input) { successes += 1 }
        durations.append(clock.now - t0)
    }
    let total = clock.now - start
    let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
    durations.sort()
    report(
        String(
            format: "%-34@ %8d ops  %10.0f ops/s  p50 %7.2f µs  p99 %7.2f µs  success %5.1f%%",
            label as NSString, inputs.count, Double(inputs.count) / seconds, percentile(durations, 0.5),
            percentile(durations, 0.99), 100 * Double(successes) / Double(inputs.count)))
}

/// The process's resident memory now and at its peak, in MB (Linux: /proc/self/status).
func residentMegabytes() -> (now: Double, peak: Double) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
        return (0, 0)
    }
    func field(_ name: String) -> Double {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
            let kilobytes = Double(
                line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }
    return (field("VmRSS"), field("VmHWM"))
}

// The benchmark's own copy of the cities (for drawing queries) is counted apart.
let before = residentMegabytes()
let loadStart = ContinuousClock.now
let geocoder = try OfflineGeocoder()
let after = residentMegabytes()
report("gazetteer: \(cities.count) cities, loaded in \(ContinuousClock.now - loadStart)")
report(
    String(
        format: "gazetteer memory: +%.1f MB resident (process %.1f MB before, %.1f MB after, peak %.1f MB)",
        after.now - before.now, before.now, after.now, after.peak))
report(
    "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)"
)

// City names: a random key of a random city, in random case (accents are already folded
// in keys; half of the queries use the GeoNames name with its accents).
var nameQueries: [(String, Int)] = []
for _ in 0..<lookups {
    let city = cities[Int.random(in: 0..<cities.count, using: &random)]
    var name = Bool.random(using: &random) ? city.name : city.keys.randomElement(using: &random)!
    if Bool.random(using: &random) { name = name.uppercased() }
    nameQueries.append((name, city.id))
}
measure("city names", nameQueries) { query in
    (try? geocoder.places(for: GeocodingQuery(query.0)))?.isEmpty == false
}
let verbose = ProcessInfo.processInfo.environment["VERBOSE"] != nil
var correct = 0
for query in nameQueries.prefix(20_000) {
    let places = try? geocoder.places(for: GeocodingQuery(query.0).limit(50))
    if places?.contains(where: { $0.geonameID == query.1 }) == true {
        correct += 1
    } else if verbose && correct < 200 {
        report(
            "  miss: \(query.0) → \(places?.prefix(3).map { "\($0.name) \($0.isoCountryCode ?? "")" } ?? [])")
    }
}
report(
    String(
        format: "  the intended city among the answers: %.1f%% (of %d)",
        100 * Double(correct) / Double(min(20_000, nameQueries.count)), min(20_000, nameQueries.count)))

// Free-text addresses, written the way each country writes them.
func address(for city: City, number: Int) -> String {
    let han = city.keys.first { $0.unicodeScalars.allSatisfy { (0x4E00...0x9FFF).contains($0.value) } }
    switch city.country {
    case "US": return "\(number) Main St, \(city.name), \(city.admin1) \(10_000 + number % 89_999)"
    case "FR": return "\(number) rue de la République, \(10_000 + number % 85_000) \(city.name)"
    case "DE": return "Hauptstraße \(number), \(10_000 + number % 89_999) \(city.name)"
    case "IT": return "Via Roma \(number), \(10_000 + number % 89_999) \(city.name)"
    case "PT": return "Rua Augusta \(number), \(1000 + number % 8999)-053 \(city.name)"
    case "BR": return "Av. Paulista, \(number) - Centro, \(city.name), 01310-200"
    case "CN", "TW": return han.map { "\($0)中山路\(number)號" } ?? "\(number) Zhongshan Rd, \(city.name)"
    case "GB": return "\(number) High Street, \(city.name)"
    default: return "\(city.name), \(city.country)"
    }
}
var addressQueries: [(String, Int)] = []
let focus = cities.filter { ["US", "FR", "DE", "IT", "PT", "BR", "CN", "TW", "GB"].contains($0.country) }
for index in 0..<lookups {
    let city = focus[Int.random(in: 0..<focus.count, using: &random)]
    addressQueries.append((address(for: city, number: 1 + index % 300), city.id))
}
measure("free-text addresses", addressQueries) { query in
    (try? geocoder.places(for: GeocodingQuery(query.0)))?.isEmpty == false
}
correct = 0
var near = 0
for query in addressQueries.prefix(20_000) {
    guard let places = try? geocoder.places(for: GeocodingQuery(query.0).limit(50)) else { continue }
    if places.first?.geonameID == query.1 { correct += 1 }
    let city = focus.first { $0.id == query.1 }!
    if let best = places.first,
        best.coordinate.distance(to: Coordinate(latitude: city.latitude, longitude: city.longitude)) < 20_000
    {
        near += 1
    }
}
report(
    String(
        format: "  best answer is the intended city: %.1f%%, within 20 km of it: %.1f%% (of %d)",
        100 * Double(correct) / Double(min(20_000, addressQueries.count)),
        100 * Double(near) / Double(min(20_000, addressQueries.count)), min(20_000, addressQueries.count)))

// Reverse geocoding: points within ~10 km of random cities, and anywhere on Earth.
var points: [Coordinate] = []
for _ in 0..<lookups {
    let city = cities[Int.random(in: 0..<cities.count, using: &random)]
    points.append(
        Coordinate(
            latitude: max(-90, min(90, city.latitude + Double.random(in: -0.1...0.1, using: &random))),
            longitude: max(-180, min(180, city.longitude + Double.random(in: -0.1...0.1, using: &random)))))
}
measure("reverse (near cities)", points) { (try? geocoder.nearestPlace(to: $0)) != nil }
let anywhere = (0..<lookups / 10).map { _ in
    Coordinate(
        latitude: Double.random(in: -80...80, using: &random),
        longitude: Double.random(in: -180...180, using: &random))
}
let unbounded = try OfflineGeocoder(maximumReverseDistanceMeters: .infinity)
measure("reverse (anywhere, unbounded)", anywhere) { (try? unbounded.nearestPlace(to: $0)) != nil }

// Learned places: 100k donated places, looked up by address text.
let learned = LearnedPlaces()
var learnedQueries: [String] = []
for index in 0..<100_000 {
    let city = focus[index % focus.count]
    // Streets named after other cities: a large, realistic vocabulary.
    let street = cities[Int.random(in: 0..<cities.count, using: &random)].name + " Street"
    let number = "\(Int.random(in: 1...300, using: &random))"
    let place = LearnedPlaces.Place(
        name: "Place \(index)",
        address: PostalAddress(
            subThoroughfare: number, thoroughfare: street, city: city.name, isoCountryCode: city.country),
        coordinate: Coordinate(latitude: city.latitude, longitude: city.longitude))
    try learned.learn(place)
    if index % 5 == 0 { learnedQueries.append("\(number) \(street), \(city.name)") }
}
measure("learned places (100k), by address", learnedQueries) {
    (try? learned.places(for: GeocodingQuery($0)))?.first?.source == .learned
}

// Phone numbers.
let phones: [(String, String)] = [
    ("(415) 781-1111", "US"), ("01 45 48 55 26", "FR"), ("030 12345678", "DE"), ("02 7200 1234", "IT"),
    ("213 456 789", "PT"), ("(11) 91234-5678", "BR"), ("138 0013 8000", "CN"), ("02 2720 8889", "TW"),
]
let phoneQueries = (0..<lookups / 2).map { phones[$0 % phones.count] }
measure("phone numbers (parse + format)", phoneQueries) {
    (try? PhoneNumber(parsing: $0.0, defaultRegion: $0.1)) != nil
}
