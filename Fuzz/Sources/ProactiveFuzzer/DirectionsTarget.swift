import Foundation
import ProactiveModel

/// A directions request URL (`proactive://directions?…` or an http(s) URL ending in /directions).
enum DirectionsTarget {
    static func run(_ input: Data) {
        let text = String(decoding: input, as: UTF8.self)
        guard let url = URL(string: text) else { return }
        let request: DirectionsRequest
        do { request = try DirectionsRequest(url: url) } catch {
            precondition(!error.reason.isEmpty, "an error says why")
            return
        }
        for endpoint in [request.destination, request.source].compactMap({ $0 }) {
            if let coordinate = endpoint.coordinate {
                precondition((-90...90).contains(coordinate.latitude), "latitude in range")
                precondition((-180...180).contains(coordinate.longitude), "longitude in range")
            }
        }
        // A request written as a URL reads back as the same request.
        let again = try? DirectionsRequest(url: request.url)
        precondition(again == request, "a directions request reads back from its own URL")
    }
}
