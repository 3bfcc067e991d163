import ProactiveGeocoding
import ProactiveModel
import Synchronization

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
    private let hits = Mutex<[PostalAddress: Hit?]>([:])
    private let formatted = Mutex<[PostalAddress: String]>([:])

    init(geocoder: OfflineGeocoder?) { self.geocoder = geocoder }

    /// The gazetteer's first place for the address (nil without a gazetteer or a match).
    func hit(for address: PostalAddress) -> Hit? {
        if let known = hits.withLock({ $0[address] }) { return known }
        var hit: Hit?
        if let geocoder,
            let place =
                (try? geocoder.places(
                    for: GeocodingQuery(address: address, isoCountryCode: address.isoCountryCode)))?.first
        {
            hit = Hit(
                latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                isoCountryCode: place.isoCountryCode)
        }
        hits.withLock { memo in
            if memo.count >= Self.capacity { memo.removeAll(keepingCapacity: true) }
            memo[address] = .some(hit)
        }
        return hit
    }

    /// The address as its country writes it on one line (`AddressFormatter`).
    func formattedAddress(_ address: PostalAddress) -> String {
        if let known = formatted.withLock({ $0[address] }) { return known }
        let text = AddressFormatter().string(from: address)
        formatted.withLock { memo in
            if memo.count >= Self.capacity { memo.removeAll(keepingCapacity: true) }
            memo[address] = text
        }
        return text
    }
}
