import CZlib
import Foundation
import GRDB
import ProactiveText
import Synchronization

/// How the store keeps the JSON of a document (an entry's payload, a sighting's place): as
/// text when that is smallest, else compressed, as a blob of one format byte, the text's
/// length in bytes (a LEB128 varint), then the text as raw deflate (zlib) with the format's
/// preset dictionary (``Format``). An entry's index-form description is kept with its runs of
/// Chinese, Japanese and Korean characters written once (``Format/indexText``). Texts stored
/// before (text) read as they are.
///
/// A document of 400 bytes takes about 200 (the documents of the 1M-item benchmark: 411 →
/// 201 bytes on average); compressing one costs a few microseconds, reading one back less.
enum StoredText {
    /// What a compressed blob's first byte says: raw deflate with which preset dictionary.
    enum Format: UInt8, CaseIterable {
        /// Documents (an entry's payload): ``CompressionDictionary/version1``.
        case documents = 1
        /// A sighting's place: ``CompressionDictionary/places`` (loading the documents'
        /// dictionary cost more than compressing a place).
        case places = 2
        /// An entry's indexed description deflated without a dictionary, as migration v18
        /// stored them; read, no longer written (v19 spells them as ``indexText``).
        case deflatedDescription = 3
        /// An entry's description in the index form (`ftsDescription`), not deflated: the
        /// format byte, then ``IndexText/contracted(_:)``'s bytes. Deflating the description as well
        /// (``deflatedDescription``) saved 73 more bytes a document but made ingest 18 %
        /// slower (deflate costs 5–10 µs on a text of 200 bytes, mostly its fixed work per
        /// stream).
        case indexText = 4
        /// An entry's document deflated with ``CompressionDictionary/version1`` followed by its
        /// companion: the entry's index-form title, keywords, description and address as the
        /// row stores them (``companion(_:)``). Deflate finds there what the document repeats
        /// of them (most of a small document) and writes a reference instead, so an entry's
        /// text is not stored twice (the 1M-item benchmark's documents: 201 → 81 bytes). The
        /// document is read back with the same row's columns, which are written with it.
        case documentsBesideText = 5
        /// A sighting's place deflated with ``CompressionDictionary/places`` followed by its
        /// companion: the sighting's `nameKey`, `cityKey`, `latitude` and `longitude` columns
        /// (``companion(_:)``), which the place's name, city and coordinates repeat (the 1M-item
        /// benchmark's places: 84 → 52 bytes).
        case placesBesideKeys = 6

        /// Whether a text of this format is compressed beside a companion (see
        /// ``StoredText/companion(_:)``).
        var isBeside: Bool { self == .documentsBesideText || self == .placesBesideKeys }

        /// The preset dictionary of the format (for ``documentsBesideText``, without the
        /// companion that follows it).
        var dictionary: [UInt8] {
            switch self {
            case .documents, .documentsBesideText: CompressionDictionary.version1
            case .places, .placesBesideKeys: CompressionDictionary.places
            case .deflatedDescription, .indexText: []
            }
        }

        /// Gives a stream the format's dictionary, then `companion`, with `set` (zlib's
        /// `deflateSetDictionary` or `inflateSetDictionary`, which a raw stream accepts
        /// several times in a row, each adding to its window); `Z_OK` at once when there is
        /// none.
        func setDictionary(companion: [UInt8] = [], _ set: (UnsafePointer<Bytef>?, uInt) -> Int32) -> Int32 {
            for part in [dictionary, companion] where !part.isEmpty {
                let status = part.withUnsafeBufferPointer { set($0.baseAddress, uInt($0.count)) }
                guard status == Z_OK else { return status }
            }
            return Z_OK
        }
    }
    /// Texts shorter than this are stored as they are (a blob's header and deflate's end
    /// marker would eat what compression saves).
    static let smallest = 48

    /// Compressed forms made ahead of the writes that store them (``prepare(_:companion:)``),
    /// by text, each with the companion it was made with; a write takes its text's form out
    /// and uses it when its companion is the same. The form depends on the text and the
    /// companion alone, so a form is the same whoever made it.
    private static let prepared = Mutex<[TextKey: (companion: [UInt8], value: DatabaseValue)]>([:])

    /// A text as a dictionary key by its UTF-8 bytes: `String` hashes its Unicode-normalized
    /// form, which cost the writer 4 µs a document on the benchmark's multilingual documents.
    struct TextKey: Hashable {
        let bytes: [UInt8]
        init(_ text: String) { bytes = Array(text.utf8) }
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
    /// The most forms kept waiting: when full, the forms are dropped and collecting starts
    /// again (a form whose document was refused is never taken out).
    static let preparedCapacity = 8_192

