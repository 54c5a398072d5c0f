/// A large file parsed in two pieces at once, on two threads, and joined into the document one pass would build.
///
/// The file is cut at a `YAMLSplitPoint`, the start of an item line of a top-level block sequence. The first piece
/// then ends inside that sequence, and the second is, on its own, a block sequence of the remaining items. Each
/// piece is parsed by its own libyaml parser into its own builder. The pieces are joined only when all of this holds:
/// - both parse without any finding;
/// - the first piece's root is a mapping whose last entry is the key line of the split point, with a block
///   sequence at the items' column as its value;
/// - the second piece's root is one block sequence at that column, on its first line;
/// - together they stay within the node and depth limits.
///
/// Anything else (an alias to an anchor of the other piece, a key after the sequence, a directive, an error)
/// returns nil, and the loader parses the file in one pass, so every finding is the one a single pass gives.
///
/// The join lays the records, children and text out exactly as one pass does: the first piece's nodes, then the
/// second's, with lines, text offsets and record indices moved up. The two sequences become one, and the second
/// piece's root record is dropped. The join extends the first piece's arrays in place (that piece is parsed into
/// arrays with room for the whole file), so the first piece's nodes are never copied. `YAMLSplitLoadTests` compares
/// the joined document with the one-pass document.
struct YAMLSplitLoad {
    let limits: YAMLLimits

    /// The document of `bytes` (already checked as UTF-8 without NUL), or nil when the two pieces cannot stand for
    /// one pass (see the type's summary).
    func load(_ bytes: UnsafeBufferPointer<UInt8>, file: String, at point: YAMLSplitPoint) -> YAMLDocument? {
        // The second piece's root is the sequence; in the file it sits inside the top-level mapping.
        var secondLimits = limits
        secondLimits.maximumDepth -= 1
        let second = secondLimits
        let pieces = Pieces(front: UnsafeBufferPointer(rebasing: bytes[..<point.offset]),
                            back: UnsafeBufferPointer(rebasing: bytes[point.offset...]))
        let (limits, whole) = (self.limits, bytes.count)
        // The first piece is sized for the whole file, so that the join extends its arrays where they are.
        var (front, back) = concurrently({ Self.parse(pieces.front, file: file, limits: limits, roomFor: whole) },
                                         { Self.parse(pieces.back, file: file, limits: second, roomFor: nil) })
        guard let frontNodes = front?.nodes, let backParts = back?.parts, let backNodes = back?.nodes,
              frontNodes + backNodes - 1 <= limits.maximumNodeCount else { return nil }
        back = nil
        return Self.join(&front!.parts, backParts, at: point)
    }

    /// The two pieces of the caller's buffer, for the two threads.
    private struct Pieces: @unchecked Sendable {
        // @unchecked: the bytes are only read, and the caller's buffer outlives both threads (`concurrently`
        // returns after both have finished).
        let front: UnsafeBufferPointer<UInt8>
        let back: UnsafeBufferPointer<UInt8>
    }

