import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a tab-separated resource record by record, straight from its bytes: no string for the
/// whole file and no array of fields per line (the gazetteer's cities are 15 MB of text). The
/// scanning is `memchr` over raw pointers, as fast in a debug build as in a release one: the
/// test suite's command-line processes each load the gazetteer.
enum TSVRecords {
    /// One record's fields, valid only during the call that receives it.
    struct Fields {
        fileprivate let base: UnsafePointer<UInt8>
        /// Field `i` is `base[starts[i]..<ends[i]]`.
        fileprivate let starts: UnsafeBufferPointer<Int>
        fileprivate let ends: UnsafeBufferPointer<Int>

        /// Field `index`'s bytes.
        func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: base + starts[index], count: ends[index] - starts[index])
        }

        /// Field `index` as a string.
        func string(_ index: Int) -> String { String(decoding: bytes(index), as: UTF8.self) }

        /// Calls `body` with each non-empty part of field `index` cut at `separator`.
        func forEachPart(
            of index: Int, separatedBy separator: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void
        ) {
            var start = base + starts[index]
            let end = base + ends[index]
            while start < end {
                let found = memchr(start, Int32(separator), end - start)
                let partEnd = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) } ?? end
                if partEnd > start { body(UnsafeBufferPointer(start: start, count: partEnd - start)) }
                start = partEnd + 1
            }
        }
    }

    /// Calls `body` with every record of `data` that does not start with `#`; a record without
    /// `columns` fields is an error naming the resource.
    static func forEach(
        in data: Data, columns: Int, resource: String, _ body: (Fields) throws(GeocodingError) -> Void
    ) throws(GeocodingError) {
        var failure: GeocodingError?
        let starts = UnsafeMutableBufferPointer<Int>.allocate(capacity: columns)
        let ends = UnsafeMutableBufferPointer<Int>.allocate(capacity: columns)
        defer {
            starts.deallocate()
            ends.deallocate()
        }
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
            let count = raw.count
            var start = 0
            while start < count {
                let newline = memchr(base + start, 0x0A, count - start)
                let end =
                    newline.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
                defer { start = end + 1 }
                guard end > start, base[start] != UInt8(ascii: "#") else { continue }
                var fields = 0
                var fieldStart = start
                while fields < columns {
                    let tab = memchr(base + fieldStart, 0x09, end - fieldStart)
                    let fieldEnd =
                        tab.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? end
                    starts[fields] = fieldStart
                    ends[fields] = fieldEnd
                    fields += 1
                    fieldStart = fieldEnd + 1
                    if fieldEnd == end { break }
                }
                guard fields == columns, fieldStart > end else {
                    failure = GeocodingError(
                        code: .invalidResource,
                        message: "\(resource).tsv has a record without \(columns) fields")
                    return
                }
                do throws(GeocodingError) {
                    try body(
                        Fields(
                            base: base, starts: UnsafeBufferPointer(starts), ends: UnsafeBufferPointer(ends)))
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }
}
