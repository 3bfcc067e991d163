import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the daemon's resident memory from creeping up over weeks: glibc's allocator keeps
/// freed memory in up to eight arenas per core and returns little of it to the system, so a
/// long-running server's RSS grows with fragmentation although its live heap does not (measured
/// by the soak: about 1.6 MB a minute under mixed load, see `docs/reliability.md`). The daemon
/// limits the arenas to two per core and, every ``interval``, hands free pages back
/// (`malloc_trim`). Elsewhere than glibc it does nothing.
struct HeapTrimService: Service {
    /// How often free memory is handed back.
    var interval: Duration = .seconds(30)

    /// Limits glibc's malloc arenas (called once, as the daemon starts).
    static func limitArenas() {
        #if canImport(Glibc)
            // `malloc.h` is not in Swift's Glibc module: the functions are looked up (and absent
            // on a C library without them). M_ARENA_MAX is -8.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
            _ = mallopt(-8, Int32(max(2, 2 * cores)))
        #endif
    }

    /// glibc's `malloc_trim`, if the C library has it.
    static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
                return nil
            }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
            return nil
        #endif
    }()

    func run() async throws {
        // A service that returns ends the daemon's service group: without malloc_trim, it waits.
        guard let trim = Self.trim else { return try await gracefulShutdown() }
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                _ = trim(0)
            }
        }
    }
}
