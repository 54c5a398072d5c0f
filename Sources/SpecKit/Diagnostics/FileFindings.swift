/// The findings of reading one file, at most `maximum` of them listed: past that each is only counted, and one closing
/// finding says how many more there were, so a file of millions of mistakes (a duplicated key three million times,
/// half a million unknown keys) costs bounded memory and output, and still fails.
struct FileFindings {
    /// The most findings one file lists.
    static let maximum = 1_000

    /// The file they belong to.
    let file: String
    /// The findings listed, in the order found.
    private(set) var listed: [Diagnostic] = []
    /// How many more were found and not listed, and how many of those were errors.
    fileprivate(set) var unlisted = 0
    fileprivate var unlistedErrors = 0

    /// Findings for `file`.
    init(file: String) { self.file = file }

    /// Every finding found, listed or not.
    var count: Int { listed.count + unlisted }

    /// Whether the list is full: a finding from now on is only counted.
    var isFull: Bool { listed.count >= Self.maximum }

    /// Lists a finding of `severity`, made only while there is room.
    mutating func add(_ severity: Diagnostic.Severity, _ make: () -> Diagnostic) {
        guard isFull else { return listed.append(make()) }
        unlisted += 1
        if severity == .error { unlistedErrors += 1 }
    }

    /// The findings listed, then, when some were not, the one that counts them (an error when any of them was).
    var all: [Diagnostic] {
        guard unlisted > 0 else { return listed }
        return listed + [Diagnostic(unlistedErrors > 0 ? .error : .warning, id: "input.too-many-findings",
            "\(unlisted) more finding\(unlisted == 1 ? "" : "s") in this file \(unlisted == 1 ? "is" : "are") not listed (only the first \(Self.maximum) are)",
            at: .file(file), hint: "mend the ones listed and lint again")]
    }
}

extension FileFindings {
    /// Findings of every stage (reading, checks, traceability), sorted, with each file's past the first `maximum` only
    /// counted in one closing `input.too-many-findings` (an error when any of them was): the reader caps its own, and
    /// this caps what the later stages add. A file's own closing finding from the reader is kept, not counted.
    static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var perFile: [String: Int] = [:]
        var dropped: [String: (count: Int, errors: Int)] = [:]
        var kept: [Diagnostic] = []
        for d in diagnostics.sorted() {
            guard d.id != "input.too-many-findings" else { kept.append(d); continue }
            let n = perFile[d.location.file, default: 0]
            perFile[d.location.file] = n + 1
            if n < maximum { kept.append(d); continue }
            dropped[d.location.file, default: (0, 0)].count += 1
            if d.severity == .error { dropped[d.location.file, default: (0, 0)].errors += 1 }
        }
        for (file, more) in dropped {
            var closing = FileFindings(file: file)
            closing.unlisted = more.count
            closing.unlistedErrors = more.errors
            kept += closing.all.suffix(1)
        }
        return kept.sorted()
    }
}

extension Array where Element == Diagnostic {
    /// The findings with each file's past the first 1,000 counted, not listed (`FileFindings.capped`).
    public var cappedPerFile: [Diagnostic] { FileFindings.capped(self) }
}
