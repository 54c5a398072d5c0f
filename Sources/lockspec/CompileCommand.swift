import Foundation
import CommandLineKit
import SpecKit

let compileCommand = Command(
    name: "compile",
    overview: "Compiles specs into checked transition tables: JSON and state diagrams.",
    usage: "lockspec compile [<path> ...] --out <dir>",
    arguments: [("<path>", "Spec files or folders to compile (default: specs).")],
    options: [("--out <dir>", "The folder to write into (created if missing): suite.json, diagrams/<spec>.mmd and .dot.")],
    valued: ["--out"], flags: [],
    run: { args in
        guard let out = args.options["--out"] else { throw Arguments.UsageError(message: "missing --out <dir>") }
        // The output folder is never one the specs are read from: its files would be written among the specs.
        let target = resolved(out)
        if let folder = readFolders(args.positionals.isEmpty ? ["specs"] : args.positionals).first(where: { target == $0 || target.hasPrefix($0 + "/") }) {
            throw Arguments.UsageError(message: "--out \(out) is in \(folder), which this command reads: name a folder elsewhere")
        }
        let compilation = try compileSpecs(args.positionals)
        // Nothing read, nothing to write: an empty suite.json would look like a folder compiled clean.
        if compilation.readNothing {
            throw Arguments.UsageError(message: "nothing to compile: no spec file in \(named(args.positionals))")
        }
        Terminal.err(DiagnosticFormatter.render(compilation.diagnostics, format: .text, color: Terminal.colorWanted(fd: 2)))
        if compilation.couldNotReadInput { return 2 }
        guard !compilation.failed(strict: false) else {
            Terminal.err("nothing written: fix the errors above first\n")
            return 1
        }
        let command = "lockspec compile \((args.positionals.isEmpty ? ["specs"] : args.positionals).joined(separator: " ")) --out \(out)"
        // Every file it writes, made before any is written, so nothing is refused half-way.
        var outputs = [(path: out + "/suite.json", text: try emitJSON(compilation.suite, command: command))]
        for spec in compilation.suite.specs where spec.graph != nil {
            for format in DiagramFormat.allCases {
                outputs.append(("\(out)/diagrams/\(spec.id).\(format == .mermaid ? "mmd" : "dot")", emitDiagram(spec, format: format, command: command)))
            }
        }
        // A link where a file goes would be written through, to what it leads to (a spec, found by a re-trial).
        if let link = outputs.first(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: $0.path)) != nil }) {
            throw Arguments.UsageError(message: "\(link.path) is a link: compile writes its files only as files of their own; remove the link")
        }
        // A folder (or a pipe, a device) where a file goes would stop the writing half-way, the files before it new and
        // those after it old: refused before any is written.
        if let other = outputs.first(where: { notAFile($0.path) != nil }) {
            throw Arguments.UsageError(message: "\(other.path) is not a file: compile writes its files only as files of their own; move it away")
        }
        var written = 0
        for output in outputs where try Emitter.writeIfChanged(output.text, to: output.path) { written += 1 }
        Terminal.out("compiled \(compilation.suite.specs.count) specs into \(compilation.suite.cases.count) test cases in \(out) (\(counted(written, "file")) changed)\n")
        return 0
    })

let graphCommand = Command(
    name: "graph",
    overview: "Prints the state diagram of a machine spec.",
    usage: "lockspec graph <spec> [--format mermaid|dot] [--guards]",
    arguments: [("<spec>", "A machine spec: its file, or its id (looked up in specs/).")],
    options: [("--format <format>", "mermaid (default) or dot."), ("--guards", "Writes each row's guard beside its id, such as R1 [away > grace].")],
    valued: ["--format"], flags: ["--guards"],
    run: { args in
        let format = try choice(args.options["--format"], DiagramFormat.self, option: "--format", default: .mermaid)
        guard args.positionals.count == 1, let target = args.positionals.first else {
            throw Arguments.UsageError(message: "give exactly one spec (a file or an id)")
        }
        let isFile = FileManager.default.fileExists(atPath: target)
        let compilation = try compileSpecs(isFile ? [target] : ["specs"])
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        guard let spec = compilation.suite.specs.first(where: { isFile ? $0.file == target : $0.id == target }) else {
            Terminal.err(DiagnosticFormatter.render(errors, format: .text))
            let ids = compilation.suite.specs.map(\.id)
            throw Arguments.UsageError(message: "no spec '\(target)'\(Suggest.closest(to: target, in: ids).map { " (did you mean '\($0)'?)" } ?? "")")
        }
        guard spec.graph != nil else { throw Arguments.UsageError(message: "'\(spec.id)' is a \(spec.kind.rawValue), not a machine: only machines have a state diagram") }
        if !errors.isEmpty { Terminal.err(DiagnosticFormatter.render(errors, format: .text)) }
        let guards = args.flags.contains("--guards")
        let command = "lockspec graph \(spec.file)" + (format == .dot ? " --format dot" : "") + (guards ? " --guards" : "")
        Terminal.out(emitDiagram(spec, format: format, command: command, guards: guards))
        return errors.isEmpty ? 0 : 1
    })
