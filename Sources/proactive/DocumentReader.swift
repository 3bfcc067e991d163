import Foundation
import Proactive

/// Reads donation documents from a file or standard input: NDJSON (one document per line),
/// a JSON array of documents, or a single (possibly pretty-printed) JSON document.
///
/// NDJSON is read as a stream in chunks, so files of any size use bounded memory and a
/// producer writing to a pipe gets its receipts as soon as its lines arrive.
/// Not thread-safe: it is handed to one reading thread, which alone uses it after that.
final class DocumentReader: @unchecked Sendable {
    private let handle: FileHandle
    private let isFile: Bool
    private var buffer = Data()
    private var atEnd = false
    private var pending: [Data] = []
    private(set) var bytesRead: Int = 0
    let totalBytes: Int?
    private var mode: Mode?

    enum Mode { case lines, whole }

    init(path: String) throws {
        if path == "-" {
            handle = FileHandle.standardInput
            isFile = false
            totalBytes = nil
        } else {
            var isDirectory: ObjCBool = false
            // Opening a directory succeeds and reading it fails: it read as an empty file
            // ("0 documents").
            guard
                !(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                    && isDirectory.boolValue),
                let handle = FileHandle(forReadingAtPath: path)
            else {
                throw UsageError(message: ReadProblem.message(path))
            }
            self.handle = handle
            isFile = true
            totalBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        }
    }

    private func fill() -> Bool {
        guard !atEnd else { return false }
        let data: Data
        if isFile {
            data = (try? handle.read(upToCount: 1 << 20)) ?? Data()
        } else {
            data = handle.availableData
        }
        if data.isEmpty {
            atEnd = true
            return false
        }
        bytesRead += data.count
        buffer.append(data)
        return true
    }

    /// The next documents: at most `max`, as many as are available without waiting once at
    /// least one is (for pipes), or `nil` at the end.
    func next(max: Int) -> [Data]? {
        if mode == nil { decideMode() }
        if mode == .whole {
            guard !pending.isEmpty else { return nil }
            let out = Array(pending.prefix(max))
            pending.removeFirst(out.count)
            return out
        }
        var out: [Data] = []
        var start = buffer.startIndex
        defer { buffer = Data(buffer[start...]) }
        while out.count < max {
            if let newline = Self.newline(in: buffer, from: start) {
                let line = buffer[start..<newline]
                start = newline + 1
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { out.append(Data(line)) }
                continue
            }
            if !out.isEmpty && !isFile { break }
            buffer = Data(buffer[start...])
            start = buffer.startIndex
            if !fill() {
                if !buffer.isEmpty,
                    !buffer.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A })
                {
                    out.append(buffer)
                }
                buffer = Data()
                break
            }
        }
        return out.isEmpty ? nil : out
    }

    /// The index of the next newline at or after `start` (memchr: lines are long).
    private static func newline(in data: Data, from start: Data.Index) -> Data.Index? {
        data.withUnsafeBytes { raw -> Data.Index? in
            let offset = start - data.startIndex
            guard offset < raw.count, let base = raw.baseAddress else { return nil }
            guard let hit = memchr(base + offset, 0x0A, raw.count - offset) else { return nil }
            return data.startIndex + (UnsafeRawPointer(hit) - base)
        }
    }

    private func decideMode() {
        // Look for the first newline only in what each read adds (a document of tens of
        // megabytes on one line must not be scanned again at every read).
        var scanned = buffer.startIndex
        var firstNewline = Self.newline(in: buffer, from: scanned)
        while firstNewline == nil {
            scanned = buffer.endIndex
            guard fill() else { break }
            firstNewline = Self.newline(in: buffer, from: scanned)
        }
        let firstLine = buffer[buffer.startIndex..<(firstNewline ?? buffer.endIndex)]
        let trimmed = firstLine.drop {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        let last = firstLine.reversed().first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        if trimmed.first == UInt8(ascii: "{") && last == UInt8(ascii: "}") {
            mode = .lines
            return
        }
        mode = .whole
        while fill() {}
        let all = buffer
        buffer = Data()
        let first = all.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
        if first == UInt8(ascii: "[") {
            pending = DonationDocuments.array(all)
        } else if !all.isEmpty {
            pending = [all]
        }
    }
}
