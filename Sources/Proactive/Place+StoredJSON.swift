import ProactiveModel

extension Place {
    /// The place as a sighting stores it: the JSON `JSONEncoder` writes with sorted keys and
    /// without escaped slashes (its keys in order, absent values left out), written by hand
    /// since every donation with an address stores one (encoding it with `JSONEncoder` was
    /// 9 % of the engine's work during an ingest on PostgreSQL). A place whose coordinates are
    /// not finite numbers (which validation refuses) is written by `JSONEncoder`, as before.
    var storedJSON: String {
        guard latitude?.isFinite != false, longitude?.isFinite != false else {
            return EntryDrafts.payload(self)
        }
        var json: [UInt8] = [UInt8(ascii: "{")]
        json.reserveCapacity(160 + name.utf8.count + (formattedAddress?.utf8.count ?? 0))
        var first = true
        func key(_ name: StaticString) {
            if !first { json.append(UInt8(ascii: ",")) }
            first = false
            json.append(UInt8(ascii: "\""))
            JSONText.appendRaw(name, to: &json)
            json += [UInt8(ascii: "\""), UInt8(ascii: ":")]
        }
        func string(_ name: StaticString, _ value: String?) {
            guard let value else { return }
            key(name)
            JSONText.appendString(value, to: &json)
        }
        func number(_ name: StaticString, _ value: Double?) {
            guard let value else { return }
            key(name)
            JSONText.appendNumber(value, to: &json)
        }
        string("city", city)
        string("coordinateSource", coordinateSource?.rawValue)
        string("country", country)
        string("formattedAddress", formattedAddress)
        string("isoCountryCode", isoCountryCode)
        number("latitude", latitude)
        number("longitude", longitude)
        string("name", name)
        key("phoneNumbers")
        json.append(UInt8(ascii: "["))
        for (index, number) in phoneNumbers.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONText.appendString(number, to: &json)
        }
        json.append(UInt8(ascii: "]"))
        string("postalCode", postalCode)
        string("stateOrProvince", stateOrProvince)
        string("subThoroughfare", subThoroughfare)
        string("thoroughfare", thoroughfare)
        json.append(UInt8(ascii: "}"))
        return String(decoding: json, as: UTF8.self)
    }
}
