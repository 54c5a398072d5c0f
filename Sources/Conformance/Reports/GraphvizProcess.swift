import Foundation

/// Runs Graphviz's `dot` program as a child process: DOT in, SVG out. A process, not libgvc linked in, so that a
/// layout that crashes cannot take the caller with it, one that takes too long is killed at a deadline, output is read
/// only up to a bound, and a machine without Graphviz still builds and reports (the caller falls back to its own
/// layout). Input and output go through files in a private temporary folder, never pipes a child could fill.
enum GraphvizProcess {
    /// Why `dot` gave no usable SVG, as a phrase for the report ("timed out after 10 s").
    struct Failure: Error, Hashable, Sendable {
        /// What went wrong, in a few words.
        var reason: String
        /// Whether `dot` ran past its deadline and was killed.
        var timedOut = false
    }

    /// The SVG `dot -Tsvg` writes for `source`, or why there is none.
    static func svg(_ source: String, executable: String, timeout: Double, outputLimit: Int = 8 << 20) -> Result<String, Failure> {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("lockspec-dot-\(UUID().uuidString)")
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(Failure(reason: "no temporary folder for its files"))
        }
        defer { try? fm.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.dot"), output = folder.appendingPathComponent("out.svg")
        let log = folder.appendingPathComponent("stderr")
        guard (try? Data(source.utf8).write(to: input)) != nil, fm.createFile(atPath: log.path, contents: nil),
              let errors = try? FileHandle(forWritingTo: log) else {
            return .failure(Failure(reason: "its input could not be written"))
        }
        defer { try? errors.close() }
        switch BoundedProcess.run(executable, ["-Tsvg", "-o", output.path, input.path], timeout: timeout, stderr: errors) {
        case .notStarted:
            return .failure(Failure(reason: "\(executable) could not be started"))
        case .timedOut:
            return .failure(Failure(reason: "\(executable) took longer than \(timeout) s and was stopped (the rest of the page is laid out by hand)", timedOut: true))
        case .exited(let status):
            guard status == 0 else {
                let said = BoundedProcess.firstLine(of: log)
                return .failure(Failure(reason: "\(executable) failed (status \(status))" + (said.isEmpty ? "" : ": \(said)")))
            }
        }
        guard let size = (try? fm.attributesOfItem(atPath: output.path))?[.size] as? NSNumber, size.intValue <= outputLimit,
              let data = fm.contents(atPath: output.path) else {
            return .failure(Failure(reason: "\(executable) wrote no SVG, or one larger than \(outputLimit >> 20) MiB"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }

    /// The `dot` program on `PATH` (as `environment` gives it), else `/usr/bin/dot`, if executable.
    static func locate(environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return folders.map { ($0 as NSString).appendingPathComponent("dot") }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
