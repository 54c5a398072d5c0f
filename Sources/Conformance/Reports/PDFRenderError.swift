/// Why `renderPDF` wrote no PDF. Its description is the sentence the CLI prints.
public enum PDFRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No headless Chromium was found.
    case chromiumMissing
    /// Chromium could not be started, failed, timed out, or wrote no PDF; the text says which.
    case chromiumFailed(String)
    /// The PDF could not be written where asked.
    case cannotWrite(String)

    /// The error as a sentence, with what to do about it.
    public var description: String {
        switch self {
        case .chromiumMissing:
            "a PDF needs headless Chromium, which is not installed (the Debian package chromium: run Scripts/bootstrap --browser), "
                + "or set LOCKSPEC_CHROMIUM to its path; the HTML report (--html) prints to PDF from any browser"
        case .chromiumFailed(let why): "headless Chromium wrote no PDF: \(why)"
        case .cannotWrite(let path): "cannot write the PDF to \(path)"
        }
    }
}
