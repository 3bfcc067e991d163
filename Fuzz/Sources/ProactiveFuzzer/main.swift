import CFuzzerDriver
import Foundation

// libFuzzer drives the extractor: each input, arbitrary bytes, is one HTML page. Built with
// `-sanitize=fuzzer,address` (scripts/fuzz-markup.sh), so inputs are guided by coverage and
// AddressSanitizer reports memory errors; a crash, a trap or a failed check is a finding.
//
// SwiftPM links an executable with `main` aliased to this file's entry point, which replaces
// libFuzzer's own `main`; this entry point therefore starts libFuzzer's driver itself.
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { markupFuzzerTestOneInput($0, $1) })
