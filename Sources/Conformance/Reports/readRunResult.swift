import SpecKit

/// The largest result file `merge` reads: a whole run's result is about four megabytes (most of it each case's checks).
public let maximumRunResultSize = 64 << 20

/// Reads and decodes one result file (`lockspec run --json`), for `merge`. A file that cannot be read (missing, a
/// folder, a pipe nothing writes to, past `maximumRunResultSize`) is `result.unreadable` at the file, with the reason;
/// one that does not decode is its located `RunResultDecodingError` finding.
public func readRunResult(at path: String) throws(DiagnosticError) -> RunResult {
    let bytes: [UInt8]
    do {
        bytes = try readFile(path, limit: maximumRunResultSize)
    } catch {
        throw DiagnosticError(error.diagnostics.map { finding in
            var finding = finding
            finding.id = "result.unreadable"
            finding.hint = nil // the reader's hints are a spec's ("split the table")
            return finding
        })
    }
    do throws(RunResultDecodingError) {
        return try decodeRunResult(String(decoding: bytes, as: UTF8.self))
    } catch {
        throw DiagnosticError([error.diagnostic(file: path)])
    }
}