    /// Makes the value ``documentValue(_:companion:)`` will store for `text` beside
    /// `companion`, now, on the calling thread: `proactive donate` and the daemon parse
    /// documents on other threads than the one writing, so the writer does not spend its time
    /// compressing.
    static func prepare(_ text: String, companion: [UInt8]) {
        guard text.utf8.count >= smallest else { return }
        let value = documentForm(text, companion: companion)
        prepared.withLock { forms in
            if forms.count >= preparedCapacity { forms.removeAll(keepingCapacity: true) }
            forms[TextKey(text)] = (companion, value)
        }
    }

    /// The value to store for an entry's document `text`, whose row stores `companion` (see
    /// ``companion(_:)``): compressed beside it (``Format/documentsBesideText``) when that is
    /// smaller, else the text.
    static func documentValue(_ text: String, companion: [UInt8]) -> DatabaseValue {
        guard text.utf8.count >= smallest else { return text.databaseValue }
        if let form = prepared.withLock({ $0.isEmpty ? nil : $0.removeValue(forKey: TextKey(text)) }),
            form.companion == companion
        {
            return form.value
        }
        return documentForm(text, companion: companion)
    }

    /// The compressed form of an entry's document beside its companion.
    private static func documentForm(_ text: String, companion: [UInt8]) -> DatabaseValue {
        companion.isEmpty
            ? compressedValue(text, format: .documents)
            : compressedValue(text, format: .documentsBesideText, companion: companion)
    }

    /// The value to store for a sighting's place, whose row stores `companion` (see
    /// ``companion(_:)``).
    static func placeValue(_ text: String, companion: [UInt8]) -> DatabaseValue {
        compressedValue(text, format: .placesBesideKeys, companion: companion)
    }

    /// What a stored text is compressed beside: the bytes of other columns of its row as they
    /// are stored, in order (a number as Swift prints a `Double`, so that a `REAL` reads back
    /// the same; NULL as nothing). An entry's document is compressed beside its index-form
    /// title, keywords, description and address (`ftsTitle`, `ftsKeywords`, `ftsDescription`,
    /// `ftsAddress`: ``Format/documentsBesideText``), a sighting's place beside its `nameKey`,
    /// `cityKey`, `latitude` and `longitude` (``Format/placesBesideKeys``). Those columns are
    /// only ever written with the text.
    static func companion(_ stored: [DatabaseValue]) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in stored {
            switch value.storage {
            case .string(let text): bytes.append(contentsOf: text.utf8)
            case .blob(let data): bytes.append(contentsOf: data)
            case .double(let number): bytes.append(contentsOf: String(number).utf8)
            case .int64(let number): bytes.append(contentsOf: String(Double(number)).utf8)
            case .null: continue
            }
        }
        return bytes
    }

    /// The companion of a row whose companion columns (as ``companion(_:)`` takes them) are
    /// `columns`.
    static func companion(_ row: some ColumnValues, columns: Range<Int>) -> [UInt8] {
        companion(columns.map { row[$0] as DatabaseValue })
    }

    /// The value to store for `text`: a compressed blob when it is smaller, else the text.
    static func databaseValue(_ text: String, format: Format = .documents) -> DatabaseValue {
        if format == .indexText {
            guard let contracted = IndexText.contracted(text) else { return text.databaseValue }
            return Data([format.rawValue] + contracted).databaseValue
        }
        return compressedValue(text, format: format)
    }

    /// The compressed blob of `text` when it is smaller, else the text.
    private static func compressedValue(_ text: String, format: Format, companion: [UInt8] = [])
        -> DatabaseValue
    {
        let size = text.utf8.count
        guard size >= smallest,
            let compressed = compress(text, size: size, format: format, companion: companion),
            compressed.count < size
        else {
            return text.databaseValue
        }
        return compressed.databaseValue
    }

    /// The text of a stored value (text as it is, a compressed blob decompressed), with the
    /// companion of its row for an entry's document (``companion(_:)``).
    /// The companion is made only for a text compressed beside one (a sighting read without
    /// its place, or stored as text, costs nothing more).
    static func text(_ value: DatabaseValue, companion: @autoclosure () -> [UInt8] = []) throws -> String {
        switch value.storage {
        case .string(let text): return text
        case .blob(let data): return try decompress(data, companion: companion)
        case .null: return ""
        case .int64, .double:
            throw DatabaseError(message: "a stored document is a number, not text")
        }
    }

    /// Reads a stored text from a row's column, `nil` when it is NULL.
    static func optionalText(_ row: some ColumnValues, _ index: Int) throws -> String? {
        let value = row[index] as DatabaseValue
        return value.isNull ? nil : try text(value)
    }

    /// The value to store for an optional text (NULL for `nil`).
    static func databaseValue(_ text: String?, format: Format) -> DatabaseValue {
        text.map { databaseValue($0, format: format) } ?? .null
    }

