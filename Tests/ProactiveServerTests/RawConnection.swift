import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a loopback port, for tests that must send bytes no HTTP client
/// would (a head sent slowly, a head too large).
final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32

    init(port: Int) throws {
        guard let descriptor = Self.connectLoopback(port: port) else { throw POSIXError(.ECONNREFUSED) }
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: 90, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// A blocking TCP socket connected to `port` on 127.0.0.1, or nil when the connection fails.
    static func connectLoopback(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Sends bytes; false once the server closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }

    /// Whether the server has sent something (or closed the connection) that is not read yet.
    var hasAnswer: Bool {
        var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptors, 1, 0) > 0
    }

    /// Everything the server sends until it closes the connection (or 90 s pass), read on a
    /// thread of its own: a blocking read must not hold one of Swift's few cooperative threads,
    /// which the server in this same process needs to answer.
    func readToEnd() async -> String {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.readToEndBlocking()) }.start()
        }
    }

    /// What the server sends until it contains `marker` (or closes the connection, or 90 s
    /// pass), read on a thread of its own like ``readToEnd()``.
    func read(until marker: String) async -> String {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.readBlocking(until: marker)) }.start()
        }
    }

    private func readToEndBlocking() -> String {
        readBlocking(until: nil)
    }

    private func readBlocking(until marker: String?) -> String {
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[..<count]
            if let marker, String(decoding: answer, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// Sends `text` as one masked WebSocket text frame (a client's frames are masked).
    @discardableResult
    func sendWebSocketText(_ text: String) -> Bool {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == frame.count
    }
}
