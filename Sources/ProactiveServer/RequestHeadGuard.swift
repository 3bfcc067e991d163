import NIOCore

/// Guards a connection against a request head that comes too slowly (slowloris) or is too
/// large, before HTTP parsing: it sits first in the connection's pipeline and sees the raw
/// bytes.
///
/// A head must be complete (`CRLF CRLF`) within the timeout of its first byte and within the size
/// limit. Otherwise the client gets `408 Request Timeout` or `431 Request Header Fields Too Large`
/// with the API's JSON error, and the connection is closed. A connection on which nothing arrives
/// for the keep-alive timeout (after its opening or after an answer) is closed silently. After
/// a WebSocket upgrade request the guard steps aside (the WebSocket has its own timeouts).
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let timeout: TimeAmount
    private let keepAliveTimeout: TimeAmount
    private let maxHeadSize: Int
    /// Whether the next bytes belong to a request head.
    private var readingHead = true
    /// The head read so far (at most `maxHeadSize` bytes).
    private var head: [UInt8] = []
    /// How much of `CRLF CRLF` the last bytes matched.
    private var matched = 0
    private var deadline: Scheduled<Void>?
    private var rejected = false

    init(timeout: TimeAmount, keepAliveTimeout: TimeAmount, maxHeadSize: Int) {
        self.timeout = timeout
        self.keepAliveTimeout = keepAliveTimeout
        self.maxHeadSize = maxHeadSize
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context, in: keepAliveTimeout) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context, in: keepAliveTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !rejected else { return }
        guard readingHead else { return context.fireChannelRead(data) }
        let buffer = unwrapInboundIn(data)
        // The first bytes of a request: its head's time starts.
        if head.isEmpty {
            arm(context, in: timeout)
        }
        var complete = false
        for byte in buffer.readableBytesView {
            head.append(byte)
            matched = Self.advance(matched, byte)
            if matched == 4 {
                complete = true
                break
            }
            if head.count > maxHeadSize {
                return reject(
                    context, status: "431 Request Header Fields Too Large", code: "headersTooLarge",
                    message: "the request's head is over \(maxHeadSize) bytes")
            }
        }
        guard complete else { return context.fireChannelRead(data) }
        deadline?.cancel()
        readingHead = false
        let upgrade = Self.asksForUpgrade(head)
        head = []
        matched = 0
        context.fireChannelRead(data)
        if upgrade { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // An answer is going out: the next bytes start the next request's head.
        if !readingHead {
            readingHead = true
            arm(context, in: keepAliveTimeout)
        }
        context.write(data, promise: promise)
    }

    /// Starts the time the next head (or the next request on a kept-alive connection) has.
    private func arm(_ context: ChannelHandlerContext, in time: TimeAmount) {
        deadline?.cancel()
        let loop = context.eventLoop.assumeIsolated()
        deadline = loop.scheduleTask(in: time) { [self] in
            guard readingHead, !rejected else { return }
            if head.isEmpty {
                context.close(promise: nil)
            } else {
                reject(
                    context, status: "408 Request Timeout", code: "requestTimeout",
                    message:
                        "the request's head did not arrive within \(timeout.nanoseconds / 1_000_000_000) s")
            }
        }
    }

    /// Answers `status` with the API's JSON error and closes the connection.
    private func reject(_ context: ChannelHandlerContext, status: String, code: String, message: String) {
        rejected = true
        deadline?.cancel()
        let body = #"{"error":{"code":"\#(code)","message":"\#(message)"}}"#
        var answer = context.channel.allocator.buffer(capacity: 256)
        answer.writeString(
            "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)")
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(answer))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// The `CRLF CRLF` matcher: how much of it is matched after `byte`.
    static func advance(_ matched: Int, _ byte: UInt8) -> Int {
        switch (matched, byte) {
        case (0, 13), (2, 13): matched + 1
        case (1, 10), (3, 10): matched + 1
        case (_, 13): 1
        default: 0
        }
    }

    /// Whether a head asks to switch protocols (`Upgrade:`, a WebSocket).
    static func asksForUpgrade(_ head: [UInt8]) -> Bool {
        String(decoding: head, as: UTF8.self).lowercased().contains("\r\nupgrade:")
    }
}
