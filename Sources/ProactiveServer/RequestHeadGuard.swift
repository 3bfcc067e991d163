import NIOCore

/// Guards a connection against a request head that comes too slowly (slowloris) or is too
/// large, before HTTP parsing: it sits first in the connection's pipeline and sees the raw
/// bytes.
///
/// A head must be complete (`CRLF CRLF`) within the timeout of its first byte and within the size
/// limit. Otherwise the client gets `408 Request Timeout` or `431 Request Header Fields Too Large`
/// with the API's JSON error, and the connection is closed. A connection on which nothing arrives
/// for the keep-alive timeout (after its opening or after an answer) is closed silently. A body
/// (`Content-Length` or chunked) must then keep arriving: it has the body timeout, plus one second
/// for every `minimumBodyRate` bytes received, else `408` (a body trickling in a byte at a time
/// cannot hold its connection and its request for ever). After a WebSocket upgrade request the
/// guard steps aside once the answer goes out (the WebSocket has its own timeouts); if the upgrade
/// was refused, it writes the refusal kept in ``UpgradeRefusals`` instead of the bare `400`.
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let timeout: TimeAmount
    private let keepAliveTimeout: TimeAmount
    private let maxHeadSize: Int
    private let bodyTimeout: TimeAmount
    private let minimumBodyRate: Int
    private let refusals: UpgradeRefusals
    /// Whether an upgrade request's answer is awaited (then the guard steps aside).
    private var awaitingUpgradeAnswer = false
    /// Whether a refused upgrade's answer was written (what else the upgrade machinery writes is
    /// dropped).
    private var refusedUpgrade = false
    /// Whether the next bytes belong to a request head.
    private var readingHead = true
    /// The head read so far (at most `maxHeadSize` bytes).
    private var head: [UInt8] = []
    /// How much of `CRLF CRLF` the last bytes matched.
    private var matched = 0
    private var deadline: Scheduled<Void>?
    private var rejected = false
    /// The body of the request being read, until it is complete or answered.
    private var body: RequestBodyFraming?
    private var bodyStart = NIODeadline.now()
    private var bodyReceived = 0

    init(
        timeout: TimeAmount, keepAliveTimeout: TimeAmount, maxHeadSize: Int, bodyTimeout: TimeAmount,
        minimumBodyRate: Int, refusals: UpgradeRefusals
    ) {
        self.refusals = refusals
        self.timeout = timeout
        self.keepAliveTimeout = keepAliveTimeout
        self.maxHeadSize = maxHeadSize
        self.bodyTimeout = bodyTimeout
        self.minimumBodyRate = max(minimumBodyRate, 1)
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
        let buffer = unwrapInboundIn(data)
        guard readingHead else {
            follow(context, bodyBytes: buffer.readableBytesView)
            return context.fireChannelRead(data)
        }
        // The first bytes of a request: its head's time starts.
        if head.isEmpty {
            arm(context, in: timeout)
        }
        var complete = false
        var used = 0
        for byte in buffer.readableBytesView {
            used += 1
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
        if !upgrade, let framing = RequestBodyFraming(head: head) {
            body = framing
            bodyStart = .now()
            bodyReceived = 0
            armBody(context)
            follow(context, bodyBytes: buffer.readableBytesView.dropFirst(used))
        }
        head.removeAll(keepingCapacity: true)
        matched = 0
        awaitingUpgradeAnswer = upgrade
        context.fireChannelRead(data)
    }

    /// Counts bytes of the body being read; stops its clock once it is complete.
    private func follow(_ context: ChannelHandlerContext, bodyBytes: some Collection<UInt8>) {
        guard var framing = body, !bodyBytes.isEmpty else { return }
        bodyReceived += framing.consume(bodyBytes)
        if framing.isComplete {
            body = nil
            deadline?.cancel()
        } else {
            body = framing
        }
    }

    /// When the body being read runs out of time: the body timeout after the head, plus a second
    /// for every `minimumBodyRate` bytes received since.
    private var bodyDeadline: NIODeadline {
        bodyStart + bodyTimeout + .nanoseconds(Int64(bodyReceived) * 1_000_000_000 / Int64(minimumBodyRate))
    }

    /// Checks the body's progress at its deadline (pushed back as bytes arrive).
    private func armBody(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let loop = context.eventLoop.assumeIsolated()
        deadline = loop.scheduleTask(deadline: bodyDeadline) { [self] in
            guard body != nil, !readingHead, !rejected else { return }
            if bodyDeadline > .now() { return armBody(context) }
            let seconds = (NIODeadline.now() - bodyStart).nanoseconds / 1_000_000_000
            reject(
                context, status: "408 Request Timeout", code: "requestTimeout",
                message:
                    "the request's body did not arrive in time: \(bodyReceived) bytes in \(seconds) s (a body has \(bodyTimeout.nanoseconds / 1_000_000_000) s, and one more for every \(minimumBodyRate) bytes)"
            )
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if refusedUpgrade {
            promise?.succeed()
            return
        }
        if awaitingUpgradeAnswer {
            awaitingUpgradeAnswer = false
            if let answer = refusals.take(for: context.channel) {
                refusedUpgrade = true
                let buffer = context.channel.allocator.buffer(bytes: answer)
                context.write(wrapOutboundOut(.byteBuffer(buffer)), promise: promise)
                return
            }
            // Upgraded (101): the WebSocket takes the connection from here.
            context.write(data, promise: promise)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        // An answer is going out: the next bytes start the next request's head.
        if !readingHead {
            // Answered (perhaps before the whole body came, as for 413): the body's clock stops.
            body = nil
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
        var upgrade = false
        HTTPHeadFields(head: head).forEach { name, _ in
            if HTTPHeadFields.matches(name, "upgrade") { upgrade = true }
        }
        return upgrade
    }
}
