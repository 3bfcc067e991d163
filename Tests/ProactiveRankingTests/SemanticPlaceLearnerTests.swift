import Foundation
import ProactiveRanking
import Testing

@Suite("SemanticPlaceLearner")
struct SemanticPlaceLearnerTests {
    // Monday 2024-01-01 00:00 UTC.
    let monday = Date(timeIntervalSince1970: 1_704_067_200)
    let home = (latitude: 48.8566, longitude: 2.3522)
    let work = (latitude: 48.8738, longitude: 2.2950)  // about 4.6 km away

    /// A week of samples every 30 minutes: home from 18:00 to 08:00, work 09:00–17:00 on
    /// weekdays, elsewhere in between and at weekends; each sample jittered by up to ~40 m.
    func week() -> [LocationSample] {
        var samples: [LocationSample] = []
        var jitter = 0.0
        for step in 0..<(7 * 48) {
            let date = monday.addingTimeInterval(Double(step) * 1_800)
            let hour = (step % 48) / 2
            let weekend = step / 48 >= 5
            jitter = (jitter + 0.37).truncatingRemainder(dividingBy: 1) - 0.5
            let offset = jitter * 0.0007
            let place: (latitude: Double, longitude: Double)
            if hour >= 18 || hour < 8 {
                place = home
            } else if !weekend && hour >= 9 && hour < 17 {
                place = work
            } else {
                place = (48.80 + Double(step % 7) * 0.01, 2.40 + Double(step % 5) * 0.01)
            }
            samples.append(
                LocationSample(
                    latitude: place.latitude + offset, longitude: place.longitude - offset, at: date))
        }
        return samples
    }

    @Test("learns home from nights and work from weekday daytime")
    func learnsHomeAndWork() throws {
        var learner = SemanticPlaceLearner()
        for sample in week() { learner.observe(sample) }
        let learnedHome = try #require(learner.home)
        let learnedWork = try #require(learner.work)
        #expect(LocationSample(latitude: home.latitude, longitude: home.longitude, at: monday).latitude > 0)
        #expect(
            abs(learnedHome.latitude - home.latitude) < 0.001
                && abs(learnedHome.longitude - home.longitude) < 0.001)
        #expect(
            abs(learnedWork.latitude - work.latitude) < 0.001
                && abs(learnedWork.longitude - work.longitude) < 0.001)
        #expect(learnedHome.confidence > 0.8)
        #expect(learnedWork.confidence > 0.8)
        #expect(learner.placeLabel(latitude: home.latitude + 0.0005, longitude: home.longitude) == .home)
        #expect(learner.placeLabel(latitude: work.latitude, longitude: work.longitude + 0.001) == .work)
        #expect(learner.placeLabel(latitude: 48.95, longitude: 2.5) == nil)
    }

    @Test("derives arrivals and departures from plain locations")
    func transitions() {
        var learner = SemanticPlaceLearner()
        for sample in week() { learner.observe(sample) }
        let later = monday.addingTimeInterval(7 * 86_400 + 12 * 3_600)
        let away = learner.observe(LocationSample(latitude: 48.95, longitude: 2.5, at: later))
        #expect(away.allSatisfy { if case .departed = $0 { true } else { false } })
        let arrival = learner.observe(
            LocationSample(
                latitude: home.latitude, longitude: home.longitude, at: later.addingTimeInterval(3_600)))
        #expect(arrival == [.arrived(.home)])
        #expect(
            learner.observe(
                LocationSample(latitude: home.latitude, longitude: home.longitude, at: later + 7_200)
            ).isEmpty)
    }

    @Test("knows nothing before a night has been seen")
    func needsEvidence() {
        var learner = SemanticPlaceLearner()
        for step in 0..<4 {
            learner.observe(
                LocationSample(
                    latitude: home.latitude, longitude: home.longitude, at: monday + Double(step) * 1_800))
        }
        #expect(learner.home == nil)
        #expect(learner.work == nil)
    }

    @Test("an explicit arrival is honoured as is")
    func explicitArrival() throws {
        var learner = SemanticPlaceLearner()
        learner.observe(LocationSample(latitude: 40.7128, longitude: -74.0060, at: monday))
        #expect(learner.noteArrival(at: .work, at: monday) == [.arrived(.work)])
        let work = try #require(learner.work)
        #expect(work.confidence == 1)
        #expect(learner.placeLabel(latitude: 40.7128, longitude: -74.0060) == .work)
    }
}
