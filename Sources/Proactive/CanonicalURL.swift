import Foundation

/// The one form of a web page's URL that identifies it in the public index: two users who
/// donate the same page under differently written URLs contribute to one entry.
///
/// The scheme and host are lowercased, the default port (80 for http, 443 for https) and the
/// fragment are dropped, an empty path becomes `/`, tracking parameters (`utm_*`, `fbclid`,
/// `gclid`, `dclid`, `msclkid`, `mc_cid`, `mc_eid`, `igshid`, `yclid`, `_ga`, `_gl`) are
/// removed, and the other query parameters are sorted (by name, then value). The path and the
/// parameters' values keep their case. Only `http` and `https` URLs with a host qualify.
enum CanonicalURL {
    /// Tracking parameters dropped from every URL (and every `utm_` parameter).
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "igshid", "yclid", "_ga", "_gl",
    ]

    /// The canonical form of `text`, or `nil` when it is not an http(s) URL with a host.
    static func canonical(_ text: String) -> String? {
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        components.scheme = scheme
        components.host = host.hasSuffix(".") ? String(host.dropLast()) : host
        if components.port == (scheme == "http" ? 80 : 443) { components.port = nil }
        components.fragment = nil
        components.user = nil
        components.password = nil
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        let kept = (components.percentEncodedQueryItems ?? []).filter { item in
            let name = item.name.lowercased()
            return !name.hasPrefix("utm_") && !trackingParameters.contains(name)
        }.sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.string
    }
}
