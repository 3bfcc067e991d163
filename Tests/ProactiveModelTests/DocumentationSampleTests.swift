import Foundation
import ProactiveModel
import Testing

/// The Swift sample of `Sources/ProactiveModel/ProactiveModel.docc`, verbatim (its `import`
/// lines aside), so that a change of the API breaks a test rather than the documentation
/// (`ProactiveTests.DocumentationSampleTests.everySampleIsInATest` checks it is here).
@Suite struct DocumentationSampleTests {
    /// Sources/ProactiveModel/ProactiveModel.docc/ProactiveModel.md
    @Test func landingPage() throws {
        let app = App(
            bundleIdentifier: "com.example.reviews", name: "Yummy Reviews",
            activityTypes: ["com.example.reviews.restaurant"])
        var activity = UserActivity(activityType: "com.example.reviews.restaurant")
        activity.title = "Yank Sing"
        activity.isEligibleForSearch = true
        let donation = Donation(app: app.bundleIdentifier, content: .activity(activity, current: true))
        let warnings = try donation.validate(declaringApp: app)  // [], or throws a DonationError
        let json = try DonationCoding.makeEncoder().encode(donation)  // {"activityType":…}
        let decoded = try DonationCoding.decode(json)  // == donation
        let filter = try SearchQueryExpression(parsing: #"title == "yank*"cd && InRange(rating, 3, 5)"#)

        #expect(warnings.isEmpty)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.hasPrefix(#"{"activityType":"com.example.reviews.restaurant","#))
        #expect(text.contains(#""type":"activity""#))
        #expect(decoded == donation)
        let attributes: [String: [SearchQueryExpression.Value]] = [
            "title": [.string("Yank Sing")], "rating": [.number(4)],
        ]
        #expect(filter.matches(now: Date(), attributes: { attributes[$0] ?? [] }))
    }
}
