import GRDB

/// Users and apps as the small integers the tables that grow with the documents (`entry`,
/// `placeSighting`) and their indexes are keyed by: the `name` table gives each name its key
/// once, and a key is never reused for another name nor removed.
///
/// A name of 7–40 bytes, repeated in a row and in every index that leads with it, becomes a
/// key of one byte (migration v17 saved 147 bytes a document at 1M items with the `default`
/// user and an app of 17 bytes). One instance serves one transaction: it remembers
/// the keys that transaction read or made (a key made by a transaction that rolls back may be
/// given to another name later, so keys are not remembered across transactions).
final class InternedNames {
    private var keys: [String: Int64] = [:]
    private var names: [Int64: String] = [:]

    /// The key no name has: a condition on it matches no row.
    static let none: Int64 = -1

    /// The key of a name, or ``none`` when the store never held it.
    func key(of name: String, _ db: Database) throws -> Int64 {
        if let key = keys[name] { return key }
        guard
            let key = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM name WHERE name = ?"), arguments: [name])
        else { return Self.none }
        keys[name] = key
        return key
    }

    /// The key of a name, giving it one first when it has none (write transactions only).
    func internedKey(of name: String, _ db: Database) throws -> Int64 {
        let found = try key(of: name, db)
        guard found == Self.none else { return found }
        try db.cachedStatement(sql: "INSERT INTO name (name) VALUES (?)").execute(arguments: [name])
        let key = db.lastInsertedRowID
        keys[name] = key
        return key
    }

    /// The name a key stands for.
    func name(of key: Int64, _ db: Database) throws -> String {
        if let name = names[key] { return name }
        guard
            let name = try String.fetchOne(
                db.cachedStatement(sql: "SELECT name FROM name WHERE id = ?"), arguments: [key])
        else { throw DatabaseError(message: "the store names no user or app \(key)") }
        names[key] = name
        return name
    }
}
