@_spi(Fuzzing) import Netspec

/// One input, which must never crash, hang or leak.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzEntryPoints.json(bytes)
    return 0
}

/// libFuzzer's driver (from `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer.
@_cdecl("FuzzJSON_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzOne(data, size) }
}
