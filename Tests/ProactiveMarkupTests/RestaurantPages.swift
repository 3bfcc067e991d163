import ProactiveMarkup

/// Realistic restaurant pages in several languages and syntaxes, written for these tests.
enum RestaurantPages {
    /// A Paris bistro in JSON-LD, with a PostalAddress, GeoCoordinates as strings and a telephone.
    static let frenchJSONLD = """
        <!DOCTYPE html>
        <html lang="fr"><head><meta charset="utf-8">
        <title>Le Petit Zinc – Bistrot parisien</title>
        <meta name="description" content="Cuisine du marché, vins natures, terrasse à Saint-Germain.">
        <script type="application/ld+json">
        {
          "@context": "https://schema.org",
          "@type": "Restaurant",
          "name": "Le Petit Zinc",
          "servesCuisine": "Française",
          "address": {
            "@type": "PostalAddress",
            "streetAddress": "11 rue Saint-Benoît",
            "addressLocality": "Paris",
            "postalCode": "75006",
            "addressCountry": "FR"
          },
          "geo": {"@type": "GeoCoordinates", "latitude": "48.8546", "longitude": "2.3331"},
          "telephone": "+33 1 42 86 61 00",
          "url": "https://lepetitzinc.example.fr/"
        }
        </script></head>
        <body><h1>Le Petit Zinc</h1><p>Réservez au 01 42 86 61 00.</p></body></html>
        """

    /// A Roman trattoria in microdata, with a nested PostalAddress and a telephone.
    static let italianMicrodata = """
        <!DOCTYPE html>
        <html lang="it"><head><title>Trattoria da Enzo al 29</title></head>
        <body>
        <div itemscope itemtype="https://schema.org/Restaurant">
          <h1 itemprop="name">Trattoria da Enzo al 29</h1>
          <p itemprop="servesCuisine">Cucina romana</p>
          <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
            <span itemprop="streetAddress">Via dei Vascellari, 29</span>,
            <span itemprop="postalCode">00153</span>
            <span itemprop="addressLocality">Roma</span>
            <meta itemprop="addressCountry" content="IT">
          </div>
          <p>Telefono: <a itemprop="telephone" href="tel:+390658120"><span>+39 06 581 2260</span></a></p>
        </div>
        </body></html>
        """

    /// A Lisbon tasca in RDFa Lite, with a PostalAddress, coordinates and a telephone.
    static let portugueseRDFa = """
        <!DOCTYPE html>
        <html lang="pt"><head><title>Taberna da Rua das Flores</title></head>
        <body vocab="https://schema.org/">
        <div typeof="Restaurant">
          <h1 property="name">Taberna da Rua das Flores</h1>
          <div property="address" typeof="PostalAddress">
            <span property="streetAddress">Rua das Flores 103</span>,
            <span property="postalCode">1200-194</span>
            <span property="addressLocality">Lisboa</span>,
            <span property="addressCountry">Portugal</span>
          </div>
          <div property="geo" typeof="GeoCoordinates">
            <meta property="latitude" content="38.7097">
            <meta property="longitude" content="-9.1433">
          </div>
          <p>Telefone: <span property="telephone">+351 21 347 9418</span></p>
        </div>
        </body></html>
        """

    /// A Berlin restaurant in JSON-LD with `@graph` and `@id` references, and a German address.
    static let germanGraph = """
        <html lang="de"><head><title>Zur letzten Instanz</title>
        <script type="application/ld+json">
        {"@context": {"@vocab": "http://schema.org/"},
         "@graph": [
           {"@type": "WebPage", "@id": "https://zurletzteninstanz.example.de/#page",
            "mainEntity": {"@id": "https://zurletzteninstanz.example.de/#restaurant"}},
           {"@type": ["Restaurant", "TouristAttraction"], "@id": "https://zurletzteninstanz.example.de/#restaurant",
            "name": "Zur letzten Instanz",
            "address": {"@id": "#adresse"},
            "telephone": "+49 30 2425528"},
           {"@id": "#adresse", "@type": "PostalAddress",
            "streetAddress": "Waisenstraße 14–16", "addressLocality": "Berlin", "postalCode": "10179",
            "addressCountry": {"@type": "Country", "name": "Deutschland"}}
         ]}
        </script></head><body></body></html>
        """

