import Foundation
import HTTPTypes
import NIOCore
import Synchronization

/// The answers to WebSocket upgrades the daemon refused (no token, not a system token, too many
/// live connections), waiting for the connection's ``RequestHeadGuard`` to write them.
///
/// When an upgrade's `shouldUpgrade` throws, the WebSocket machinery answers a bare
/// `400 Bad Request`; the guard, first in the pipeline, replaces those bytes with the answer kept
/// here, so a WebSocket client learns `401`, `403` or `429` and why, like any other client.
final class UpgradeRefusals: Sendable {
    private let answers = Mutex<[ObjectIdentifier: [UInt8]]>([:])

    /// Keeps `error`'s whole HTTP answer for `connection` (a channel's identity; the connection
    /// is then closed).
    func refuse(_ connection: ObjectIdentifier, with error: APIError) {
        var head = "HTTP/1.1 \(error.status.code) \(error.status.reasonPhrase)\r\n"
        var body = Data()
        if let encoded = try? APIEncoding.encoder.encode(
            APIError.Body(error: .init(code: error.code, message: error.message, field: error.field)))
        {
            body = encoded
        }
        for field in error.headers where field.name != .contentLength && field.name != .connection {
            head += "\(field.name.rawName): \(field.value)\r\n"
        }
        head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
        head += "Connection: close\r\n\r\n"
        let answer = Array(head.utf8) + Array(body)
        answers.withLock { $0[connection] = answer }
    }

    /// The refusal kept for `channel`, removed.
    func take(for channel: any Channel) -> [UInt8]? {
        answers.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}
