/// Finds where a value sits in a JSON text, to locate an error in a result file at `line:column`.
///
/// It walks only as far as the path leads, skipping other values without recursion (so deep nesting cannot exhaust
/// the stack), and gives up (nil) on anything it does not understand: a location is a help, never a requirement.
enum JSONLocator {
    /// A step of a path: an object's key or an array's index.
    enum Step: Hashable {
        case key(String)
        case index(Int)
    }

    /// The 1-based line and column (in Unicode scalars) where the value at `path` starts, or nil.
    static func locate(_ path: [Step], in text: String) -> (line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        var i = 0
        for step in path {
            skipSpace(bytes, &i)
            switch step {
            case .key(let key):
                guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
                i += 1
                var found = false
                while !found {
                    skipSpace(bytes, &i)
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                    let start = i
                    guard skipValue(bytes, &i) else { return nil }
                    let name = String(decoding: bytes[(start + 1)..<(i - 1)], as: UTF8.self)
                    skipSpace(bytes, &i)
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    skipSpace(bytes, &i)
                    if name == key { found = true; break }
                    guard skipValue(bytes, &i), skipComma(bytes, &i) else { return nil }
                }
            case .index(let n):
                guard i < bytes.count, bytes[i] == UInt8(ascii: "["), n >= 0 else { return nil }
                i += 1
                for _ in 0..<n {
                    skipSpace(bytes, &i)
                    guard skipValue(bytes, &i), skipComma(bytes, &i) else { return nil }
                }
                skipSpace(bytes, &i)
            }
        }
        skipSpace(bytes, &i)
        guard i <= bytes.count else { return nil }
        return place(of: i, in: bytes)
    }

    /// The first number of a JSON text that no field of a result holds, with the key it is the value of and where it
    /// is: one that is not a whole number from -2^63 to 2^63-1 (`1e3` is one), or a negative `seed` (a walk's seed is
    /// unsigned).
    /// Foundation's decoder refuses such a number as "not valid JSON" and says neither which nor where.
    static func firstUnreadableNumber(in text: String) -> (number: String, key: String?, line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        var i = 0, lastString: String?, key: String?
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let start = i
                guard skipValue(bytes, &i) else { return nil }
                lastString = String(decoding: bytes[(start + 1)..<(i - 1)], as: UTF8.self)
            } else if b == UInt8(ascii: ":") {
                key = lastString
                i += 1
            } else if b == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                let start = i
                while i < bytes.count, "+-.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
                let number = String(decoding: bytes[start..<i], as: UTF8.self)
                // `1e3` and `2.0` are whole numbers to the decoder too.
                let whole = Int64(number) != nil || Double(number).map { $0.rounded() == $0 && abs($0) < 9.2e18 } == true
                if !whole || (key == "seed" && number.hasPrefix("-")) {
                    let (line, column) = place(of: start, in: bytes)
                    return (number, key, line, column)
                }
            } else {
                if b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "{") { key = nil }
                i += 1
            }
        }
        return nil
    }

    /// The 1-based line and column (in Unicode scalars) of byte offset `offset`.
    private static func place(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for scalar in String(decoding: bytes[..<offset], as: UTF8.self).unicodeScalars {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    private static func skipSpace(_ b: [UInt8], _ i: inout Int) {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    /// Moves past a `,` between members (false at the end of the object or array).
    private static func skipComma(_ b: [UInt8], _ i: inout Int) -> Bool {
        skipSpace(b, &i)
        guard i < b.count, b[i] == UInt8(ascii: ",") else { return false }
        i += 1
        return true
    }

    /// Moves past one value: a string, a number or word, or a whole object or array (counting brackets).
    private static func skipValue(_ b: [UInt8], _ i: inout Int) -> Bool {
        var depth = 0
        repeat {
            guard i < b.count else { return false }
            switch b[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
                guard i < b.count else { return false }
                i += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return true }
                depth -= 1
                i += 1
            default:
                if depth == 0 {
                    while i < b.count, !",}] \n\r\t".utf8.contains(b[i]) { i += 1 }
                } else {
                    i += 1
                }
            }
        } while depth > 0
        return true
    }
}
