import FuzzDriver
@_spi(Fuzzing) import NetspecWorkflows

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    WorkflowFuzzEntryPoints.arazzo(bytes(data, size))
    return 0
}

@_cdecl("FuzzArazzo_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzOne(data, size) }
}
