extension IndexText {
    /// The byte that starts a contracted run (see ``contracted(_:)``).
    static let runMark: UInt8 = 0x01
    private static let space: UInt8 = 0x20

    /// The index form with each spelled-out run written once, for storing it: where the text
    /// has a run as ``indexForm(_:)`` spells one, a space, then each character and each pair of
    /// adjacent characters followed by a space (" 紅 紅燒 燒 燒牛 牛 "), it holds the byte 0x01,
    /// the number of characters (LEB128) and the characters ("\u{1}\u{3}紅燒牛"): a third of the
    /// bytes. `nil` when that saves nothing (no run of two characters or more) or when the
    /// text holds the byte 0x01 itself.
    ///
    /// The pattern is recognised by its shape alone, whatever the characters, so
    /// ``expanded(_:)`` gives back the same text for any input, whichever characters a later
    /// version counts as unsegmented.
    public static func contracted(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { bytes -> [UInt8]? in
            guard !bytes.contains(runMark), bytes.contains(where: { $0 >= 0xC0 }) else { return nil }
            var out: [UInt8] = []
            var contractedAny = false
            var i = 0
            while i < bytes.count {
                if bytes[i] == space, let (units, end) = run(in: bytes, at: i), units.count >= 2 {
                    if !contractedAny {
                        out.reserveCapacity(bytes.count)
                        out.append(contentsOf: bytes[0..<i])
                        contractedAny = true
                    }
                    out.append(runMark)
                    LEB128.append(UInt64(units.count), to: &out)
                    for unit in units { out.append(contentsOf: bytes[unit]) }
                    i = end
                } else {
                    if contractedAny { out.append(bytes[i]) }
                    i += 1
                }
            }
            return contractedAny ? out : nil
        }
    }

    /// The text ``contracted(_:)`` was made from; `nil` when `bytes` are not such a text (cut
    /// short in a run).
    public static func expanded(_ bytes: UnsafeRawBufferPointer) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == runMark else {
                out.append(bytes[i])
                i += 1
                continue
            }
            i += 1
            guard let count = LEB128.read(bytes, at: &i), count >= 1, count <= UInt64(bytes.count) else {
                return nil
            }
            var previous: Range<Int>?
            out.append(space)
            for _ in 0..<count {
                guard i < bytes.count, i + scalarLength(bytes[i]) <= bytes.count else { return nil }
                let unit = i..<i + scalarLength(bytes[i])
                if let previous {
                    out.append(contentsOf: bytes[previous])
                    out.append(contentsOf: bytes[unit])
                    out.append(space)
                }
                out.append(contentsOf: bytes[unit])
                out.append(space)
                previous = unit
                i = unit.upperBound
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The run spelled out from the space at `start`: its characters' byte ranges and where
    /// the pattern ends (after its last space); `nil` when no run starts there.
    private static func run(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> ([Range<Int>], Int)? {
        guard let first = nonASCIIScalar(in: bytes, at: start + 1), first.upperBound < bytes.count,
            bytes[first.upperBound] == space
        else { return nil }
        var units = [first]
        var position = first.upperBound + 1
        // Each step: the last character, the next one, a space, the next one alone, a space.
        while true {
            let last = units[units.count - 1]
            let pairStart = position
            guard pairStart + last.count <= bytes.count,
                bytes[pairStart..<pairStart + last.count].elementsEqual(bytes[last]),
                let next = nonASCIIScalar(in: bytes, at: pairStart + last.count),
                next.upperBound < bytes.count, bytes[next.upperBound] == space
            else { break }
            let alone = next.upperBound + 1
            guard alone + next.count < bytes.count,
                bytes[alone..<alone + next.count].elementsEqual(bytes[next]),
                bytes[alone + next.count] == space
            else { break }
            units.append(alone..<alone + next.count)
            position = alone + next.count + 1
        }
        return (units, position)
    }

    /// The bytes of the non-ASCII scalar starting at `index`, if one does.
    private static func nonASCIIScalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Range<Int>? {
        guard index < bytes.count, bytes[index] >= 0xC0 else { return nil }
        let end = index + scalarLength(bytes[index])
        return end <= bytes.count ? index..<end : nil
    }

    /// How many bytes the UTF-8 sequence led by `lead` has.
    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
