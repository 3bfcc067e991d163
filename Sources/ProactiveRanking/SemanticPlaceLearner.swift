import Foundation

/// Learns the user's home and work from plain location samples: home is where the device
/// rests at night, work where it rests on weekday daytime (other than home). Samples within
/// ``Configuration/clusterRadius`` of a place's centre belong to it.
///
/// Time between two samples (up to ``Configuration/maximumDwell``) counts as time spent at the
/// first one, split into 15-minute slices classified by local time. An explicit arrival from the
/// shell (``noteArrival(at:at:)``) is honoured as is: it pins the place to where the device is.
/// Updates cost O(1): the number of clusters is bounded by ``Configuration/maximumClusters``.
public struct SemanticPlaceLearner: Sendable, Codable {
    /// Parameters.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Samples within this distance of a place's centre, in meters, belong to it. Default 150.
        public var clusterRadius = 150.0
        /// The longest gap between samples counted as resting, in seconds. Default 3 hours:
        /// devices report location at least that often while still.
        public var maximumDwell: TimeInterval = 3 * 3_600
        /// Hours of night (resp. weekday daytime) needed before home (resp. work) is named.
        /// Default 6: about one night.
        public var minimumHours = 6.0
        /// Night: local hours from `nightStart` (default 22) to `nightEnd` (default 6).
        public var nightStart = 22
        /// See ``nightStart``.
        public var nightEnd = 6
        /// Weekday daytime: local hours from `workStart` (default 9) to `workEnd` (default 17), Monday to Friday.
        public var workStart = 9
        /// See ``workStart``.
        public var workEnd = 17
        /// The most places remembered; the one with the least time is forgotten first. Default 50.
        public var maximumClusters = 50
        /// The time zone of local hours. Default UTC; the engine passes the user's.
        public var timeZone = TimeZone(secondsFromGMT: 0)!

