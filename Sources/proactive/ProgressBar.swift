import Foundation

/// A progress bar on standard error, shown only when it is a terminal.
struct ProgressBar {
    let total: Int
    let enabled: Bool
    private var lastDrawn = -1
    private let start = Date()

    init(total: Int?) {
        self.total = total ?? 0
        enabled = Terminal.stderrIsTerminal && (total ?? 0) > 256 * 1024
    }

    mutating func update(bytes: Int, documents: Int) {
        guard enabled, total > 0 else { return }
        let percent = min(100, bytes * 100 / total)
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let width = 30
        let filled = percent * width / 100
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let rate = Int(Double(documents) / elapsed)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(percent)%  \(documents) documents  \(rate)/s ".utf8))
    }

    func finish() {
        guard enabled, lastDrawn >= 0 else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
