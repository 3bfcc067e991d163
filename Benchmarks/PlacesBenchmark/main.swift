import BenchmarkSupport
import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage

// Place surfaces with 100,000 donated places: p50/p99 per surface, in process, release build.
//   swift build -c release --product PlacesBenchmark && .build/release/PlacesBenchmark [places] [requests]

Help.exitIfAsked(
    """
    usage: PlacesBenchmark [places] [requests]
      p50/p99 of every place surface with 100000 donated places (default), 2000 requests each,
      in process on a temporary SQLite store.
    """)

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
let requests = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 2000 : 2000
let path = NSTemporaryDirectory() + "proactive-places-bench-\(getpid()).sqlite"
defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) } }

let t0 = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21T12:00:00Z
var configuration = EngineConfiguration()
configuration.clock = { t0 }
let engine = try ProactiveEngine(storage: SQLiteStorage(path: path), configuration: configuration)

let cities: [(String, String, String, Double, Double)] = [
    ("San Francisco", "CA", "US", 37.77, -122.42), ("Paris", "", "FR", 48.85, 2.35),
    ("Berlin", "", "DE", 52.52, 13.40),
    ("Roma", "RM", "IT", 41.89, 12.48), ("Lisboa", "", "PT", 38.72, -9.14),
    ("São Paulo", "SP", "BR", -23.55, -46.63),
    ("台北市", "", "TW", 25.05, 121.53),
]
let words = [
    "Café", "Trattoria", "Bistrot", "Bäckerei", "Padaria", "Noodle", "Sushi", "Taverna", "Brasserie", "Diner",
    "牛肉麵", "Kneipe", "Osteria", "Churrascaria", "Tea House", "Pizzeria",
]
var setup = [
    #"{"type":"app","bundleIdentifier":"com.example.reviews","name":"Reviews","activityTypes":["com.example.reviews.place"]}"#,
    #"{"type":"app","bundleIdentifier":"com.example.nav","name":"Navigator","directionsModes":["car","pedestrian"]}"#,
    #"{"type":"app","bundleIdentifier":"com.example.ride","name":"RideNow","directionsModes":["rideShare"]}"#,
]
_ = try engine.donate(documents: setup.map { Data($0.utf8) }, now: t0)
let start = ContinuousClock.now
var batch: [Data] = []
for i in 0..<count {
    let (city, state, iso, lat, lon) = cities[i % cities.count]
    let name = "\(words[i % words.count]) \(words[(i / 7) % words.count]) \(i)"
    let at = t0.addingTimeInterval(Double(i - count) * 5)  // one every 5 s, the last just now
    let doc =
        #"{"type":"searchableItem","app":"com.example.reviews","at":"\#(DonationCoding.formatDate(at))","uniqueIdentifier":"p-\#(i)","attributeSet":{"title":"\#(name)","namedLocation":"\#(name)","subThoroughfare":"\#(i % 300 + 1)","thoroughfare":"Main Street","city":"\#(city)","stateOrProvince":"\#(state)","isoCountryCode":"\#(iso)","latitude":\#(lat + Double(i % 1000) / 10000),"longitude":\#(lon + Double(i % 997) / 10000),"phoneNumbers":["+1 415 555 \#(String(format: "%04d", i % 10000))"]}}"#
    batch.append(Data(doc.utf8))
    if batch.count == 1000 {
        _ = try engine.donate(documents: batch, now: at)
        batch.removeAll(keepingCapacity: true)
    }
}
if !batch.isEmpty { _ = try engine.donate(documents: batch, now: t0) }
let elapsed = start.duration(to: .now)
print("donated \(count) places in \(elapsed) (geocoding, formatting and phone parsing included)")

