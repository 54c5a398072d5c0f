// libFuzzer entry for the split parse of large files (YAMLSplitPoint, YAMLSplitLoad), reached here at any size: the
// loader only splits a file of 1 MiB or more, which the spec target's inputs never are. Built by Scripts/fuzz
// together with Sources/SpecKit as one module; never part of the package build.
//
// A finding is any trap or sanitizer report, a time-out, or a kept split that one pass reads differently
// (YAMLSplitCheck: one pass must load the file and build exactly the joined document).

@_cdecl("LLVMFuzzerTestOneInput")
public func splitFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let problem = YAMLSplitCheck.disagreement(in: UnsafeBufferPointer(start: data, count: size)) {
        fatalError("split parse: \(problem)")
    }
    return 0
}
