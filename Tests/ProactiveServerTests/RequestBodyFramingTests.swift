import Testing

@testable import ProactiveServer

/// Where a body ends, as the request guard follows it over raw bytes, in pieces of every size.
@Suite struct RequestBodyFramingTests {
    func framed(_ headers: String) -> RequestBodyFraming? {
        RequestBodyFraming(head: Array("POST /v1/donations HTTP/1.1\r\nHost: x\r\n\(headers)\r\n".utf8))
    }

    /// Feeds `body` in pieces of `size` bytes; returns how many bytes belonged to the body and
    /// whether it completed.
    func follow(_ framing: RequestBodyFraming, _ body: String, pieces size: Int) -> (Int, Bool) {
        var framing = framing
        let bytes = Array(body.utf8)
        var used = 0
        for start in stride(from: 0, to: bytes.count, by: size) where !framing.isComplete {
            used += framing.consume(bytes[start..<min(start + size, bytes.count)])
        }
        return (used, framing.isComplete)
    }

    @Test func aRequestWithoutABodyHasNoFraming() {
        #expect(framed("") == nil)
        #expect(framed("Content-Length: 0\r\n") == nil)
        #expect(framed("Content-Length: -3\r\n") == nil)
        #expect(framed("Content-Length: lots\r\n") == nil)
    }

    /// Header names in any case, values with spaces and tabs around them; a request line or a
    /// value that merely mentions a field does not count.
    @Test func headerFieldsAreReadInAnyCaseAndSpacing() throws {
        var fourBytes = try #require(framed("CONTENT-LENGTH:\t 4 \t\r\n"))
        #expect(fourBytes.consume(Array("abcdef".utf8)) == 4)
        #expect(framed("Content-Length : 4\r\n") == nil)
        #expect(framed("X-Note: content-length: 4\r\n") == nil)
        #expect(framed("Content-Length: 4x\r\n") == nil)
        #expect(framed("Content-Length: 4\r\nContent-Length: nope\r\n") == nil)
        #expect(framed("transfer-encoding:  GZIP , Chunked \r\n") != nil)
        #expect(framed("Transfer-Encoding: chunked, gzip\r\n") == nil)
        #expect(
            RequestBodyFraming(head: Array("POST /content-length:5 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) == nil)
        #expect(RequestHeadGuard.asksForUpgrade(Array("GET / HTTP/1.1\r\nUPGRADE: websocket\r\n\r\n".utf8)))
        #expect(!RequestHeadGuard.asksForUpgrade(Array("GET /upgrade: HTTP/1.1\r\nHost: x\r\n\r\n".utf8)))
        #expect(
            !RequestHeadGuard.asksForUpgrade(Array("GET / HTTP/1.1\r\nX-Upgrade: websocket\r\n\r\n".utf8)))
    }

    @Test(arguments: [1, 2, 3, 7, 100])
    func aContentLengthBodyEndsAtItsLength(pieces: Int) throws {
        let framing = try #require(framed("content-length: 10\r\n"))
        #expect(follow(framing, "0123456789GET / HTTP/1.1", pieces: pieces) == (10, true))
        #expect(follow(framing, "01234", pieces: pieces) == (5, false))
    }

    @Test(arguments: [1, 2, 3, 5, 1000])
    func aChunkedBodyEndsAfterItsLastChunkAndTrailers(pieces: Int) throws {
        let framing = try #require(framed("Transfer-Encoding: gzip, chunked\r\n"))
        let body = "5\r\nhello\r\nA;name=value\r\n0123456789\r\n0\r\n\r\n"
        #expect(follow(framing, body + "GET /", pieces: pieces) == (body.utf8.count, true))
        let trailers = "3\r\nabc\r\n0\r\nX-Check: 1\r\n\r\n"
        #expect(follow(framing, trailers, pieces: pieces) == (trailers.utf8.count, true))
        // A chunk whose data holds what looks like the end is not the end.
        let tricky = "7\r\n0\r\n\r\n\r\n\r\n0\r\n\r\n"
        #expect(follow(framing, tricky, pieces: pieces) == (tricky.utf8.count, true))
        #expect(follow(framing, "5\r\nhel", pieces: pieces).1 == false)
    }
}
