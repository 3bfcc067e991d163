import Foundation

/// The distinct lexemes of one entry, remembered as bytes while its words are scanned: an
/// open-addressing table over one byte buffer, hashed eight bytes at a time.
///
/// `Set` of a byte wrapper hashed with SipHash (the standard `Hasher`) was 40 % of the scan's
/// time at ingest; here remembering a word costs one multiply per eight bytes and, for a new
/// word, appending its bytes. Lexemes of one entry are few (tens to a few thousand), so the
/// table is local to a scan.
struct LexemeSet {
    /// Every lexeme inserted, one after another.
    private var bytes: [UInt8] = []
    /// Where each lexeme ends in `bytes` (it starts where the previous one ends).
    private var ends: [Int] = []
    /// Each lexeme's hash, in insertion order.
    private var hashes: [UInt64] = []
    /// Lexeme number + 1 in each slot; 0 is an empty slot.
    private var slots: [Int32]

    /// An empty set with room for `capacity` lexemes before it grows.
    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        bytes.reserveCapacity(capacity * 16)
        ends.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// Adds `lexeme`; true when it was not there yet.
    mutating func insert(_ lexeme: UnsafeBufferPointer<UInt8>) -> Bool {
        if (ends.count + 1) * 2 > slots.count { grow() }
        let hash = Self.hash(lexeme)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let held = Int(slots[slot])
            if held == 0 { break }
            if hashes[held - 1] == hash && matches(held - 1, lexeme) { return false }
            slot = (slot + 1) & mask
        }
        bytes.append(contentsOf: lexeme)
        ends.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Int32(ends.count)
        return true
    }

    /// Whether lexeme `index` has the bytes of `lexeme`.
    private func matches(_ index: Int, _ lexeme: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == lexeme.count else { return false }
        return bytes.withUnsafeBufferPointer { held in
            guard let a = held.baseAddress, let b = lexeme.baseAddress else { return true }
            return memcmp(a + start, b, lexeme.count) == 0
        }
    }

    /// Twice the slots, every lexeme placed again by its kept hash.
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    /// A 64-bit hash of the bytes: eight at a time, each word multiplied into the state, the
    /// length mixed in, then MurmurHash3's finalizer (so that the low bits, which pick the
    /// slot, depend on every byte).
    static func hash(_ lexeme: UnsafeBufferPointer<UInt8>) -> UInt64 {
        do {
            let raw = UnsafeRawBufferPointer(lexeme)
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
                state ^= state >> 29
                offset += 8
            }
            if offset < raw.count {
                var tail: UInt64 = 0
                for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
                state = (state ^ tail) &* 0x94D0_49BB_1331_11EB
            }
            state ^= state >> 33
            state &*= 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 33
            state &*= 0xC4CE_B9FE_1A85_EC53
            state ^= state >> 33
            return state
        }
    }
}
