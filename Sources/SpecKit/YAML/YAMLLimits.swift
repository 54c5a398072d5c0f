/// The hard limits the YAML loader enforces, so that no input can exhaust time, memory or the stack.
public struct YAMLLimits: Hashable, Sendable {
    /// The largest file, in bytes, the loader reads. Checked before a file is read.
    public var maximumFileSize: Int
    /// The most nodes a document may hold once every alias is expanded into a copy.
    ///
    /// Counted as the tree is built, so an alias bomb stops at the limit instead of after the expansion.
    public var maximumNodeCount: Int
    /// The deepest nesting of lists and mappings.
    public var maximumDepth: Int
    /// The longest scalar, in bytes of UTF-8.
    public var maximumScalarLength: Int

    /// 16 MiB files, 10 million nodes, 256 levels of nesting, 1 MiB scalars.
    ///
    /// The node limit is well above what a 16 MiB spec file can write out by hand (a 100 000-row table has a
    /// few million nodes), so it only ever stops alias expansion.
    public static let `default` = YAMLLimits(
        maximumFileSize: 16 * 1024 * 1024, maximumNodeCount: 10_000_000, maximumDepth: 256,
        maximumScalarLength: 1024 * 1024)
}

// The messages for each limit sit beside the limits.
extension YAMLLimits {
    /// `size` is nil when the file was found too large while reading it, its full size unknown.
    static func tooLarge(size: Int?, limit: Int, file: String) -> Diagnostic {
        let message = size.map {
            "the file is too large: it has \(describeBytes($0)) and the limit is \(describeBytes(limit))"
        } ?? "the file is too large: it is over the limit of \(describeBytes(limit))"
        return Diagnostic(
            .error, id: "yaml.too-large", message,
            at: .file(file), hint: "split the table into several files")
    }

    static func tooDeep(limit: Int, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .error, id: "yaml.too-deep",
            "the YAML is nested too deeply: lists and mappings may be nested at most \(group(limit)) levels deep",
            at: location)
    }

    static func tooManyNodes(limit: Int, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .error, id: "yaml.too-many-nodes",
            "the YAML holds too many values: with every alias expanded it would have more than \(group(limit)) "
                + "values, which is the limit",
            at: location, hint: "aliases that refer to nodes full of other aliases multiply quickly")
    }

    static func scalarTooLong(length: Int, limit: Int, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .error, id: "yaml.scalar-too-long",
            "this value is too long: it has \(describeBytes(length)) and the limit is \(describeBytes(limit))",
            at: location)
    }

    /// "16 MiB (16,777,216 bytes)" for whole mebibytes, "1,234 bytes" otherwise.
    static func describeBytes(_ count: Int) -> String {
        let mebibyte = 1024 * 1024
        if count >= mebibyte, count % mebibyte == 0 {
            return "\(group(count / mebibyte)) MiB (\(group(count)) bytes)"
        }
        return count == 1 ? "1 byte" : "\(group(count)) bytes"
    }

    /// A count with thousands separated by commas: 10,000,000.
    static func group(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
