/// A string as a dictionary key compared and hashed by its UTF-8 bytes: `String` hashes its
/// normalized form, several times slower for non-ASCII text. Keys that are always spelled the
/// same way (folded names, stored JSON) lose nothing by it.
struct UTF8Key: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (a: UTF8Key, b: UTF8Key) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
}
