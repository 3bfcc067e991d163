extension TextFolding {
    /// Appends the folded UTF-8 of `bytes` (valid UTF-8, as a string's is) to `out`: what
    /// ``appendFolded(_:to:)`` gives for the same text (see ``fold(validUTF8:into:)``).
    static func appendFolded(validUTF8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let n = bytes.count
        guard n > 0 else { return }
        let start = out.count
        let capacity = foldedCapacity(n)
        out.append(contentsOf: repeatElement(0, count: capacity))
        let written = out.withUnsafeMutableBufferPointer { buffer in
            fold(validUTF8: bytes, into: buffer.baseAddress! + start)
        }
        out.removeLast(capacity - written)
    }

    /// The most bytes ``fold(validUTF8:into:)`` writes for `count` bytes of text: no scalar of
    /// n bytes folds to more than 3n bytes (the longest growth is 2 bytes to 3), and a space is
    /// written only for whitespace left out before it.
    @inline(__always)
    static func foldedCapacity(_ count: Int) -> Int { 3 * count + 1 }

    /// Writes the folded UTF-8 of `bytes` (valid UTF-8, as a string's is) at `o`, which has
    /// room for ``foldedCapacity(_:)`` bytes, and returns how many it wrote: what
    /// ``appendFolded(_:to:)`` appends for the same text.
    ///
    /// ASCII (eight bytes at a time where they are printable), and the Chinese, Japanese and
    /// Korean text that folding leaves as it is, are copied; other scalars are decoded and
    /// folded as the scalar form folds them. Matching search candidates folds every
    /// candidate's text, so this is on the path of every search (docs/benchmarks.md, "Folding
    /// text byte by byte").
    static func fold(validUTF8 bytes: UnsafeBufferPointer<UInt8>, into o: UnsafeMutablePointer<UInt8>) -> Int
    {
        fold(validUTF8: bytes, into: o, collapsingWhitespace: true)
    }

    /// What ``fold(validUTF8:into:)`` writes, with every whitespace character written as one
    /// space and runs of them left as they are: the same words (runs of letters and digits),
    /// for matching them (``TextRelevance``), where ASCII is lowercased eight bytes at a time
    /// whatever they hold.
    static func foldKeepingWhitespace(
        validUTF8 bytes: UnsafeBufferPointer<UInt8>, into o: UnsafeMutablePointer<UInt8>
    ) -> Int {
        fold(validUTF8: bytes, into: o, collapsingWhitespace: false)
    }

    @inline(__always)
    private static func fold(
        validUTF8 bytes: UnsafeBufferPointer<UInt8>, into o: UnsafeMutablePointer<UInt8>,
        collapsingWhitespace: Bool
    ) -> Int {
        let n = bytes.count
        guard n > 0 else { return 0 }
        let capacity = foldedCapacity(n)
        var w = 0
        var pendingSpace = false
        var i = 0
        while i < n {
            // Eight ASCII bytes without whitespace or control characters at once: lowercased
            // and stored together.
            if i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if let folded = collapsingWhitespace
                    ? Self.foldedPrintableASCII(word) : Self.lowercasedASCII(word)
                {
                    if pendingSpace {
                        o[w] = 0x20
                        w += 1
                        pendingSpace = false
                    }
                    UnsafeMutableRawPointer(o + w).storeBytes(of: folded, as: UInt64.self)
                    w += 8
                    i += 8
                    continue
                }
            }
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                if collapsingWhitespace && (b == 0x20 || (b >= 0x09 && b <= 0x0D)) {
                    pendingSpace = w > 0
                    continue
                }
                if pendingSpace {
                    o[w] = 0x20
                    w += 1
                    pendingSpace = false
                }
                o[w] = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                w += 1
                continue
            }
            let length = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            var value = UInt32(b & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07))
            for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
            let from = i
            i += length
            @inline(__always) func space() {
                if pendingSpace {
                    o[w] = 0x20
                    w += 1
                    pendingSpace = false
                }
            }
            @inline(__always) func copy(_ folded: some Collection<UInt8>) {
                // Never past the bytes appended, whatever a future Unicode maps a letter to.
                precondition(w + folded.count <= capacity, "folded text outgrew its buffer")
                for byte in folded {
                    o[w] = byte
                    w += 1
                }
            }
            let scalar = Unicode.Scalar(value).unsafelyUnwrapped
            if Script.isUnsegmented(scalar) {
                space()
                copy(UnsafeBufferPointer(rebasing: bytes[from..<i]))
                continue
            }
            if let index = latinBaseIndex(value), let base = latinBaseBytes[index] {
                space()
                copy(base)
                continue
            }
            if scalar.properties.isWhitespace {
                if collapsingWhitespace {
                    pendingSpace = w > 0
                } else {
                    o[w] = 0x20
                    w += 1
                }
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            space()
            if let special = specialLetters[scalar] {
                copy(special.utf8)
            } else if value >= 0xFF01 && value <= 0xFF5E {
                let byte = UInt8(truncatingIfNeeded: value - 0xFEE0)
                o[w] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                w += 1
            } else if scalar.properties.changesWhenLowercased {
                copy(scalar.properties.lowercaseMapping.utf8)
            } else {
                copy(UnsafeBufferPointer(rebasing: bytes[from..<i]))
            }
        }
        return w
    }

    /// Eight bytes lowercased when each is ASCII; nil when one is not.
    @inline(__always)
    static func lowercasedASCII(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return nil }
        // 0x41–0x5A: at least 0x41 and not at least 0x5B, found by the high bit of each sum.
        let atLeastA = (word &+ (0x80 - 0x41) &* ones) & high
        let pastZ = (word &+ (0x80 - 0x5B) &* ones) & high
        return word | ((atLeastA & ~pastZ) >> 2)
    }

    /// Eight bytes (in memory order) lowercased, when each is printable ASCII (0x21–0x7E, or
    /// DEL): nil when one is whitespace, a control character or not ASCII.
    @inline(__always)
    static func foldedPrintableASCII(_ word: UInt64) -> UInt64? {
        // A byte below 0x21 sets its high bit in the subtraction (exactly so when every byte is
        // ASCII; ``lowercasedASCII(_:)`` answers nil otherwise).
        guard (word &- 0x21 &* 0x0101_0101_0101_0101) & 0x8080_8080_8080_8080 == 0 else { return nil }
        return lowercasedASCII(word)
    }
}
