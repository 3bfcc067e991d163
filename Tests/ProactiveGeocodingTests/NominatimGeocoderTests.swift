import Foundation
import ProactiveGeocoding
import ProactiveModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

struct NominatimGeocoderTests {
    static let searchAnswer = Data(
        """
        [{"place_id":1,"lat":"37.7923","lon":"-122.3928","category":"amenity","type":"restaurant",
          "place_rank":30,"addresstype":"amenity","name":"Yank Sing",
          "display_name":"Yank Sing, 101, Spear Street, San Francisco, California, 94105, United States",
          "address":{"amenity":"Yank Sing","house_number":"101","road":"Spear Street","suburb":"Financial District",
            "city":"San Francisco","state":"California","postcode":"94105","country":"United States","country_code":"us"},
          "boundingbox":["37.7922","37.7924","-122.3929","-122.3927"]},
         {"place_id":2,"lat":"48.8566","lon":"2.3522","place_rank":16,"addresstype":"city","name":"Paris",
          "display_name":"Paris, Île-de-France, France",
          "address":{"city":"Paris","state":"Île-de-France","country":"France","country_code":"fr"},
          "boundingbox":["48.8155755","48.9021560","2.2241220","2.4697602"]}]
        """.utf8)

    @Test func parsesSearchAnswers() throws {
        let places = try NominatimGeocoder.parseSearchResponse(Self.searchAnswer)
        #expect(places.count == 2)
        let yankSing = places[0]
        #expect(yankSing.name == "Yank Sing")
        #expect(yankSing.coordinate == Coordinate(latitude: 37.7923, longitude: -122.3928))
        #expect(yankSing.match == .place)
        #expect(yankSing.source == .online)
        #expect(yankSing.city == "San Francisco")
        #expect(yankSing.subLocality == "Financial District")
        #expect(yankSing.isoCountryCode == "US")
        #expect(yankSing.postalCode == "94105")
        #expect(yankSing.accuracyMeters < 30)
        let paris = places[1]
        #expect(paris.match == .city)
        #expect(paris.isoCountryCode == "FR")
        #expect(paris.accuracyMeters > 5_000 && paris.accuracyMeters < 20_000)
    }

    @Test func parsesReverseAnswers() throws {
        let answer = Data(
            """
            {"lat":"25.0375","lon":"121.5637","place_rank":30,"name":"臺北市政府",
             "address":{"road":"市府路","city":"臺北市","country":"臺灣","country_code":"tw","postcode":"110"}}
            """.utf8)
        let place = try #require(try NominatimGeocoder.parseReverseResponse(answer))
        #expect(place.name == "臺北市政府")
        #expect(place.isoCountryCode == "TW")
        #expect(place.accuracyMeters == 25)
        #expect(
            try NominatimGeocoder.parseReverseResponse(Data(#"{"error":"Unable to geocode"}"#.utf8)) == nil)
    }

    @Test(arguments: [
        #"{"not":"an array"}"#, "<html>", #"[{"lat":"north","lon":"2"}]"#, #"[{"lat":"95","lon":"2"}]"#,
    ])
    func rejectsNonsense(body: String) {
        #expect {
            _ = try NominatimGeocoder.parseSearchResponse(Data(body.utf8))
        } throws: { ($0 as? GeocodingError)?.code == .invalidResponse }
    }

    @Test func buildsSearchURLs() throws {
        let geocoder = NominatimGeocoder(baseURL: URL(string: "http://127.0.0.1:8080/nominatim")!)
        let free = geocoder.searchURL(
            for: GeocodingQuery("12 rue de Rivoli, 75001 Paris").country("FR").limit(2))
        let items = try #require(URLComponents(url: free, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(free.path == "/nominatim/search")
        #expect(items.contains(URLQueryItem(name: "q", value: "12 rue de Rivoli, 75001 Paris")))
        #expect(items.contains(URLQueryItem(name: "countrycodes", value: "fr")))
        #expect(items.contains(URLQueryItem(name: "limit", value: "2")))
        let structured = geocoder.searchURL(
            for: GeocodingQuery(
                address: PostalAddress(
                    subThoroughfare: "1", thoroughfare: "市府路", city: "台北市", postalCode: "110", country: "台灣"))
        )
        let fields = try #require(URLComponents(url: structured, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(fields.contains(URLQueryItem(name: "street", value: "市府路1號")))
        #expect(fields.contains(URLQueryItem(name: "city", value: "台北市")))
        #expect(fields.contains(URLQueryItem(name: "countrycodes", value: "tw")))
    }

    /// A real HTTP round trip against a canned server on 127.0.0.1 (Python's http.server).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func talksToALocalServer() async throws {
        let server = try CannedServer(body: String(decoding: Self.searchAnswer, as: UTF8.self))
        defer { server.stop() }
        let geocoder = NominatimGeocoder(baseURL: server.url, timeout: 5)
        let places = try await geocoder.geocode(GeocodingQuery("Yank Sing, San Francisco"))
        #expect(places.first?.name == "Yank Sing")
        let requested = server.requestedPaths()
        #expect(requested.contains { $0.hasPrefix("/search?") && $0.contains("q=Yank%20Sing") })

        let chain = ChainedGeocoder([NominatimGeocoder(baseURL: server.url.appendingPathComponent("missing"))]
        )
        await #expect {
            _ = try await chain.geocode(GeocodingQuery("Yank Sing"))
        } throws: { ($0 as? GeocodingError)?.code == .notFound }
    }
}

/// A Python HTTP server answering every GET on /search or /reverse with one body, and 404
/// elsewhere; it prints its port, then each request path.
final class CannedServer: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let bodyFile: URL
    let url: URL
    private var lines: [String] = []
    private let lock = NSLock()

    init(body: String) throws {
        bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nominatim-\(UUID().uuidString).json")
        try Data(body.utf8).write(to: bodyFile)
        let script = """
            import http.server, sys
            body = open(sys.argv[1], 'rb').read()
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    print(self.path, flush=True)
                    ok = self.path.startswith('/search') or self.path.startswith('/reverse')
                    self.send_response(200 if ok else 404)
                    self.send_header('Content-Type', 'application/json')
                    self.end_headers()
                    if ok: self.wfile.write(body)
                def log_message(self, *args): pass
            server = http.server.HTTPServer(('127.0.0.1', 0), H)
            server.timeout = 30
            print(server.server_address[1], flush=True)
            for _ in range(20): server.handle_request()
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, bodyFile.path]
        process.standardOutput = output
        try process.run()
        let handle = output.fileHandleForReading
        var portLine = ""
        while !portLine.hasSuffix("\n") {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            portLine += String(decoding: byte, as: UTF8.self)
        }
        guard let port = Int(portLine.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw GeocodingError(code: .serviceUnavailable, message: "the test server did not start")
        }
        url = URL(string: "http://127.0.0.1:\(port)")!
        handle.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            guard let self else { return }
            self.lock.lock()
            self.lines += text.split(separator: "\n").map(String.init)
            self.lock.unlock()
        }
    }

    func requestedPaths() -> [String] {
        Thread.sleep(forTimeInterval: 0.1)
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    func stop() {
        output.fileHandleForReading.readabilityHandler = nil
        // SIGKILL: a child spawned from a test thread may inherit a mask that blocks SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: bodyFile)
    }
}