    /// A Shanghai restaurant in microdata with Chinese text, an `itemref`, and `format-detection`.
    static let chineseMicrodata = """
        <html lang="zh-CN"><head><meta charset="utf-8">
        <meta name="format-detection" content="telephone=no, email=no">
        <title>老正兴菜馆 - 上海本帮菜</title></head>
        <body>
        <div itemscope itemtype="http://schema.org/Restaurant" itemref="contact">
          <h1 itemprop="name">老正兴菜馆</h1>
          <div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress">
            <span itemprop="addressCountry">中国</span><span itemprop="addressRegion">上海市</span>
            <span itemprop="addressLocality">黄浦区</span><span itemprop="streetAddress">福州路556号</span>
          </div>
        </div>
        <footer id="contact"><p>电话：<span itemprop="telephone">021-6322 2624</span></p></footer>
        </body></html>
        """

    /// A London café described only through Open Graph place and business tags.
    static let englishOpenGraph = """
        <html prefix="og: http://ogp.me/ns# business: http://ogp.me/ns/business# place: http://ogp.me/ns/place#">
        <head>
        <meta property="og:type" content="business.business">
        <meta property="og:title" content="Monmouth Coffee, Borough">
        <meta property="og:description" content="Single-estate coffee by Borough Market.">
        <meta property="og:url" content="https://monmouth.example.co.uk/borough">
        <meta property="business:contact_data:street_address" content="2 Park Street">
        <meta property="business:contact_data:locality" content="London">
        <meta property="business:contact_data:postal_code" content="SE1 9AB">
        <meta property="business:contact_data:country_name" content="United Kingdom">
        <meta property="business:contact_data:phone_number" content="+44 20 7232 3010">
        <meta property="place:location:latitude" content="51.5055">
        <meta property="place:location:longitude" content="-0.0910">
        </head><body><h1>Monmouth Coffee</h1></body></html>
        """

    /// The same New York restaurant in each of the three syntaxes.
    static let sameRestaurant: [MarkupSyntax: String] = [
        .jsonLD: """
        <html><head><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Restaurant", "name": "Katz's Delicatessen",
         "address": {"@type": "PostalAddress", "streetAddress": "205 E Houston St", "addressLocality": "New York",
                     "addressRegion": "NY", "postalCode": "10002", "addressCountry": "US"},
         "telephone": "+1 212-254-2246"}
        </script></head><body></body></html>
        """,
        .microdata: """
        <html><body><div itemscope itemtype="https://schema.org/Restaurant">
          <h2 itemprop="name">Katz's Delicatessen</h2>
          <p itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
            <span itemprop="streetAddress">205 E Houston St</span>,
            <span itemprop="addressLocality">New York</span>, <span itemprop="addressRegion">NY</span>
            <span itemprop="postalCode">10002</span> <meta itemprop="addressCountry" content="US"></p>
          <span itemprop="telephone">+1 212-254-2246</span>
        </div></body></html>
        """,
        .rdfa: """
        <html><body><div vocab="http://schema.org/" typeof="Restaurant">
          <h2 property="name">Katz's Delicatessen</h2>
          <p property="address" typeof="PostalAddress">
            <span property="streetAddress">205 E Houston St</span>,
            <span property="addressLocality">New York</span>, <span property="addressRegion">NY</span>
            <span property="postalCode">10002</span> <meta property="addressCountry" content="US"></p>
          <span property="telephone">+1 212-254-2246</span>
        </div></body></html>
        """,
    ]
}
