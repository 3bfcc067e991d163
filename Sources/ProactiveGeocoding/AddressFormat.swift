/// How one country writes a postal address, from Google's libaddressinput data: a format
/// string with `%N` (recipient), `%O` (organization), `%A` (street lines), `%D` (dependent
/// locality), `%C` (city), `%S` (state or province), `%Z` (postal code), `%X` (sorting
/// code) and `%n` (line break); the rest is literal text.
struct AddressFormat: Sendable {
    /// The ISO 3166-1 alpha-2 code.
    var isoCode: String
    /// The format in the country's own script.
    var format: String
    /// The format for addresses written in Latin script, when it differs (China, Taiwan…).
    var latinFormat: String?
    /// The postal-code pattern (a regular expression), when the country has postal codes.
    var postalCodePattern: String?
    /// Subdivision keys ("CA", "RM", "SP", "台北市") with their names and Latin names.
    var subdivisions: [Subdivision]
    /// The country's main language (BCP 47), when the data gives it.
    var language: String?

    /// A state, province or county.
    struct Subdivision: Sendable {
        var key: String
        var name: String?
        var latinName: String?
    }
}
