import ProactiveGeocoding
import ProactiveModel

/// What completing a place learns from its postal address alone: the gazetteer's coordinates
/// for it and the address as its country writes it. Donations name the same few addresses
/// over and over (a user's city, an app's shops), so each answer is kept, for a bounded number
/// of distinct addresses: the gazetteer and the formats never change while the process runs.
final class AddressCompletion: Sendable {
    /// The gazetteer's best coordinates for an address, and its country.
    struct Hit: Sendable {
        var latitude: Double
        var longitude: Double
        var isoCountryCode: String?
    }

    /// The most distinct addresses each memo keeps; it starts over when full.
    static let capacity = 4096

    private let geocoder: OfflineGeocoder?
    private let hits = Memo<PostalAddress, Hit?>(capacity: capacity)
    private let formatted = Memo<PostalAddress, String>(capacity: capacity)

    init(geocoder: OfflineGeocoder?) { self.geocoder = geocoder }

    /// The gazetteer's first place for the address (nil without a gazetteer or a match).
    func hit(for address: PostalAddress) -> Hit? {
        hits.value(for: address) {
            guard let geocoder,
                let place =
                    (try? geocoder.places(
                        for: GeocodingQuery(address: address, isoCountryCode: address.isoCountryCode)))?.first
            else { return nil }
            return Hit(
                latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                isoCountryCode: place.isoCountryCode)
        }
    }

    /// The address as its country writes it on one line (`AddressFormatter`).
    func formattedAddress(_ address: PostalAddress) -> String {
        formatted.value(for: address) { AddressFormatter().string(from: address) }
    }
}
