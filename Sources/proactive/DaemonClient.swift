import Foundation
import OpenAPIRuntime
import ProactiveClient
import ProactiveModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Talks to a running daemon (`--server URL --token T`) through the typed client generated from
/// `openapi.yaml` (the `ProactiveClient` library apps use too): the commands that read or change
/// the store send the same requests as any app would, and print the same output as with a local
/// store. An error answer is thrown as ``DaemonError``.
struct DaemonClient {
    let client: Client
    let base: URL

    init(base: URL, token: String) {
        self.base = base
        client = Client(serverURL: base, token: token, middlewares: [DaemonErrorMiddleware()])
    }

    private final class Box<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }

    /// Runs one request and waits for its answer (the commands are synchronous).
    func call<T>(_ request: @escaping @Sendable (Client) async throws -> T) throws -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task { [client] in
            do { box.result = .success(try await request(client)) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        do {
            return try box.result!.get()
        } catch let error as ClientError {
            if let answer = error.underlyingError as? DaemonError { throw answer }
            if error.underlyingError is URLError || error.response == nil {
                throw UsageError(
                    message:
                        "--server: cannot reach the daemon at \(base.host ?? ""): \(error.underlyingError.localizedDescription)"
                )
            }
            throw UsageError(
                message: "--server: the daemon's answer was not understood: \(error.underlyingError)")
        }
    }

    /// The library's value of a wire value of the typed client: both are the same JSON.
    func convert<T: Decodable>(_ value: some Encodable, to type: T.Type = T.self) throws -> T {
        try DonationCoding.makeDecoder().decode(type, from: DonationCoding.makeEncoder().encode(value))
    }
}