    /// One piece's arrays and node count, or nil when it has any finding. `roomFor`: the arrays are sized for a file
    /// of this many bytes (the whole file's text included) rather than for the piece.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, limits: YAMLLimits,
                              roomFor whole: Int?) -> (parts: YAMLDocumentParts, nodes: Int)? {
        guard let parser = YAMLEventParser(input: bytes, file: file) else { return nil }
        var builder = YAMLDocumentBuilder(limits: limits, fileName: parser.fileName, sizeHint: whole ?? bytes.count,
                                          textCapacity: whole)
        do { try parser.build(&builder) } catch { return nil }
        let nodes = builder.nodes
        guard builder.diagnostics.isEmpty, let parts = builder.parts() else { return nil }
        return (parts, nodes)
    }

    /// Where the first piece's sequence and root keep their children, when the piece has the expected shape.
    private struct FrontShape {
        var sequence: Int
        var sequenceStart: Int
        var sequenceCount: Int
    }

    private static func frontShape(_ front: YAMLDocumentParts, at point: YAMLSplitPoint) -> FrontShape? {
        let root = front.records[Int(front.rootIndex)]
        guard front.rootIndex == 0, root.kind == .mapping, root.count >= 2,
              Int(root.start) + Int(root.count) == front.children.count else { return nil }
        let keyIndex = Int(front.children[Int(root.start) + Int(root.count) - 2])
        let valueIndex = Int(front.children[Int(root.start) + Int(root.count) - 1])
        let key = front.records[keyIndex], value = front.records[valueIndex]
        guard key.kind == .plain, key.line == point.keyLine, key.column == 1, value.kind == .sequence,
              value.column == point.indent + 1, Int(value.start) + Int(value.count) == Int(root.start) else { return nil }
        return FrontShape(sequence: valueIndex, sequenceStart: Int(value.start), sequenceCount: Int(value.count))
    }

    /// The one-pass layout of both pieces (see the type's summary), built in the first piece's arrays, or nil when
    /// the pieces do not have the expected shapes (the first piece's arrays are then left in no particular state).
    static func join(_ front: inout YAMLDocumentParts, _ back: YAMLDocumentParts, at point: YAMLSplitPoint) -> YAMLDocument? {
        guard let shape = frontShape(front, at: point) else { return nil }
        let backRoot = back.records[Int(back.rootIndex)]
        guard back.rootIndex == 0, backRoot.kind == .sequence, backRoot.line == 1, backRoot.column == point.indent + 1,
              Int(backRoot.start) + Int(backRoot.count) == back.children.count else { return nil }
        let shifts = Shifts(records: UInt32(front.records.count) - 1, text: UInt32(front.text.count),
                            children: UInt32(shape.sequenceStart), lines: UInt32(point.lines))
        guard joinRecords(&front.records, back, shape: shape, backRoot: backRoot, shifts: shifts, rootIndex: Int(front.rootIndex)) else {
            return nil
        }
        joinChildren(&front.children, back, shape: shape, backRoot: backRoot, recordShift: shifts.records)
        front.text.append(contentsOf: back.text)
        return front.document
    }

    /// How far the second piece's lines, text offsets, child offsets and record indices move up in the join.
    private struct Shifts {
        var records: UInt32
        var text: UInt32
        var children: UInt32
        var lines: UInt32
    }

    /// The first piece's records with its sequence holding both pieces' items and its root's children moved up, then
    /// the second's without its root, moved up; false when an alias of the second piece names its root.
    private static func joinRecords(_ records: inout [YAMLDocument.Record], _ back: YAMLDocumentParts, shape: FrontShape,
                                    backRoot: YAMLDocument.Record, shifts: Shifts, rootIndex: Int) -> Bool {
        let (inner, added) = (Int(backRoot.start), Int(backRoot.count))
        records[shape.sequence].start = UInt32(shape.sequenceStart + inner)
        records[shape.sequence].count = UInt32(shape.sequenceCount + added)
        records[rootIndex].start += UInt32(inner + added)
        // Room for all was kept when the piece was parsed (`roomFor`): no copy of the first piece's records.
        records.reserveCapacity(records.count + back.records.count - 1)
        var refused = false
        for var record in back.records.dropFirst() {
            record.line += shifts.lines
            switch record.kind {
            case .plain, .quoted: record.start += shifts.text
            case .sequence, .mapping: record.start += shifts.children
            case .alias:
                refused = refused || record.start == 0
                record.start += shifts.records
            }
            records.append(record)
        }
        return !refused
    }

    /// The children in one-pass order: the first piece's inner collections' (where they are), the second's, the
    /// sequence's items (both pieces'), the root's entries; the second piece's record indices moved up. Only the
    /// first piece's sequence items and root entries are set aside and put back.
    private static func joinChildren(_ children: inout [UInt32], _ back: YAMLDocumentParts, shape: FrontShape,
                                     backRoot: YAMLDocument.Record, recordShift: UInt32) {
        let inner = Int(backRoot.start)
        let sequenceEnd = shape.sequenceStart + shape.sequenceCount
        let items = Array(children[shape.sequenceStart..<sequenceEnd]), entries = Array(children[sequenceEnd...])
        children.removeSubrange(shape.sequenceStart...)
        children.reserveCapacity(shape.sequenceStart + back.children.count + items.count + entries.count)
        children.append(contentsOf: back.children[..<inner].lazy.map { $0 + recordShift })
        children.append(contentsOf: items)
        children.append(contentsOf: back.children[inner...].lazy.map { $0 + recordShift })
        children.append(contentsOf: entries)
    }
}
