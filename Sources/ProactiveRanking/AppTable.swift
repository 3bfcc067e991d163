/// Interns app identifiers as dense integers so per-app statistics live in arrays.
struct AppTable: Sendable, Codable {
    /// Identifiers by number.
    private(set) var names: [String] = []
    /// Numbers by identifier.
    private var numbers: [String: Int] = [:]

    init() {}

    /// How many apps are known.
    var count: Int { names.count }

    /// The number of a known app.
    func number(of app: String) -> Int? { numbers[app] }

    /// The number of `app`, adding it if new.
    mutating func intern(_ app: String) -> Int {
        if let number = numbers[app] { return number }
        names.append(app)
        numbers[app] = names.count - 1
        return names.count - 1
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        names = try container.decode([String].self)
        for (number, name) in names.enumerated() { numbers[name] = number }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}
