import CFuzzerDriver
import Foundation
import Proactive
import ProactiveTesting

// libFuzzer drives one fuzz target, named by the environment variable FUZZ_TARGET (see
// FuzzTarget). Built with `-sanitize=fuzzer,address` (scripts/fuzz.sh), so inputs are guided by
// coverage and AddressSanitizer reports memory errors; a crash, a trap or a failed check is a
// finding.
//
// SwiftPM links an executable with `main` aliased to this file's entry point, which replaces
// libFuzzer's own `main`; this entry point therefore starts libFuzzer's driver itself.
guard FuzzTarget.selected != nil else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("ProactiveFuzzer: set FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
}
// What an engine loads once per process (the gazetteer of 170,000 places, phone metadata) is
// loaded before the first input: in a debug build with AddressSanitizer it takes seconds, which
// libFuzzer's per-input timeout would otherwise count against whichever input came first. Not for
// `markup`, which needs no engine and runs with LeakSanitizer: the gazetteer's globals hold
// Foundation objects through Swift pointers LeakSanitizer does not see through, which it would
// report as leaks when the run ends.
if FuzzTarget.selected != .markup { _ = try? ProactiveEngine.inMemory().prepare() }
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&arguments, &argumentValues) { fuzzerTestOneInput($0, $1) })
