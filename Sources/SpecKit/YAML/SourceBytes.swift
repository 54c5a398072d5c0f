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
    /// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF. Runs of ASCII are checked eight
    /// bytes at a time, because this pass reads every byte of every file.
    static func firstProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // No byte has its high bit set, and no byte is zero.
                if word & highBits == 0 && (word &- ones) & ~word & highBits == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base[index]
            if lead == 0 { return .nul(offset: index) }
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return .invalidUTF8(offset: index)
            }
            guard index + length <= count, (low...high).contains(base[index + 1]) else {
                return .invalidUTF8(offset: index)
            }
            for next in (index + 2)..<(index + length) where base[next] & 0xC0 != 0x80 {
                return .invalidUTF8(offset: index)
            }
            index += length
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
