/// A finished document's arrays and root, owned outright rather than wrapped in a `YAMLDocument`: what the split
/// parse's pieces are built into, so that the join can extend the first piece's arrays in place (`YAMLSplitLoad`).
struct YAMLDocumentParts {
    /// The node records (`YAMLDocument.records`).
    var records: [YAMLDocument.Record]
    /// The child indices (`YAMLDocument.children`).
    var children: [UInt32]
    /// Every scalar's text (`YAMLDocument.text`).
    var text: [UInt8]
    /// The interned path every location names.
    let fileName: FileName
    /// The root's record.
    var rootIndex: UInt32

    /// The document these parts make (the arrays are shared, not copied).
    var document: YAMLDocument {
        YAMLDocument(records: records, children: children, text: text, fileName: fileName, rootIndex: rootIndex)
    }
}
