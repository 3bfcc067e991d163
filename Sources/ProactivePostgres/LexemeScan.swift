import ProactiveText

/// The lexemes of one entry's fields as ``SearchLexemes`` makes them, scanned into one byte
/// buffer: each distinct lexeme once, in the order first seen, separated by spaces (a lexeme
/// holds no space: words split on everything but letters, digits and marks).
///
/// The word being read and its prefixes are built in buffers of their own, after the user's
/// key, and every step is a method of this value: no array slice per lexeme and no closure
/// over the scan's state (each retained and released an array, or checked exclusive access
/// at run time, on every byte: together half of the scan's time at ingest).
struct LexemeScan: ~Copyable {
    /// The lexemes so far, separated by spaces.
    private(set) var joined: [UInt8] = []
    /// Whether the lexemes reached ``SearchLexemes/largestVector`` bytes (the next are left out).
    private(set) var isFull = false

    private let prefixes: Bool
    private let keyLength: Int
    /// The key's bytes, then the word's (at most ``SearchLexemes/longestWord``: a longer word
    /// is not indexed).
    private let word: UnsafeMutableBufferPointer<UInt8>
    private var length: Int
    private var isTooLong = false
    /// The key's bytes, the prefix marker, then a word's first scalars (4 bytes each at most).
    private let prefix: UnsafeMutableBufferPointer<UInt8>
    private let prefixStart: Int
    private var seen = LexemeSet()
    /// The bytes the vector holds so far: each lexeme's, and about 8 of header for each.
    private var total = 0

    /// A scan whose lexemes start with `key`, with prefix lexemes of each word when `prefixes`.
    init(key: String, prefixes: Bool) {
        let key = Array(key.utf8)
        let marker = Array(SearchLexemes.prefixMarker.utf8)
        self.prefixes = prefixes
        keyLength = key.count
        word = .allocate(capacity: key.count + SearchLexemes.longestWord)
        _ = word.initialize(from: key)
        length = key.count
        prefixStart = key.count + marker.count
        prefix = .allocate(capacity: prefixStart + 4 * SearchLexemes.indexedPrefixLengths.upperBound)
        _ = prefix.initialize(from: key + marker)
        joined.reserveCapacity(256)
    }

    deinit {
        word.deallocate()
        prefix.deallocate()
    }

    /// Adds the words of a field's folded text (`TextFolding.appendFolded`), walked scalar by
    /// scalar (ASCII without decoding) and split on its scalars directly (the same words as
    /// `TextFolding.words`).
    mutating func add(folded: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while i < folded.count, !isFull {
            let lead = folded[i]
            if lead < 0x80 {
                if (lead >= 0x30 && lead <= 0x39) || (lead >= 0x61 && lead <= 0x7A)
                    || (lead >= 0x41 && lead <= 0x5A)
                {
                    append(folded, from: i, to: i + 1)
                } else if length > keyLength || isTooLong {
                    flush()
                }
                i += 1
                continue
            }
            let count = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            let end = min(i + count, folded.count)
            var value = UInt32(lead) & (count == 2 ? 0x1F : count == 3 ? 0x0F : 0x07)
            for j in (i + 1)..<end { value = value << 6 | UInt32(folded[j] & 0x3F) }
            if let scalar = Unicode.Scalar(value), Script.isWordCharacter(scalar) {
                append(folded, from: i, to: end)
            } else if length > keyLength || isTooLong {
                flush()
            }
            i = end
        }
        if length > keyLength || isTooLong { flush() }
    }

    /// Appends a word's bytes, or notes that the word is too long to index.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard !isTooLong else { return }
        guard length + end - start <= word.count else {
            isTooLong = true
            return
        }
        for i in start..<end {
            word[length] = bytes[i]
            length += 1
        }
    }

    /// Adds the word read (unless too long), then its prefixes when asked, and starts the next.
    private mutating func flush() {
        defer {
            length = keyLength
            isTooLong = false
        }
        guard !isTooLong, !isFull else { return }
        guard add(UnsafeBufferPointer(rebasing: word[..<length])), prefixes else { return }
        // The word's first 2, 3… scalars: a scalar starts at every byte that is not a UTF-8
        // continuation byte.
        var scalars = 0
        for index in keyLength...length {
            if index < length, word[index] & 0xC0 == 0x80 { continue }
            if SearchLexemes.indexedPrefixLengths.contains(scalars) {
                let count = index - keyLength
                _ = UnsafeMutableBufferPointer(rebasing: prefix[prefixStart..<(prefixStart + count)])
                    .initialize(from: word[keyLength..<index])
                guard add(UnsafeBufferPointer(rebasing: prefix[..<(prefixStart + count)])) else { return }
            }
            scalars += 1
            if scalars > SearchLexemes.indexedPrefixLengths.upperBound { break }
        }
    }

    /// Adds a lexeme unless seen; false once the vector is full.
    private mutating func add(_ lexeme: UnsafeBufferPointer<UInt8>) -> Bool {
        guard seen.insert(lexeme) else { return true }
        total += lexeme.count + 8
        if total > SearchLexemes.largestVector {
            isFull = true
            return false
        }
        if !joined.isEmpty { joined.append(UInt8(ascii: " ")) }
        joined.append(contentsOf: lexeme)
        return true
    }
}
