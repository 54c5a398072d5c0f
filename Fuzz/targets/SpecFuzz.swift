// libFuzzer entry for the spec pipeline (`specFuzzPipeline`, in SpecFuzzPipeline.swift, which the crasher replay
// test compiles too). Built by Scripts/fuzz together with Sources/SpecKit as one module (so no public API is needed);
// never part of the package build.

@_cdecl("LLVMFuzzerTestOneInput")
public func specFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    specFuzzPipeline(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
