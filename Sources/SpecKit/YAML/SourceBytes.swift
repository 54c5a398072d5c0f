/// Checks on the raw bytes of a spec file, made before libyaml sees them, and byte-level location lookups.
///
/// Lines and columns here are counted the way libyaml counts them, so that they agree with the marks that
/// `YAMLDocumentBuilder` converts: a line ends at LF, CR, CR LF, NEL, LS or PS; a column counts Unicode scalars; a leading
/// UTF-8 byte order mark is not counted.
enum SourceBytes {
    /// The first thing in the bytes that libyaml must not be given.
    enum Problem {
        /// A byte that does not belong to a well-formed UTF-8 sequence starts at this offset.
        case invalidUTF8(offset: Int)
        /// A zero byte at this offset.
        case nul(offset: Int)
    }

    /// The encoding named by a UTF-16 or UTF-32 byte order mark at the start of the bytes, if there is one.
    static func foreignByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func starts(with prefix: [UInt8]) -> Bool {
            bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
        }
        if starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
        if starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        if starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        return nil
    }

    /// The first invalid UTF-8 sequence or NUL byte, or nil when the bytes are clean UTF-8 without NULs.
    ///
    /// Strict UTF-8, as the standard library decodes it: no overlong forms, no surrogates, nothing above U+10FFFF.
    static func firstProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] == 0 { return .nul(offset: offset) }
            // An ASCII byte is a whole character: only the others are decoded.
            if bytes[offset] < 0x80 { offset += 1; continue }
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[offset...].makeIterator()
            guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return .invalidUTF8(offset: offset) }
            offset += encoded.count
        }
        return nil
    }

    /// The 1-based line and column of the byte at `offset`.
    static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation {
        var line = 1
        var column = 1
        var index = hasUTF8ByteOrderMark(bytes) ? 3 : 0
        let end = min(offset, bytes.count)
        while index < end {
            let breakLength = lineBreakLength(at: index, in: bytes)
            if breakLength > 0 {
                index += breakLength
                line += 1
                column = 1
                continue
            }
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The bytes of a 1-based line, without its line break; empty when the file has fewer lines.
    static func line(_ number: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var line = 1
        var index = hasUTF8ByteOrderMark(bytes) ? 3 : 0
        var start = index
        while index < bytes.count {
            let breakLength = lineBreakLength(at: index, in: bytes)
            if breakLength > 0 {
                if line == number { return bytes[start..<index] }
                index += breakLength
                line += 1
                start = index
            } else {
                index += 1
            }
        }
        return line == number ? bytes[start..<bytes.count] : bytes[bytes.count..<bytes.count]
    }

    private static func hasUTF8ByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The length in bytes of the line break at `index`, or 0 when there is none.
    private static func lineBreakLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return 0 }
            return bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 ? 3 : 0
        default: return 0
        }
    }
}
