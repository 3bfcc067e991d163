/// Two app numbers in order, the key of second-order transitions.
struct AppPair: Sendable, Hashable, Codable {
    var first: Int
    var second: Int
}