    /// `proactive_stored_text(value)`: the text of a stored value, NULL for NULL (the full-text
    /// indexes read the text they index through it: the `entry_text` view).
    static let sqlFunction = DatabaseFunction("proactive_stored_text", argumentCount: 1, pure: true) {
        values in
        guard case .blob = values[0].storage else { return values[0] }
        return try text(values[0])
    }

    // MARK: Deflate

    /// Deflate streams kept for reuse (setting one up allocates its window and hash tables).
    private static let deflaters = StreamPool(
        make: { stream in
            // Level 2: deflate's fast matcher, which follows at most 8 earlier occurrences of
            // a string (level 6 follows up to 128 through the dictionary's many `":"`, and made
            // `proactive donate` 20 % slower, for documents 2 % smaller); an 8 KB window (the
            // dictionary and a small document fit in it; a web page compresses in 8 KB steps);
            // memory level 5 (8 KB of hash heads to reset).
            proactive_deflate_init(stream, 2, -13, 5)
        }, reset: { stream in deflateReset(stream) }, end: { stream in deflateEnd(stream) })

    /// Inflate streams kept for reuse.
    private static let inflaters = StreamPool(
        make: { stream in proactive_inflate_init(stream, -15) },
        reset: { stream in inflateReset(stream) }, end: { stream in inflateEnd(stream) })

    private static func compress(_ text: String, size: Int, format: Format, companion: [UInt8]) -> Data? {
        deflaters.withStream { stream -> Data? in
            guard format.setDictionary(companion: companion, { deflateSetDictionary(stream, $0, $1) }) == Z_OK
            else { return nil }
            var header: [UInt8] = [format.rawValue]
            LEB128.append(UInt64(size), to: &header)
            if format.isBeside { header += checksum(companion) }
            let bound = Int(deflateBound(stream, uLong(size)))
            var output = Data(count: header.count + bound)
            let written = output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Int? in
                out.copyBytes(from: header)
                var utf8 = text
                return utf8.withUTF8 { input -> Int? in
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                    stream.pointee.avail_in = uInt(input.count)
                    stream.pointee.next_out = out.baseAddress!.advanced(by: header.count)
                        .assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_out = uInt(bound)
                    guard deflate(stream, Z_FINISH) == Z_STREAM_END else { return nil }
                    return header.count + bound - Int(stream.pointee.avail_out)
                }
            }
            guard let written else { return nil }
            output.count = written
            return output
        }
    }

    /// Two bytes of the CRC-32 of a companion, stored before a document compressed beside it:
    /// read beside other text, the document would inflate to other bytes without an error
    /// (raw deflate has no check of its own).
    private static func checksum(_ companion: [UInt8]) -> [UInt8] {
        let crc = companion.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return [UInt8(truncatingIfNeeded: crc), UInt8(truncatingIfNeeded: crc >> 8)]
    }

    private static func decompress(_ data: Data, companion makeCompanion: () -> [UInt8]) throws -> String {
        guard let format = data.first.flatMap(Format.init(rawValue:)) else {
            throw DatabaseError(message: "a stored document is in an unknown format (\(data.first ?? 0))")
        }
        if format == .indexText {
            guard
                let text = data.withUnsafeBytes({
                    IndexText.expanded(UnsafeRawBufferPointer(rebasing: $0[1...]))
                })
            else { throw DatabaseError(message: "a stored text is cut short") }
            return text
        }
        var offset = 1
        guard let size = data.withUnsafeBytes({ LEB128.read($0, at: &offset) }), size <= UInt64(Int32.max)
        else {
            throw DatabaseError(message: "a stored document has no valid length")
        }
        let companion = format.isBeside ? makeCompanion() : []
        if format.isBeside {
            guard data.count >= offset + 2,
                data[data.startIndex + offset..<data.startIndex + offset + 2].elementsEqual(
                    checksum(companion))
            else {
                throw DatabaseError(
                    message: "a stored text's row no longer has the columns it was compressed beside")
            }
            offset += 2
        }
        let text = inflaters.withStream { stream -> String? in
            data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> String? in
                String(unsafeUninitializedCapacity: Int(size)) { output in
                    stream.pointee.next_in = UnsafeMutablePointer(
                        mutating: input.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self))
                    stream.pointee.avail_in = uInt(input.count - offset)
                    stream.pointee.next_out = output.baseAddress
                    stream.pointee.avail_out = uInt(output.count)
                    // Raw deflate names no dictionary: it is set before inflating.
                    guard
                        format.setDictionary(
                            companion: format.isBeside ? companion : [],
                            { inflateSetDictionary(stream, $0, $1) }) == Z_OK,
                        inflate(stream, Z_FINISH) == Z_STREAM_END,
                        stream.pointee.avail_out == 0
                    else { return 0 }
                    return output.count
                }
            }
        }
        guard let text, text.utf8.count == Int(size) else {
            throw DatabaseError(message: "a stored document could not be decompressed")
        }
        return text
    }
}
