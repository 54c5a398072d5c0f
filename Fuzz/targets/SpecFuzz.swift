// libFuzzer entry for the spec pipeline: the YAML loader, the spec reader and the compiler with every static check.
// Built by Scripts/fuzz together with Sources/SpecKit as one module (so no public API is needed); never part of the
// package build.
//
// An input may hold several spec files separated by a line `#---8<---`, so `uses:` across files is exercised too.
// Any trap, sanitizer report or time-out is a finding; a diagnostic is the expected answer to bad input.

@_cdecl("LLVMFuzzerTestOneInput")
public func specFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var files: [(path: String, bytes: [UInt8])] = []
    var current: [UInt8] = []
    let separator = Array("\n#---8<---\n".utf8)
    var i = 0
    while i < bytes.count {
        if bytes[i] == separator[0], bytes.count - i >= separator.count, Array(bytes[i..<i + separator.count]) == separator {
            files.append(("specs/fuzz\(files.count).yaml", current))
            current = []
            i += separator.count
        } else {
            current.append(bytes[i])
            i += 1
        }
    }
    files.append(("specs/fuzz\(files.count).yaml", current))
    let compilation = SpecCompiler().compile(sources: files)
    // Rendering is part of the pipeline a product owner sees: it must not trap on anything the compiler produced.
    _ = DiagnosticFormatter.render(compilation.diagnostics, format: .text)
    _ = DiagnosticFormatter.render(compilation.diagnostics, format: .github)
    return 0
}
