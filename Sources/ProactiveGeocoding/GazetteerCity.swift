/// One city of the gazetteer (a GeoNames populated place).
struct GazetteerCity: Sendable {
    /// The GeoNames identifier.
    var geonameID: Int
    /// The GeoNames name (usually the English or local one: "Munich", "Lisbon", "Taipei").
    var name: String
    var latitude: Double
    var longitude: Double
    /// ISO 3166-1 alpha-2 code.
    var countryCode: String
    /// The GeoNames first-level administrative code ("CA" in the US, "11" in France).
    var admin1: String
    var population: Int
    /// For a section of a bigger city (GeoNames lists "Paris 01 Louvre" or "Chinatown" as
    /// places of their own), the index of that city.
    var parent: Int32?

    /// The radius in meters within which a point of the city lies: the radius of a disc of
    /// the city's population at 2,000 inhabitants per km², between 3 and 30 km.
    var accuracyMeters: Double {
        let areaSquareKilometers = Double(max(population, 1)) / 2000
        let radiusKilometers = (areaSquareKilometers / Double.pi).squareRoot()
        return min(max(radiusKilometers, 3), 30) * 1000
    }
}
