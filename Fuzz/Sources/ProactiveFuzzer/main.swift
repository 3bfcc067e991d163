import CFuzzerDriver
import Foundation

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
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&arguments, &argumentValues) { fuzzerTestOneInput($0, $1) })
