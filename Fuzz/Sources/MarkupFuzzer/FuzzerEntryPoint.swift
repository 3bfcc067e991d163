import Foundation

/// libFuzzer's entry point for one input: the bytes are one HTML page.
///
/// Also exported as `LLVMFuzzerTestOneInput`, the name libFuzzer's runtime refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func markupFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    MarkupFuzzer.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
