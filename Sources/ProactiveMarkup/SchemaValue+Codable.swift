extension SchemaValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, url, entity
    }

    /// Decodes a value written as `{"text": …}`, `{"url": …}` or `{"entity": {…}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .text(text)
        } else if let url = try container.decodeIfPresent(String.self, forKey: .url) {
            self = .url(url)
        } else if let entity = try container.decodeIfPresent(SchemaEntity.self, forKey: .entity) {
            self = .entity(entity)
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .text, in: container, debugDescription: "A schema value needs text, url or entity.")
        }
    }

    /// Encodes the value as `{"text": …}`, `{"url": …}` or `{"entity": {…}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text): try container.encode(text, forKey: .text)
        case .url(let url): try container.encode(url, forKey: .url)
        case .entity(let entity): try container.encode(entity, forKey: .entity)
        }
    }
}
