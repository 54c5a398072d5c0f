// The spec pipeline as the fuzzer drives it: the YAML loader, the spec reader and the compiler with every static
// check; then `lockspec migrate`'s rewriting of the same texts, and one table edit of the workbench's (a cell set, or
// a row copied, removed or moved, chosen from the input's bytes) on each text that reads as YAML.
//
// Compiled into the fuzz target by Scripts/fuzz (as part of the SpecKit module, with FUZZ_BUILD set) and into
// SpecKitTests through a symbolic link, where FuzzCrasherTests replays every kept crasher through it: the replay is
// the pipeline the fuzzer ran, not a copy of it.
//
// An input may hold several spec files separated by a line `#---8<---`, so `uses:` across files is exercised too.
#if !FUZZ_BUILD
@testable import SpecKit
#endif

/// Runs one fuzz input through the pipeline, and gives the compiler's findings as text. Any trap, sanitizer report or
/// time-out is a finding; a diagnostic is the expected answer to bad input.
@discardableResult
func specFuzzPipeline(_ bytes: [UInt8]) -> String {
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
    let findings = DiagnosticFormatter.render(compilation.diagnostics, format: .text)
    _ = DiagnosticFormatter.render(compilation.diagnostics, format: .github)
    // Migration and the workbench's editor take the same texts a product owner has: any text is an answer or a
    // located refusal, never a trap.
    let texts = files.map { (path: $0.path, text: String(decoding: $0.bytes, as: UTF8.self)) }
    _ = SpecMigrator().migrate(texts)
    var seed = bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    for source in texts { fuzzOneEdit(source.text, file: source.path, seed: &seed) }
    return findings
}

/// Applies one edit, chosen by `seed`, to a text: a cell set to a text taken from the text itself, or a row operation
/// on one of its lists (indices out of range included, which must be refused).
private func fuzzOneEdit(_ text: String, file: String, seed: inout UInt64) {
    guard let root = try? YAMLSpan.read(text, file: file) else { return }
    var cells: [[YAMLPathStep]] = [], lists: [([YAMLPathStep], Int)] = []
    func walk(_ node: YAMLSpan, _ path: [YAMLPathStep]) {
        switch node.kind {
        case .mapping:
            for (key, value) in node.entries {
                guard let name = key.scalar else { continue }
                cells.append(path + [.key(name)])
                walk(value, path + [.key(name)])
            }
        case .sequence:
            lists.append((path, node.children.count))
            for (i, child) in node.children.enumerated() { walk(child, path + [.index(i)]) }
        case .scalar, .alias:
            break
        }
    }
    walk(root, [])
    func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return bound <= 0 ? 0 : Int((seed >> 33) % UInt64(bound))
    }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    let edit: SpecEdit
    switch next(4) {
    case 0 where !cells.isEmpty:
        let value = words.isEmpty ? "" : words[next(words.count)]
        edit = SpecEdit(.set, path: cells[next(cells.count)], text: next(3) == 0 ? "" : value)
    case 1 where !lists.isEmpty:
        let (path, count) = lists[next(lists.count)]
        edit = SpecEdit(.addRow, path: path, index: next(count + 2) - 1)
    case 2 where !lists.isEmpty:
        let (path, count) = lists[next(lists.count)]
        edit = SpecEdit(.removeRow, path: path, index: next(count + 1))
    default:
        guard !lists.isEmpty else { return }
        let (path, count) = lists[next(lists.count)]
        edit = SpecEdit(.moveRow, path: path, index: next(count + 1), to: next(count + 2) - 1)
    }
    _ = try? SpecTextEditor.apply(edit, to: text, file: file)
}
