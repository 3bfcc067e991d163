import NIOCore
import PostgresNIO

/// A result's cell that holds a one-dimensional array in PostgreSQL's binary form (what
/// `array_agg` returns), read element by element.
///
/// A statement that returns many small rows can return one row of arrays instead, a column's
/// values aggregated side by side (`array_agg` of each column over the same rows, which one
/// aggregation reads in one order): the client then reads a few cells instead of a cell for
/// each value of each row, each of which postgres-nio copies with its column's description,
/// and the server sends one message instead of one a row. ``ArrayColumn`` writes this form.
struct ArrayCell {
    /// The elements' bytes, after the header.
    private var bytes: ByteBuffer
    /// How many elements the array has.
    let count: Int

    /// Reads the header of a cell's bytes (`nil`, SQL NULL, is an empty array: `array_agg`
    /// of no rows), which must be one-dimensional (or empty) with elements of type `element`
    /// (postgres-nio's names of PostgreSQL's types: `.bool`, `.int4`, `.int8`, `.float8`, `.text`).
    init(_ cell: ByteBuffer?, of element: PostgresDataType) throws(ArrayCellError) {
        guard var bytes = cell else {
            self.bytes = ByteBuffer()
            count = 0
            return
        }
        guard let dimensions = bytes.readInteger(as: Int32.self),
            bytes.readInteger(as: Int32.self) != nil,  // whether it has NULLs
            let type = bytes.readInteger(as: UInt32.self)
        else { throw ArrayCellError("an array cell shorter than its header") }
        guard type == element.rawValue else {
            throw ArrayCellError("an array of type \(type) read as one of \(element)")
        }
        switch dimensions {
        case 0:
            count = 0
        case 1:
            guard let length = bytes.readInteger(as: Int32.self), length >= 0,
                bytes.readInteger(as: Int32.self) != nil  // the lower bound
            else { throw ArrayCellError("an array cell with a malformed dimension") }
            count = Int(length)
        default:
            throw ArrayCellError("an array of \(dimensions) dimensions where one was expected")
        }
        self.bytes = bytes
    }

    /// Every element, read with `read` from the cell's bytes, given the element's length in
    /// bytes (-1 for NULL), which it reads whole; no element is copied out of the cell first.
    private func elements<T>(_ read: (inout ByteBuffer, Int) throws(ArrayCellError) -> T)
        throws(ArrayCellError) -> [T]
    {
        var bytes = bytes
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = bytes.readInteger(as: Int32.self) else {
                throw ArrayCellError("an array cell shorter than its elements")
            }
            guard length < 0 || Int(length) <= bytes.readableBytes else {
                throw ArrayCellError("an array element longer than its cell")
            }
            let end = bytes.readerIndex + max(Int(length), 0)
            values.append(try read(&bytes, Int(length)))
            guard bytes.readerIndex == end else {
                throw ArrayCellError("an array element of \(length) bytes read as another type")
            }
        }
        return values
    }

    /// The elements of a `text[]`, NULL as `nil`.
    func optionalStrings() throws(ArrayCellError) -> [String?] {
        try elements { (bytes: inout ByteBuffer, length: Int) throws(ArrayCellError) in
            length < 0 ? nil : bytes.readString(length: length)
        }
    }

    /// The elements of an `int8[]` without NULLs.
    func ints() throws(ArrayCellError) -> [Int] {
        try elements { (bytes: inout ByteBuffer, length: Int) throws(ArrayCellError) in
            guard length == 8, let value = bytes.readInteger(as: Int64.self) else {
                throw ArrayCellError("a NULL or short element in an array of int8")
            }
            return Int(value)
        }
    }

    /// The elements of an `int4[]`, NULL as `nil`.
    func optionalInt32s() throws(ArrayCellError) -> [Int?] {
        try elements { (bytes: inout ByteBuffer, length: Int) throws(ArrayCellError) in
            guard length >= 0 else { return nil }
            guard length == 4, let value = bytes.readInteger(as: Int32.self) else {
                throw ArrayCellError("a short element in an array of int4")
            }
            return Int(value)
        }
    }

    /// The elements of a `float8[]` without NULLs.
    func doubles() throws(ArrayCellError) -> [Double] {
        try elements { (bytes: inout ByteBuffer, length: Int) throws(ArrayCellError) in
            guard length == 8, let bits = bytes.readInteger(as: UInt64.self) else {
                throw ArrayCellError("a NULL or short element in an array of float8")
            }
            return Double(bitPattern: bits)
        }
    }

    /// The elements of a `bool[]` without NULLs.
    func bools() throws(ArrayCellError) -> [Bool] {
        try elements { (bytes: inout ByteBuffer, length: Int) throws(ArrayCellError) in
            guard length == 1, let byte = bytes.readInteger(as: UInt8.self) else {
                throw ArrayCellError("a NULL or short element in an array of bool")
            }
            return byte != 0
        }
    }
}

/// An array cell that is not what its reader expects.
struct ArrayCellError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
