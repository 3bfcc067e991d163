import Foundation

/// libFuzzer's entry point for one input, run by the target FUZZ_TARGET names.
///
/// Exported as `LLVMFuzzerTestOneInput`, the name libFuzzer's runtime refers to (main.swift hands
/// it to `LLVMFuzzerRunDriver`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.selected?.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
