import Foundation
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

    /// The byte reader agrees with the `String` reading it replaced (kept here as the reference)
    /// on random ASCII heads made of field names in any case, separators and values.
    @Test func theByteReaderAgreesWithTheStringReading() {
        func referenceFraming(_ head: [UInt8]) -> (length: Int?, chunked: Bool)? {
            var length: Int?
            var chunked = false
            for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    .lowercased()
                if name == "content-length" {
                    guard let parsed = Int(value), parsed >= 0 else { return nil }
                    length = parsed
                } else if name == "transfer-encoding" {
                    chunked =
                        value.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) == "chunked"
                }
            }
            return (length, chunked)
        }
        let names = [
            "Content-Length", "content-LENGTH", "Transfer-Encoding", "TRANSFER-encoding", "Upgrade",
            "upgrade",
            "Host", "X-Upgrade", " Content-Length", "Content-Length ", "",
        ]
        let separators = [":", ": ", ":\t", " :", ":  \t ", ""]
        let values = [
            "12", "0", "-1", "+7", "x", "chunked", "Chunked", "gzip", ",", " , ", " ", "\t", "websocket",
            "\r",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            var head = "POST / HTTP/1.1\r\n"
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                head += names.randomElement(using: &generator)! + separators.randomElement(using: &generator)!
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    head += values.randomElement(using: &generator)!
                }
                head += "\r\n"
            }
            head += "\r\n\r\n"
            let bytes = Array(head.utf8)
            let expected = referenceFraming(bytes)
            let framing = RequestBodyFraming(head: bytes)
            let expectsFraming = expected.map { $0.chunked || ($0.length ?? 0) > 0 } ?? false
            #expect((framing != nil) == expectsFraming, "\(head.debugDescription)")
            if var framing, let expected, !expected.chunked, let length = expected.length {
                #expect(framing.consume(Array(repeating: 0x41, count: length + 5)) == length)
            }
            let upgrade = String(decoding: bytes, as: UTF8.self).lowercased().contains("\r\nupgrade:")
            #expect(RequestHeadGuard.asksForUpgrade(bytes) == upgrade, "\(head.debugDescription)")
        }
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
