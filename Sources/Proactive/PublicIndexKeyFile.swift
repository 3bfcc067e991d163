import Foundation

/// The file holding a store's or a service's public index key (see
/// ``EngineConfiguration/publicIndexKey``): 32 random bytes, base64, readable by its owner only.
///
/// Keep it beside the store, not in it: with the database alone, the public index's contributor
/// keys cannot be linked to users. Every daemon of a service must read the same file.
public enum PublicIndexKeyFile {
    /// A new key: 32 bytes from the system's random number generator (what a new file holds;
    /// also a key for a test or a process of its own).
    public static func newKey() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The key in the file at `path`, made (and written, mode 0600) when the file does not
    /// exist yet.
    ///
    /// - Throws: ``EngineError`` naming the file when it cannot be read or made, or when it does
    ///   not hold a key of at least 16 bytes.
    public static func key(at path: String) throws -> Data {
        let manager = FileManager.default
        if let contents = manager.contents(atPath: path) {
            let text = String(decoding: contents, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            guard let key = Data(base64Encoded: text), key.count >= 16 else {
                throw EngineError(
                    .invalidRequest, "\(path) does not hold a public index key (base64 of 16 bytes or more)",
                    parameter: "publicIndexKey")
            }
            return key
        }
        let key = newKey()
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            // Written to a temporary name then linked: two processes starting together agree on
            // the first key written.
            let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
            guard
                manager.createFile(
                    atPath: temporary, contents: Data((key.base64EncodedString() + "\n").utf8),
                    attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown) }
            defer { try? manager.removeItem(atPath: temporary) }
            if link(temporary, path) != 0 && errno != EEXIST { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw EngineError(
                .storage, "cannot make the public index key file \(path): \(error.localizedDescription)",
                parameter: "publicIndexKey")
        }
        return try Self.key(at: path)
    }
}