        /// The defaults.
        public init() {}
    }

    struct Cluster: Sendable, Codable {
        var latitude: Double
        var longitude: Double
        var samples: Double
        var nightHours = 0.0
        var workHours = 0.0
        var totalHours = 0.0
    }

    /// The parameters.
    public let configuration: Configuration
    var clusters: [Cluster] = []
    var lastSample: LocationSample?
    var lastCluster: Int?
    var pinned: [SemanticPlace: Int] = [:]
    var currentPlace: SemanticPlace?

    /// Creates a learner that knows no place.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Learns from a location sample and returns the arrivals and departures it implies
    /// (departure first), from the places known before this sample.
    @discardableResult
    public mutating func observe(_ sample: LocationSample) -> [PlaceTransition] {
        if let lastSample, let lastCluster {
            addDwell(from: lastSample.at, to: sample.at, in: lastCluster)
        }
        let cluster = clusterIndex(for: sample)
        lastSample = sample
        lastCluster = cluster
        return transition(to: placeLabel(latitude: sample.latitude, longitude: sample.longitude))
    }

    /// Honours an explicit arrival at `place` (from the shell): the place is pinned to the
    /// cluster of the latest sample, with full confidence. Returns the transitions it implies.
    @discardableResult
    public mutating func noteArrival(at place: SemanticPlace, at date: Date) -> [PlaceTransition] {
        if let lastCluster { pinned[place] = lastCluster }
        return transition(to: place)
    }

    private mutating func transition(to label: SemanticPlace?) -> [PlaceTransition] {
        guard label != currentPlace else { return [] }
        var transitions: [PlaceTransition] = []
        if let currentPlace { transitions.append(.departed(currentPlace)) }
        if let label { transitions.append(.arrived(label)) }
        currentPlace = label
        return transitions
    }

    /// The learned home, if any.
    public var home: LearnedPlace? { learned(.home) }

    /// The learned work place, if any.
    public var work: LearnedPlace? { learned(.work) }

    /// `home` or `work` when the coordinate is within the cluster radius of it (home wins a tie).
    public func placeLabel(latitude: Double, longitude: Double) -> SemanticPlace? {
        for place in SemanticPlace.allCases {
            if let learned = learned(place),
                LocationSample.distance(latitude, longitude, learned.latitude, learned.longitude)
                    <= configuration.clusterRadius
            {
                return place
            }
        }
        return nil
    }

    func learned(_ place: SemanticPlace) -> LearnedPlace? {
        if let index = pinned[place], index < clusters.count {
            let cluster = clusters[index]
            return LearnedPlace(
                place: place, latitude: cluster.latitude, longitude: cluster.longitude, confidence: 1,
                hours: place == .home ? cluster.nightHours : cluster.workHours)
        }
        let homeIndex = pinned[.home] ?? bestCluster(by: \.nightHours, excluding: nil)
        let index = place == .home ? homeIndex : bestCluster(by: \.workHours, excluding: homeIndex)
        guard let index else { return nil }
        let cluster = clusters[index]
        let hours = place == .home ? cluster.nightHours : cluster.workHours
        let all = clusters.reduce(0) { $0 + (place == .home ? $1.nightHours : $1.workHours) }
        let confidence = min(1, hours / 24) * (all > 0 ? hours / all : 0)
        return LearnedPlace(
            place: place, latitude: cluster.latitude, longitude: cluster.longitude, confidence: confidence,
            hours: hours)
    }

    private func bestCluster(by hours: KeyPath<Cluster, Double>, excluding excluded: Int?) -> Int? {
        var best: Int?
        for index in clusters.indices
        where index != excluded && clusters[index][keyPath: hours] >= configuration.minimumHours {
            if best == nil || clusters[index][keyPath: hours] > clusters[best!][keyPath: hours] {
                best = index
            }
        }
        return best
    }

    /// The cluster the sample belongs to, created (and the smallest forgotten) if needed.
    private mutating func clusterIndex(for sample: LocationSample) -> Int {
        var nearest: Int?
        var nearestDistance = Double.infinity
        for (index, cluster) in clusters.enumerated() {
            let distance = sample.distance(toLatitude: cluster.latitude, longitude: cluster.longitude)
            if distance < nearestDistance {
                nearest = index
                nearestDistance = distance
            }
        }
        if let nearest, nearestDistance <= configuration.clusterRadius {
            // Running mean with a capped count, so the centre settles but can follow a move.
            let weight = min(clusters[nearest].samples, 200)
            clusters[nearest].latitude =
                (clusters[nearest].latitude * weight + sample.latitude) / (weight + 1)
            clusters[nearest].longitude =
                (clusters[nearest].longitude * weight + sample.longitude) / (weight + 1)
            clusters[nearest].samples += 1
            return nearest
        }
        let cluster = Cluster(latitude: sample.latitude, longitude: sample.longitude, samples: 1)
        if clusters.count < max(1, configuration.maximumClusters) {
            clusters.append(cluster)
            return clusters.count - 1
        }
        let protected = Set(pinned.values)
        var victim = clusters.indices.first { !protected.contains($0) } ?? 0
        for index in clusters.indices
        where !protected.contains(index) && clusters[index].totalHours < clusters[victim].totalHours {
            victim = index
        }
        clusters[victim] = cluster
        if lastCluster == victim { lastCluster = nil }
        return victim
    }

    /// Adds the time from `start` to `end` (capped) to a cluster, in 15-minute slices.
    private mutating func addDwell(from start: Date, to end: Date, in index: Int) {
        let duration = min(end.timeIntervalSince(start), configuration.maximumDwell)
        guard duration > 0, index < clusters.count else { return }
        let slice = 900.0
        var offset = 0.0
        while offset < duration {
            let length = min(slice, duration - offset)
            let time = LocalTime(start.addingTimeInterval(offset + length / 2), in: configuration.timeZone)
            let hours = length / 3_600
            clusters[index].totalHours += hours
            if isNight(time.hour) { clusters[index].nightHours += hours }
            if !time.isWeekend && time.hour >= configuration.workStart && time.hour < configuration.workEnd {
                clusters[index].workHours += hours
            }
            offset += length
        }
    }

    private func isNight(_ hour: Int) -> Bool {
        configuration.nightStart > configuration.nightEnd
            ? hour >= configuration.nightStart || hour < configuration.nightEnd
            : hour >= configuration.nightStart && hour < configuration.nightEnd
    }
}
