import NIOCore
import PostgresNIO

/// One column of a batch of rows, bound as one binary one-dimensional array parameter
/// (`text[]`, `float8[]`, `bool[]` or `int8[]`) that may hold NULLs; a statement expands its
/// columns side by side with `unnest(…) WITH ORDINALITY`.
///
/// Values are written straight into the parameter's bytes in PostgreSQL's binary array form,
/// so a batch costs neither a text form on the client nor parsing on the server (the
/// `jsonb_to_recordset` it replaces spent about half a millisecond per statement in the
/// server's JSON parser). postgres-nio's own `Array` encoding cannot hold a NULL element.
struct ArrayColumn: PostgresDynamicTypeEncodable {
    /// The type of a column's elements.
    enum Element {
        case text, float8, bool, int8

        var type: PostgresDataType {
            switch self {
            case .text: .text
            case .float8: .float8
            case .bool: .bool
            case .int8: .int8
            }
        }

        var arrayType: PostgresDataType {
            switch self {
            case .text: .textArray
            case .float8: .float8Array
            case .bool: .boolArray
            case .int8: .int8Array
            }
        }
    }

    let element: Element
    /// The elements, each as its length (-1 for NULL) and its bytes.
    private var elements: ByteBuffer
    /// How many elements were appended.
    private(set) var count = 0
    private var hasNulls = false

    /// An empty column; `capacity` is a guess at its elements' bytes.
    init(_ element: Element, capacity: Int = 256) {
        self.element = element
        elements = ByteBufferAllocator().buffer(capacity: capacity)
    }

    mutating func append(_ value: String?) {
        precondition(element == .text, "a text value appended to a \(element) column")
        guard let value else { return appendNull() }
        let lengthIndex = elements.writerIndex
        elements.writeInteger(Int32(0))
        let written = elements.writeString(value)
        elements.setInteger(Int32(written), at: lengthIndex)
        count += 1
    }

    /// Appends a text element given as its UTF-8 (valid UTF-8, as a string's is).
    mutating func append(utf8 value: some Collection<UInt8>) {
        precondition(element == .text, "a text value appended to a \(element) column")
        elements.writeInteger(Int32(value.count))
        elements.writeBytes(value)
        count += 1
    }

    mutating func append(_ value: Double?) {
        precondition(element == .float8, "a float8 value appended to a \(element) column")
        guard let value else { return appendNull() }
        elements.writeInteger(Int32(8))
        elements.writeInteger(value.bitPattern)
        count += 1
    }

    mutating func append(_ value: Bool) {
        precondition(element == .bool, "a bool value appended to a \(element) column")
        elements.writeInteger(Int32(1))
        elements.writeInteger(UInt8(value ? 1 : 0))
        count += 1
    }

    mutating func append(_ value: Int64) {
        precondition(element == .int8, "an int8 value appended to a \(element) column")
        elements.writeInteger(Int32(8))
        elements.writeInteger(value)
        count += 1
    }

    private mutating func appendNull() {
        elements.writeInteger(Int32(-1))
        hasNulls = true
        count += 1
    }

    var psqlType: PostgresDataType { element.arrayType }
    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        // Dimensions, whether any element is NULL, the element type; then, for a non-empty
        // array, its one dimension (length and lower bound) and the elements.
        buffer.writeInteger(Int32(count == 0 ? 0 : 1))
        buffer.writeInteger(Int32(hasNulls ? 1 : 0))
        buffer.writeInteger(element.type.rawValue)
        guard count > 0 else { return }
        buffer.writeInteger(Int32(count))
        buffer.writeInteger(Int32(1))
        var elements = elements
        buffer.writeBuffer(&elements)
    }
}
