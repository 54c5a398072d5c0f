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
    private(set) var unlisted = 0
    private var unlistedErrors = 0

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
