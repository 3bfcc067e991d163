import Foundation

/// The inspector page (one HTML file with its script and styles: no external assets).
enum InspectorPage {
    static let html: [UInt8] = {
        guard
            let url = Bundle.module.url(
                forResource: "inspector", withExtension: "html", subdirectory: "Resources"),
            let data = try? Data(contentsOf: url)
        else {
            return Array(
                "<!doctype html><title>Proactive</title><p>The inspector page is missing from this build."
                    .utf8)
        }
        return Array(data)
    }()
}
