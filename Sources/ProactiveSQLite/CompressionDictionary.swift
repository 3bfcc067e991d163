/// The preset dictionary stored documents are compressed with (see ``StoredText``): deflate
/// finds in it what a small document repeats of every other one, the keys and shapes of the
/// documents the contract defines and the place a sighting stores, and the most common words
/// of the six languages. Without it a document of 400 bytes compresses to about 300; with it,
/// to about 200.
///
/// Written by hand, from the contract alone (no user's or benchmark's data). Never change it:
/// the stored documents are read back with it. A new dictionary is a new format version of
/// ``StoredText``, the old one kept for the documents written with it.
enum CompressionDictionary {
    /// The dictionary of format version 1 (its most useful content last: deflate reaches the
    /// end of its window most cheaply).
    static let version1 = Array(
        """
         the and for with from this that your you are not will new all about more home page news video photo \
        music playlist order message note event meeting trip hotel restaurant museum park station airport street \
        avenue road square
         de la le les des du un une et en est pour dans sur avec par pas plus que qui au aux ce cette rue place \
        avenue boulevard gare
         der die das und den dem des ein eine ist nicht mit von zu auf für im mit straße platz bahnhof
         il lo la gli le di del della che e un una per con non è nel via piazza corso stazione
         o a os as de do da dos das em no na um uma para com não que é por mais rua praça avenida estação
         的 是 在 了 和 有 不 我 这 中 大 人 上 为 个 们 到 说 国 会 时 要 就 出 也 路 街 站 市 区
        {"name":"","formattedAddress":"","subThoroughfare":"","thoroughfare":"","city":"","stateOrProvince":"",\
        "postalCode":"","country":"","isoCountryCode":"","latitude":,"longitude":,"coordinateSource":"donated",\
        "phoneNumbers":["+"]}
        {"type":"pageVisit","app":"","url":"https://www.","at":"20","html":"<!DOCTYPE html><html lang=\\"en\\">\
        <head><meta charset=\\"utf-8\\"><title></title><meta name=\\"description\\" content=\\"\\">\
        <meta property=\\"og:title\\" content=\\"\\"><script type=\\"application/ld+json\\">\
        {\\"@context\\":\\"https://schema.org\\",\\"@type\\":\\"\\"}</script></head><body><div class=\\"\\">\
        <a href=\\"https://\\"></a></div></body></html>"}
        {"type":"interaction","app":"","at":"20","intent":{"kind":"sendMessage","recipients":[{"handle":"",\
        "displayName":""}],"groupIdentifier":"","identifier":""},"direction":"outgoing","outcome":"success"}
        {"type":"activity","app":"com.","activityType":"com.","title":"","persistentIdentifier":"",\
        "webpageURL":"https://","userInfo":{"id":""},"keywords":[""],"requiredUserInfoKeys":[""],\
        "isEligibleForSearch":true,"isEligibleForHandoff":true,"isEligibleForPrediction":true,\
        "isEligibleForPublicIndexing":false,"current":false,"expirationDate":"20","contentAttributeSet":\
        {"title":"","contentDescription":"","thumbnailURL":"https://","namedLocation":"","city":"","country":"",\
        "postalCode":"","thoroughfare":"","subThoroughfare":"","latitude":,"longitude":,"phoneNumbers":["+"]},\
        "mapItem":{"name":"","placemark":{"thoroughfare":"","city":"","postalCode":"","isoCountryCode":"",\
        "latitude":,"longitude":},"phoneNumber":"+","url":"https://"}}
        {"type":"searchableItem","app":"com.","uniqueIdentifier":"","domainIdentifier":"","expirationDate":"20",\
        "attributeSet":{"title":"","displayName":"","contentDescription":"","keywords":["",""],\
        "contentURL":"https://","thumbnailURL":"https://","namedLocation":"","fullyFormattedAddress":"",\
        "thoroughfare":"","subThoroughfare":"","city":"","stateOrProvince":"","postalCode":"","country":"",\
        "latitude":,"longitude":,"phoneNumbers":["+"]}}
        {"city":"","coordinateSource":"geocoded","country":"","formattedAddress":"","isoCountryCode":"",\
        "latitude":,"longitude":,"name":"","phoneNumbers":[],"postalCode":"","stateOrProvince":"",\
        "subThoroughfare":"","thoroughfare":""}
        {"type":"searchableItem","app":"com.","uniqueIdentifier":"","domainIdentifier":"",\
        "attributeSet":{"title":"","contentDescription":"","keywords":["",""],"city":"","namedLocation":""}}

        """.utf8)

    /// The dictionary of places (``StoredText/Format/places``): the place a sighting stores,
    /// as the engine writes it (sorted keys), with and without an address.
    static let places = Array(
        #"""
        {"city":"","coordinateSource":"geocoded","country":"","formattedAddress":"","isoCountryCode":"",\#
        "latitude":,"longitude":,"name":"","phoneNumbers":[],"postalCode":"","stateOrProvince":"",\#
        "subThoroughfare":"","thoroughfare":""}{"city":"","coordinateSource":"donated","formattedAddress":"",\#
        "isoCountryCode":"","latitude":,"longitude":,"name":"","phoneNumbers":["+"]}
        """#.utf8)
}
