/// A point of interest, like MapKit's `MKMapItem`: a named placemark with contact details.
public struct MapItem: Sendable, Hashable, Codable {
    /// The place's name.
    public var name: String?
    /// The place's phone number as written by the donor.
    public var phoneNumber: String?
    /// The place's website.
    public var url: String?
    /// Where the place is.
    public var placemark: Placemark?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, phoneNumber, url, placemark }

    /// Creates a map item.
    public init(
        name: String? = nil, phoneNumber: String? = nil, url: String? = nil, placemark: Placemark? = nil
    ) {
        self.name = name
        self.phoneNumber = phoneNumber
        self.url = url
        self.placemark = placemark
    }
}
