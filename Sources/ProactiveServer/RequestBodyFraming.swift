/// Where a request's body ends, read from its head and followed over the raw bytes after it:
/// `Content-Length`, or `Transfer-Encoding: chunked` (chunk sizes, data, the last chunk and its
/// trailers). ``RequestHeadGuard`` uses it to time a body's arrival without parsing HTTP twice.
struct RequestBodyFraming {
    private enum State {
        /// `remaining` bytes of a `Content-Length` body.
        case length(remaining: Int)
        /// A chunk-size line (hex digits, then extensions up to CRLF).
        case chunkSize(size: Int, digits: Int, inExtension: Bool, sawCR: Bool)
        /// `remaining` bytes of a chunk's data, then its CRLF (`trailing` bytes of it left).
        case chunkData(remaining: Int, trailing: Int)
        /// Trailer lines after the last chunk; `lineLength` bytes into the current one.
        case trailers(lineLength: Int, sawCR: Bool)
        case complete
    }

    private var state: State

    /// The framing a request head announces, or nil when it has no body (no `Content-Length`
    /// above zero and not chunked) or one this guard cannot follow (the HTTP parser then answers
    /// the malformed request itself).
    init?(head: [UInt8]) {
        var length: Int?
        var chunked = false
        var malformed = false
        HTTPHeadFields(head: head).forEach { name, value in
            if HTTPHeadFields.matches(name, "content-length") {
                guard let parsed = Int(String(decoding: value, as: UTF8.self)), parsed >= 0 else {
                    malformed = true
                    return
                }
                length = parsed
            } else if HTTPHeadFields.matches(name, "transfer-encoding") {
                let codings = value.split(separator: UInt8(ascii: ","))
                chunked =
                    codings.last.map { HTTPHeadFields.matches(HTTPHeadFields.trimmed($0), "chunked") }
                    ?? false
            }
        }
        if malformed { return nil }
        if chunked {
            state = .chunkSize(size: 0, digits: 0, inExtension: false, sawCR: false)
        } else if let length, length > 0 {
            state = .length(remaining: length)
        } else {
            return nil
        }
    }

    /// Whether the whole body has arrived.
    var isComplete: Bool {
        if case .complete = state { return true }
        return false
    }

    /// Follows `bytes` of the body; returns how many of them belong to it (the rest, if any,
    /// starts the next request).
    mutating func consume(_ bytes: some Collection<UInt8>) -> Int {
        var used = 0
        var index = bytes.startIndex
        while index != bytes.endIndex, !isComplete {
            switch state {
            case .length(let remaining):
                let take = min(remaining, bytes.distance(from: index, to: bytes.endIndex))
                index = bytes.index(index, offsetBy: take)
                used += take
                state = remaining == take ? .complete : .length(remaining: remaining - take)
                continue
            case .chunkData(let remaining, let trailing) where remaining > 0:
                let take = min(remaining, bytes.distance(from: index, to: bytes.endIndex))
                index = bytes.index(index, offsetBy: take)
                used += take
                state = .chunkData(remaining: remaining - take, trailing: trailing)
                continue
            default:
                step(bytes[index])
                index = bytes.index(after: index)
                used += 1
            }
        }
        return used
    }

    /// One byte of a chunked body outside a chunk's data.
    private mutating func step(_ byte: UInt8) {
        switch state {
        case .chunkSize(let size, let digits, let inExtension, let sawCR):
            if sawCR {
                // CRLF ends the size line: the data follows, or the trailers after the last chunk.
                state =
                    size == 0
                    ? .trailers(lineLength: 0, sawCR: false) : .chunkData(remaining: size, trailing: 2)
            } else if byte == 13 {
                state = .chunkSize(size: size, digits: digits, inExtension: inExtension, sawCR: true)
            } else if !inExtension, let digit = Self.hexDigit(byte), digits < 15 {
                state = .chunkSize(
                    size: size * 16 + digit, digits: digits + 1, inExtension: false, sawCR: false)
            } else {
                state = .chunkSize(size: size, digits: digits, inExtension: true, sawCR: false)
            }
        case .chunkData(_, let trailing):
            state =
                trailing > 1
                ? .chunkData(remaining: 0, trailing: trailing - 1)
                : .chunkSize(
                    size: 0, digits: 0, inExtension: false, sawCR: false)
        case .trailers(let lineLength, let sawCR):
            if sawCR, byte == 10 {
                state = lineLength == 0 ? .complete : .trailers(lineLength: 0, sawCR: false)
            } else if byte == 13 {
                state = .trailers(lineLength: lineLength, sawCR: true)
            } else {
                state = .trailers(lineLength: lineLength + 1, sawCR: false)
            }
        case .length, .complete:
            break
        }
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: Int(byte - 48)
        case 65...70: Int(byte - 55)
        case 97...102: Int(byte - 87)
        default: nil
        }
    }
}