// What the contact card and the assistant need: a current activity showing a place, and
// conversations with one person.
var context = [
    #"{"type":"activity","app":"com.example.reviews","at":"\#(DonationCoding.formatDate(t0))","current":true,"activityType":"com.example.reviews.place","title":"Yank Sing","mapItem":{"name":"Yank Sing","phoneNumber":"(415) 781-1111","placemark":{"latitude":37.7923,"longitude":-122.3928,"subThoroughfare":"101","thoroughfare":"Spear St","locality":"San Francisco","administrativeArea":"CA","postalCode":"94105","isoCountryCode":"US"}}}"#
]
for i in 0..<200 {
    let app = i % 4 == 0 ? "com.example.phone" : "com.example.chat"
    context.append(
        #"{"type":"interaction","app":"\#(app)","at":"\#(DonationCoding.formatDate(t0.addingTimeInterval(Double(i - 200) * 600)))","intent":{"kind":"sendMessage","recipients":[{"displayName":"Alice Martin","handle":"+33 6 12 34 56 78","handleType":"phoneNumber"}]}}"#
    )
}
// Two weeks of usage: about 100 app launches a day, headphones then the radio every morning,
// what it played, so that the lock screen, the app switcher and CarPlay have a learned context.
context.append(
    #"{"type":"app","bundleIdentifier":"com.example.radio","name":"Radio","isMediaApp":true}"#)
let usageApps = [
    "com.example.mail", "com.example.chat", "com.example.news", "com.example.reviews", "com.example.nav",
]
for day in 0..<14 {
    let morning = t0.addingTimeInterval(Double(day - 14) * 86_400)
    let date = { (offset: Double) in DonationCoding.formatDate(morning.addingTimeInterval(offset)) }
    context.append(#"{"type":"event","at":"\#(date(0))","event":"headphonesConnected"}"#)
    context.append(#"{"type":"event","at":"\#(date(60))","event":"appLaunched","app":"com.example.radio"}"#)
    context.append(
        #"{"type":"nowPlaying","app":"com.example.radio","at":"\#(date(70))","state":"playing","title":"Morning news"}"#
    )
    context.append(#"{"type":"event","at":"\#(date(1800))","event":"headphonesDisconnected"}"#)
    for i in 0..<100 {
        let app = usageApps[(i * 7 + day) % usageApps.count]
        context.append(
            #"{"type":"event","at":"\#(date(1900 + Double(i) * 500))","event":"appLaunched","app":"\#(app)"}"#
        )
    }
}
_ = try engine.donate(documents: context.map { Data($0.utf8) }, now: t0)

@MainActor func measure(_ name: String, before: () throws -> Void = {}, _ body: () throws -> Int) rethrows {
    for _ in 0..<50 { _ = try body() }
    var times: [Double] = []
    var results = 0
    for _ in 0..<requests {
        try before()
        let s = ContinuousClock.now
        results += try body()
        let d = s.duration(to: .now)
        times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
    }
    times.sort()
    let p = { (q: Double) in times[min(times.count - 1, Int(Double(times.count - 1) * q))] }
    print(
        String(
            format: "| %@ | %.3f | %.3f | %.1f |", name, p(0.5), p(0.99), Double(results) / Double(requests)))
}

print("| surface (\(count) places, \(requests) requests each) | p50 ms | p99 ms | suggestions |")
print("| --- | --- | --- | --- |")
try measure("maps") { try engine.suggestions(for: SuggestionRequest(surface: .maps)).count }
try measure("carPlay") { try engine.suggestions(for: SuggestionRequest(surface: .carPlay)).count }
try measure("appSwitcher") { try engine.suggestions(for: SuggestionRequest(surface: .appSwitcher)).count }
try measure("quickType, \"Meet me at \"") {
    try engine.suggestions(for: SuggestionRequest(surface: .quickType).typing("Meet me at ")).count
}
try measure("quickType, fullStreetAddress") {
    try engine.suggestions(for: SuggestionRequest(surface: .quickType).typing("", in: .fullStreetAddress))
        .count
}
try measure("lockScreen") { try engine.suggestions(for: SuggestionRequest(surface: .lockScreen)).count }
// The same with a new app launch donated before each request (not timed): the kept context is
// fed what was donated since.
var launches = 0
@MainActor func launchAnApp() throws {
    launches += 1
    let at = DonationCoding.formatDate(t0.addingTimeInterval(Double(launches)))
    let app = usageApps[launches % usageApps.count]
    _ = try engine.donate(
        documents: [Data(#"{"type":"event","at":"\#(at)","event":"appLaunched","app":"\#(app)"}"#.utf8)],
        now: t0)
}
try measure("lockScreen, after each new launch", before: launchAnApp) {
    try engine.suggestions(
        for: SuggestionRequest(surface: .lockScreen).at(t0.addingTimeInterval(Double(launches)))
    ).count
}
try measure("contactCard") {
    try engine.suggestions(
        for: SuggestionRequest(surface: .contactCard).person("+33612345678").at(
            t0.addingTimeInterval(Double(launches)))
    ).count
}
try measure("siri (`ask`, \"call this place\")") {
    try engine.ask("call this place").phoneNumber == nil ? 0 : 1
}
try measure("siri (`ask`, \"怎麼去\")") { try engine.ask("怎麼去").action == nil ? 0 : 1 }
