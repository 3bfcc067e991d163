/// An error of a storage backend, with a stable ``code``; its message never quotes the
/// user's data or the statement that failed.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// Stable codes.
    public enum Code: String, Sendable {
        /// The store or database cannot be opened or reached at start-up (the message names the
        /// setting).
        case cannotOpen
        /// Any other database error.
        case database
        /// Another writer held the store for too long.
        case busy
        /// The store file is damaged.
        case corrupt
        /// The disk or the database is full.
        case full
        /// The store cannot be written (a read-only file or file system).
        case readOnly
        /// Reading or writing the store's files failed (an I/O error of the disk).
        case io
        /// The database cannot be reached now; the operation changed nothing and may be
        /// retried.
        case unavailable
        /// A value breaks a constraint of the store (a duplicate key).
        case conflict
    }
    /// The code.
    public var code: Code
    /// What happened.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
