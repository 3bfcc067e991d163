import Foundation
import Proactive
import ProactiveModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Talks to a running daemon (`--server URL --token T`): the commands that read or change the
/// store send the same requests as any app would, and print the same output as with a local
/// store.
struct DaemonClient {
    let base: URL
    let token: String

    /// An error answer of the daemon.
    struct Failure: Error {
        var status: Int
        var code: String
        var message: String
        var field: String?
        var receipts: [DonationReceipt]?
    }

    private struct ErrorBody: Decodable {
        struct Detail: Decodable {
            var code: String
            var message: String
            var field: String?
        }
        var error: Detail
        var receipts: [DonationReceipt]?
    }

    /// Sends a request and returns the body of a 2xx answer; other answers throw ``Failure``.
    func send(
        _ method: String, _ path: String, query: [String: String?] = [:], body: Data? = nil,
        contentType: String = "application/json"
    ) throws -> Data {
        var components = URLComponents(
            url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        let items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        if !items.isEmpty { components.queryItems = items.sorted { $0.name < $1.name } }
        guard let url = components.url else { throw UsageError(message: "--server: not a URL") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = body
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        request.timeoutInterval = 300
        let (data, response) = try Self.perform(request)
        guard (200..<300).contains(response.statusCode) else {
            if let decoded = try? DonationCoding.makeDecoder().decode(ErrorBody.self, from: data) {
                throw Failure(
                    status: response.statusCode, code: decoded.error.code, message: decoded.error.message,
                    field: decoded.error.field, receipts: decoded.receipts)
            }
            throw Failure(
                status: response.statusCode, code: "http",
                message: "the daemon answered \(response.statusCode)")
        }
        return data
    }

    /// Decodes a JSON answer.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try DonationCoding.makeDecoder().decode(type, from: data)
    }

    private final class Box: @unchecked Sendable {
        var result: Result<(Data, HTTPURLResponse), any Error> = .failure(URLError(.unknown))
    }

    private static func perform(_ request: URLRequest) throws -> (Data, HTTPURLResponse) {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                box.result = .failure(error)
            } else if let response = response as? HTTPURLResponse {
                box.result = .success((data ?? Data(), response))
            }
            done.signal()
        }.resume()
        done.wait()
        do {
            return try box.result.get()
        } catch let error as URLError {
            throw UsageError(
                message:
                    "--server: cannot reach the daemon at \(request.url?.host ?? ""): \(error.localizedDescription)"
            )
        }
    }
}
