public import Foundation
import ProactiveModel

extension NominatimGeocoder {
    /// One result of Nominatim's `jsonv2` format (the fields used).
    struct Result: Decodable {
        var lat: String
        var lon: String
        var name: String?
        var display_name: String?
        var place_rank: Int?
        var addresstype: String?
        var boundingbox: [String]?
        var address: [String: String]?
    }

    /// The places of a `/search` answer (a JSON array in the `jsonv2` format).
    ///
    /// - Throws: ``GeocodingError`` `invalidResponse` when the data is not such an array or
    ///   a result has no valid coordinate.
    public static func parseSearchResponse(_ data: Data) throws(GeocodingError) -> [GeocodedPlace] {
        let results: [Result]
        do {
            results = try JSONDecoder().decode([Result].self, from: data)
        } catch {
            throw GeocodingError(
                code: .invalidResponse, message: "the search answer is not a JSON array of places")
        }
        var places: [GeocodedPlace] = []
        for result in results { places.append(try place(from: result)) }
        return places
    }

    /// The place of a `/reverse` answer, or `nil` when the server says it found none
    /// (`{"error": "Unable to geocode"}`).
    public static func parseReverseResponse(_ data: Data) throws(GeocodingError) -> GeocodedPlace? {
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["error"] != nil
        {
            return nil
        }
        do {
            return try place(from: JSONDecoder().decode(Result.self, from: data))
        } catch let error as GeocodingError {
            throw error
        } catch {
            throw GeocodingError(code: .invalidResponse, message: "the reverse answer is not a JSON place")
        }
    }

    private static func place(from result: Result) throws(GeocodingError) -> GeocodedPlace {
        guard let latitude = Double(result.lat), let longitude = Double(result.lon),
            Coordinate(latitude: latitude, longitude: longitude).isValid
        else {
            throw GeocodingError(code: .invalidResponse, message: "a result has an invalid lat/lon")
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        let address = result.address ?? [:]
        let city = ["city", "town", "village", "municipality", "hamlet"].lazy.compactMap { address[$0] }.first
        let subLocality = ["suburb", "neighbourhood", "city_district", "quarter"].lazy.compactMap {
            address[$0]
        }.first
        let rank = result.place_rank ?? 30
        let match: GeocodingMatch
        switch rank {
        case 28...: match = .place
        case 26...27: match = .street
        case 21...25: match = result.addresstype == "postcode" ? .postalCode : .city
        case 13...20: match = .city
        case 5...12: match = .region
        default: match = .country
        }
        return GeocodedPlace(
            coordinate: coordinate,
            accuracyMeters: accuracy(of: result.boundingbox, at: coordinate, rank: rank),
            name: result.name.flatMap { $0.isEmpty ? nil : $0 } ?? result.display_name ?? city ?? "",
            city: city, subLocality: subLocality, region: address["state"] ?? address["province"],
            isoCountryCode: address["country_code"]?.uppercased(), postalCode: address["postcode"],
            match: match,
            source: .online)
    }

    /// Half the diagonal of the bounding box (south, north, west, east), at least 5 m; or a
    /// radius by rank when there is no box.
    private static func accuracy(of box: [String]?, at coordinate: Coordinate, rank: Int) -> Double {
        if let box, box.count == 4 {
            let values = box.compactMap(Double.init)
            if values.count == 4 {
                let southWest = Coordinate(latitude: values[0], longitude: values[2])
                let northEast = Coordinate(latitude: values[1], longitude: values[3])
                if southWest.isValid && northEast.isValid {
                    return max(southWest.distance(to: northEast) / 2, 5)
                }
            }
        }
        switch rank {
        case 28...: return 25
        case 26...27: return 250
        case 13...25: return 5_000
        default: return 100_000
        }
    }
}
