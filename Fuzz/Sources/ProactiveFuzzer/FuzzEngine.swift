import Foundation
import Proactive
import ProactiveTesting
import Synchronization

/// An in-memory engine shared by the inputs of a run, replaced by a fresh one every
/// `inputsPerEngine` inputs so that a long run's store stays small.
enum FuzzEngine {
    static let inputsPerEngine = 2_000
    private static let state = Mutex<(engine: ProactiveEngine?, inputs: Int)>((nil, 0))

    /// The engine for the next input; a fresh one after `inputs` inputs (``inputsPerEngine`` by
    /// default).
    static func next(freshAfter inputs: Int = inputsPerEngine) -> ProactiveEngine {
        state.withLock { state in
            if state.engine == nil || state.inputs >= inputs {
                do { state.engine = try ProactiveEngine.inMemory() } catch {
                    fatalError("cannot open an in-memory store: \(error)")
                }
                state.inputs = 0
            }
            state.inputs += 1
            return state.engine!
        }
    }

    /// A JSON string literal for `text` (escaped by JSONSerialization).
    static func literal(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
