/// The split parse checked against one pass, on any input and at any size (no `YAMLLoader.splitThreshold`): the
/// oracle of the split fuzz target (`Scripts/fuzz split`) and of its crasher replay test.
///
/// Where `YAMLSplitPoint` finds a cut and `YAMLSplitLoad` keeps the two pieces, one pass over the same bytes must load
/// (unless it refuses the file's encoding, which the loader checks before it ever splits) and build exactly the same
/// document: records, children, text and root.
enum YAMLSplitCheck {
    /// What is wrong with the split of `bytes`, or nil when it agrees with one pass (or nothing was split or kept).
    static func disagreement(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let point = YAMLSplitPoint.find(in: bytes),
              let split = YAMLSplitLoad(limits: .default).load(bytes, file: "split.yaml", at: point) else { return nil }
        var loader = YAMLLoader()
        loader.concurrent = false
        let whole: YAMLDocument
        do {
            whole = try loader.loadDocument(Array(bytes), file: "split.yaml")
        } catch {
            if error.diagnostics.allSatisfy({ $0.id == "yaml.encoding" }) { return nil }
            return "the two pieces were kept, but one pass refuses the file: \(error.diagnostics.map(\.id))"
        }
        return difference(joined: split, onePass: whole, cut: point.offset)
    }

    /// How the joined document differs from the one-pass one (records, children, text, root), or nil when it does not.
    static func difference(joined: YAMLDocument, onePass: YAMLDocument, cut: Int) -> String? {
        if joined.records != onePass.records { return "the joined records differ from one pass's (cut at byte \(cut))" }
        if joined.children != onePass.children { return "the joined children differ from one pass's (cut at byte \(cut))" }
        if joined.text != onePass.text { return "the joined text differs from one pass's (cut at byte \(cut))" }
        if joined.rootIndex != onePass.rootIndex { return "the joined root differs from one pass's (cut at byte \(cut))" }
        return nil
    }
}
