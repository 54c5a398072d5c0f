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
/// piece's root record is dropped. `YAMLSplitLoadTests` compares the joined document with the one-pass document.
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
        let limits = self.limits
        let (front, back) = concurrently({ Self.parse(pieces.front, file: file, limits: limits) },
                                         { Self.parse(pieces.back, file: file, limits: second) })
        guard let front, let back, front.nodes + back.nodes - 1 <= limits.maximumNodeCount else { return nil }
        return Self.join(front.document, back.document, at: point)
    }

    /// The two pieces of the caller's buffer, for the two threads.
    private struct Pieces: @unchecked Sendable {
        // @unchecked: the bytes are only read, and the caller's buffer outlives both threads (`concurrently`
        // returns after both have finished).
        let front: UnsafeBufferPointer<UInt8>
        let back: UnsafeBufferPointer<UInt8>
    }

    /// One piece's document and node count, or nil when it has any finding.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, limits: YAMLLimits) -> (document: YAMLDocument, nodes: Int)? {
        guard let parser = YAMLEventParser(input: bytes, file: file) else { return nil }
        var builder = YAMLDocumentBuilder(limits: limits, fileName: parser.fileName, sizeHint: bytes.count)
        do { try parser.build(&builder) } catch { return nil }
        guard builder.diagnostics.isEmpty, let document = builder.document() else { return nil }
        return (document, builder.nodes)
    }

    /// Where the first piece's sequence and root keep their children, when the piece has the expected shape.
    private struct FrontShape {
        var sequence: Int
        var sequenceStart: Int
        var sequenceCount: Int
    }

    private static func frontShape(_ front: YAMLDocument, at point: YAMLSplitPoint) -> FrontShape? {
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

    /// The one-pass layout of both pieces (see the type's summary), or nil when they do not have the expected shapes.
    static func join(_ front: YAMLDocument, _ back: YAMLDocument, at point: YAMLSplitPoint) -> YAMLDocument? {
        guard let shape = frontShape(front, at: point) else { return nil }
        let backRoot = back.records[Int(back.rootIndex)]
        guard back.rootIndex == 0, backRoot.kind == .sequence, backRoot.line == 1, backRoot.column == point.indent + 1,
              Int(backRoot.start) + Int(backRoot.count) == back.children.count,
              let records = joinedRecords(front, back, shape: shape, backRoot: backRoot, lines: UInt32(point.lines)) else { return nil }
        return YAMLDocument(records: records, children: joinedChildren(front, back, shape: shape, backRoot: backRoot),
                            text: front.text + back.text, fileName: front.fileName, rootIndex: front.rootIndex)
    }

    /// The first piece's records (its sequence holding both pieces' items, its root's children moved up), then the
    /// second's without its root, moved up; nil when an alias of the second piece names its root.
    private static func joinedRecords(_ front: YAMLDocument, _ back: YAMLDocument, shape: FrontShape,
                                      backRoot: YAMLDocument.Record, lines: UInt32) -> [YAMLDocument.Record]? {
        let (inner, added) = (Int(backRoot.start), Int(backRoot.count))
        let recordShift = UInt32(front.records.count) - 1
        let (textShift, childShift) = (UInt32(front.text.count), UInt32(shape.sequenceStart))
        var refused = false
        // One allocation, filled in place: the join is on the loader's critical path.
        let records = [YAMLDocument.Record](unsafeUninitializedCapacity: front.records.count + back.records.count - 1) { buffer, count in
            _ = buffer.initialize(from: front.records)
            buffer[shape.sequence].start = UInt32(shape.sequenceStart + inner)
            buffer[shape.sequence].count = UInt32(shape.sequenceCount + added)
            buffer[Int(front.rootIndex)].start += UInt32(inner + added)
            var next = front.records.count
            for var record in back.records.dropFirst() {
                record.line += lines
                switch record.kind {
                case .plain, .quoted: record.start += textShift
                case .sequence, .mapping: record.start += childShift
                case .alias:
                    refused = refused || record.start == 0
                    record.start += recordShift
                }
                (buffer.baseAddress! + next).initialize(to: record)
                next += 1
            }
            count = next
        }
        return refused ? nil : records
    }

    /// The children in one-pass order: the first piece's inner collections', the second's, the sequence's items
    /// (both pieces'), the root's entries; the second piece's record indices moved up.
    private static func joinedChildren(_ front: YAMLDocument, _ back: YAMLDocument, shape: FrontShape,
                                       backRoot: YAMLDocument.Record) -> [UInt32] {
        let recordShift = UInt32(front.records.count) - 1, inner = Int(backRoot.start)
        let sequenceEnd = shape.sequenceStart + shape.sequenceCount
        return [UInt32](unsafeUninitializedCapacity: front.children.count + back.children.count) { buffer, count in
            var next = 0
            func copy(_ slice: ArraySlice<UInt32>, shift: UInt32) {
                for child in slice {
                    buffer[next] = child + shift
                    next += 1
                }
            }
            copy(front.children[..<shape.sequenceStart], shift: 0)
            copy(back.children[..<inner], shift: recordShift)
            copy(front.children[shape.sequenceStart..<sequenceEnd], shift: 0)
            copy(back.children[inner...], shift: recordShift)
            copy(front.children[sequenceEnd...], shift: 0)
            count = next
        }
    }
}
