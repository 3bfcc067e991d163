import CZlib
import Synchronization

/// zlib streams set up once and reused, safe to share between threads: a stream is taken for
/// one call and given back reset (setting one up allocates its window and tables).
final class StreamPool: Sendable {
    /// A stream's address (used by one thread at a time: the pool hands each to one caller).
    private struct Stream: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<z_stream>
    }

    private let streams = Mutex<[Stream]>([])
    private let make: @Sendable (UnsafeMutablePointer<z_stream>) -> Int32
    private let reset: @Sendable (UnsafeMutablePointer<z_stream>) -> Int32
    private let end: @Sendable (UnsafeMutablePointer<z_stream>) -> Int32
    /// The most streams kept (more callers at once get streams of their own, ended after use).
    private let capacity = 16

    /// A pool whose streams `make` sets up (`deflateInit2`, `inflateInit2`), `reset` makes
    /// ready again and `end` frees.
    init(
        make: @escaping @Sendable (UnsafeMutablePointer<z_stream>) -> Int32,
        reset: @escaping @Sendable (UnsafeMutablePointer<z_stream>) -> Int32,
        end: @escaping @Sendable (UnsafeMutablePointer<z_stream>) -> Int32
    ) {
        self.make = make
        self.reset = reset
        self.end = end
    }

    /// Runs `body` with a stream ready for a new input; `nil` when zlib could not set one up.
    func withStream<T>(_ body: (UnsafeMutablePointer<z_stream>) -> T?) -> T? {
        let stream: Stream
        if let kept = streams.withLock({ $0.popLast() }) {
            stream = kept
        } else {
            let pointer = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            pointer.initialize(to: z_stream())
            guard make(pointer) == Z_OK else {
                pointer.deallocate()
                return nil
            }
            stream = Stream(pointer: pointer)
        }
        let result = body(stream.pointer)
        let kept =
            reset(stream.pointer) == Z_OK
            && streams.withLock { streams in
                guard streams.count < capacity else { return false }
                streams.append(stream)
                return true
            }
        if !kept {
            _ = end(stream.pointer)
            stream.pointer.deallocate()
        }
        return result
    }
}
