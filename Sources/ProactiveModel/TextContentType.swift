/// What a text field holds, like UIKit's `UITextContentType`: it tells the keyboard which
/// field of a recent place or person to offer.
public enum TextContentType: String, Sendable, Hashable, Codable, CaseIterable {
    case name, givenName, familyName, organizationName, location
    case fullStreetAddress, streetAddressLine1, streetAddressLine2
    case addressCity, addressState, addressCityAndState, sublocality, postalCode, countryName
    case telephoneNumber, emailAddress, URL
}
