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
        return listed + [Diagnostic(unlistedErrors > 0 ? .error : .warning, id: Self.closingID,
            "\(unlisted) more finding\(unlisted == 1 ? "" : "s") in this file \(unlisted == 1 ? "is" : "are") not listed (only the first \(Self.maximum) are)",
            at: .file(file), hint: "mend the ones listed and lint again")]
    }
}

extension FileFindings {
    /// Findings of every stage (reading, checks, traceability), sorted, with each file's past the first `maximum` only
    /// counted in one closing `input.too-many-findings` (an error when any of them was). The closing findings an
    /// earlier stage or pass gave a file are folded into that one, their counts added, so capping twice says it once.
    static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var files: [String: FileFindings] = [:]
        for d in diagnostics.sorted() {
            let file = d.location.file
            guard d.id == closingID else {
                files[file, default: FileFindings(file: file)].add(d.severity) { d }
                continue
            }
            files[file, default: FileFindings(file: file)].unlisted += Int(d.message.prefix { $0.isASCIIDigit }) ?? 0
            if d.severity == .error { files[file, default: FileFindings(file: file)].unlistedErrors += 1 }
        }
        return files.values.flatMap(\.all).sorted()
    }

    /// The id of the finding that counts the ones not listed.
    static let closingID = "input.too-many-findings"
}

extension Array where Element == Diagnostic {
    /// The findings with each file's past the first 1,000 counted, not listed (`FileFindings.capped`).
    public var cappedPerFile: [Diagnostic] { FileFindings.capped(self) }
}
