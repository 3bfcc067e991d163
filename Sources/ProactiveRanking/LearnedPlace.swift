/// Home or work as learned by ``SemanticPlaceLearner``.
public struct LearnedPlace: Sendable, Hashable, Codable {
    /// Which place.
    public var place: SemanticPlace
    /// Latitude of the place's centre, in degrees.
    public var latitude: Double
    /// Longitude of the place's centre, in degrees.
    public var longitude: Double
    /// How sure the learner is, 0…1: the place's share of the defining time (nights for home,
    /// weekday daytime for work) times how much such time was observed (full after 24 hours),
    /// or 1 when the user's shell said so with an explicit arrival.
    public var confidence: Double
    /// Hours the device rested there in the defining time window.
    public var hours: Double

    /// Creates a learned place.
    public init(place: SemanticPlace, latitude: Double, longitude: Double, confidence: Double, hours: Double)
    {
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.confidence = confidence
        self.hours = hours
    }
}
