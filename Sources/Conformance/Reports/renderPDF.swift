import Foundation

/// Prints an HTML report to PDF through headless Chromium (`chromium --headless --print-to-pdf`), with the report's
/// print stylesheet: a paged A4 document. The page is written to a private temporary folder first (Chromium reads
/// it from there, with a profile of its own) and the PDF moved to `path` only when it starts with `%PDF-`.
/// Chromium is killed after `timeout` seconds.
public func renderPDF(html: String, to path: String, chromium: String?, timeout: Double = 180) throws(PDFRenderError) {
    guard let chromium, FileManager.default.isExecutableFile(atPath: chromium) else { throw .chromiumMissing }
    let fm = FileManager.default
    let folder = fm.temporaryDirectory.appendingPathComponent("lockspec-pdf-\(UUID().uuidString)")
    defer { try? fm.removeItem(at: folder) }
    let page = folder.appendingPathComponent("report.html"), pdf = folder.appendingPathComponent("report.pdf")
    let log = folder.appendingPathComponent("stderr")
    guard (try? fm.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
          (try? Data(html.utf8).write(to: page)) != nil, fm.createFile(atPath: log.path, contents: nil),
          let errors = try? FileHandle(forWritingTo: log) else {
        throw .chromiumFailed("its temporary folder could not be written")
    }
    defer { try? errors.close() }
    let arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-pdf-header-footer",
                     "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--print-to-pdf=\(pdf.path)", page.absoluteString]
    switch BoundedProcess.run(chromium, arguments, timeout: timeout, stderr: errors) {
    case .notStarted: throw .chromiumFailed("\(chromium) could not be started")
    case .timedOut: throw .chromiumFailed("it took longer than \(Int(timeout)) s and was stopped")
    case .exited(let status) where status != 0: throw .chromiumFailed("it exited with status \(status): \(BoundedProcess.firstLine(of: log))")
    case .exited: break
    }
    guard let handle = try? FileHandle(forReadingFrom: pdf), let head = try? handle.read(upToCount: 5), Data("%PDF-".utf8) == head else {
        throw .chromiumFailed("it wrote no PDF file")
    }
    try? handle.close()
    let target = URL(fileURLWithPath: path)
    try? fm.removeItem(at: target)
    guard (try? fm.moveItem(at: pdf, to: target)) != nil else { throw .cannotWrite(path) }
}

/// Headless Chromium: `LOCKSPEC_CHROMIUM` when set (even to a missing path, which then means none), else the first of
/// `chromium`, `chromium-browser`, `google-chrome` on `PATH` or in `/usr/bin`.
public func locateChromium(environment: [String: String]) -> String? {
    if let given = environment["LOCKSPEC_CHROMIUM"] { return FileManager.default.isExecutableFile(atPath: given) ? given : nil }
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        if let found = folders.map({ ($0 as NSString).appendingPathComponent(name) }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return found
        }
    }
    return nil
}
