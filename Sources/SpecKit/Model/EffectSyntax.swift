/// The text form of an effect, as rows write it: `name` or `name(argument, label=argument, …)`.
///
/// An argument is `*` (any value), a quoted text (`"Hola, mundo"`, with `\"` and `\\` escapes), or a bare word typed by
/// its form: `true`/`false` a boolean, `12` an integer, `61s` a duration, `pin_failure` a symbol, anything else (such
/// as `PIN incorrecto. 4 intentos restantes`) a text. A bare argument ends at a comma or at the closing parenthesis
/// (parentheses inside it must balance); `label=` before an argument labels it. `${name}` inside an argument is a
/// template the compiler fills in with a variable's or an input's value.
public enum EffectSyntax {
    /// What an argument is before templates are filled in.
    public enum Term: Hashable, Sendable {
        /// A value.
        case value(Value)
        /// `*`: any value.
        case any
        /// Text holding `${name}` templates, typed once they are filled in.
        case template(String)
    }

    /// One parsed argument.
    public struct Argument: Hashable, Sendable {
        /// The label, or nil.
        public var label: String?
        /// The argument.
        public var term: Term
    }

    /// Why an effect's text does not parse, and where (a 0-based offset in characters into the text).
    public struct SyntaxError: Error, Hashable, Sendable {
        /// What is wrong, in a sentence.
        public var message: String
        /// The 0-based character offset of the problem in the effect's text.
        public var offset: Int
    }

    /// Parses `name` or `name(arguments)`.
    public static func parse(_ text: String) throws(SyntaxError) -> (name: String, arguments: [Argument]) {
        // Most effects are a bare ASCII name: that is the whole parse, without splitting the text into characters.
        if isBareASCIIName(text) { return (text, []) }
        let chars = Array(text)
        var i = 0
        skipSpaces(chars, &i)
        let nameStart = i
        while i < chars.count, isNameCharacter(chars[i]) { i += 1 }
        let name = String(chars[nameStart..<i])
        guard !name.isEmpty else { throw SyntaxError(message: "an effect starts with its name", offset: i) }
        skipSpaces(chars, &i)
        guard i < chars.count else { return (name, []) }
        guard chars[i] == "(" else {
            throw SyntaxError(message: "'\(chars[i])' cannot follow the effect's name; arguments go in parentheses", offset: i)
        }
        let open = i
        i += 1
        var arguments: [Argument] = []
        skipSpaces(chars, &i)
        if i < chars.count, chars[i] == ")" {
            throw SyntaxError(message: "empty parentheses; write the bare name '\(name)' for an effect without arguments", offset: i)
        }
        while true {
            arguments.append(try argument(chars, &i, open: open))
            guard i < chars.count else { throw SyntaxError(message: "the parenthesis is not closed", offset: open) }
            if chars[i] == "," { i += 1; continue }
            i += 1 // ")"
            break
        }
        skipSpaces(chars, &i)
        guard i == chars.count else { throw SyntaxError(message: "text after the closing parenthesis", offset: i) }
        return (name, arguments)
    }

    /// One argument, from its first character to the `,` or `)` that ends it (left at `i`).
    private static func argument(_ chars: [Character], _ i: inout Int, open: Int) throws(SyntaxError) -> Argument {
        skipSpaces(chars, &i)
        let start = i
        var label: String?
        var j = i
        while j < chars.count, chars[j].isLetter || chars[j].isASCIIDigit || chars[j] == "_" { j += 1 }
        if j > i, !chars[i].isASCIIDigit, j < chars.count, chars[j] == "=" {
            label = String(chars[i..<j])
            i = j + 1
            skipSpaces(chars, &i)
        }
        if i < chars.count, chars[i] == "\"" {
            let text = try quoted(chars, &i)
            skipSpaces(chars, &i)
            guard i < chars.count else { throw SyntaxError(message: "the parenthesis is not closed", offset: open) }
            guard chars[i] == "," || chars[i] == ")" else {
                throw SyntaxError(message: "a quoted argument must be followed by ',' or ')'", offset: i)
            }
            return Argument(label: label, term: .value(.text(text)))
        }
        let bareStart = i
        var depth = 0
        while i < chars.count {
            let c = chars[i]
            if c == "(" { depth += 1 } else if c == ")" {
                if depth == 0 { break }
                depth -= 1
            } else if c == ",", depth == 0 { break } else if c == "\"" {
                throw SyntaxError(message: "a quote inside a bare argument; quote the whole argument instead", offset: i)
            }
            i += 1
        }
        let bare = String(chars[bareStart..<i]).trimmingSpaces
        guard !bare.isEmpty else {
            throw SyntaxError(message: label.map { "argument '\($0)=' has no value" } ?? "an empty argument", offset: start)
        }
        if bare == "*" { return Argument(label: label, term: .any) }
        if bare.contains("*") {
            throw SyntaxError(message: "'*' stands for a whole argument; quote the argument to use '*' as text", offset: bareStart)
        }
        if bare.contains("${") { return Argument(label: label, term: .template(bare)) }
        return Argument(label: label, term: .value(value(of: bare)))
    }

    private static func quoted(_ chars: [Character], _ i: inout Int) throws(SyntaxError) -> String {
        let start = i
        i += 1
        var text = ""
        while i < chars.count {
            let c = chars[i]
            if c == "\"" {
                i += 1
                return text
            }
            if c == "\\" {
                guard i + 1 < chars.count, chars[i + 1] == "\"" || chars[i + 1] == "\\" else {
                    throw SyntaxError(message: "only \\\" and \\\\ may be escaped in a quoted argument", offset: i)
                }
                i += 1
            }
            text.append(chars[i])
            i += 1
        }
        throw SyntaxError(message: "the quote is not closed", offset: start)
    }

    /// A bare argument typed by its form: boolean, integer, duration, symbol, or else text.
    public static func value(of bare: String) -> Value {
        switch bare {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        let digits = bare.hasPrefix("-") ? bare.dropFirst() : Substring(bare)
        if !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCIIDigit), let n = Int(bare) { return .int(n) }
        if let first = bare.first, first.isASCIIDigit, let ms = Value.parseDuration(bare) { return .duration(milliseconds: ms) }
        if let first = bare.first, first.isLetter || first == "_", bare.allSatisfy(isNameCharacter) { return .symbol(bare) }
        return .text(bare)
    }

    /// A value as an argument: bare where it reads back the same (a text may read back as a symbol), else quoted.
    public static func render(_ value: Value) -> String {
        guard case .text(let text) = value else { return value.description }
        let bare = text.trimmingSpaces == text && !text.isEmpty && !text.contains(where: { ",()\"*=\\".contains($0) })
            && !text.contains("${")
        if bare, value.agrees(with: Self.value(of: text)) { return text }
        var out = "\""
        for c in text {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    /// Whether `text` is non-empty and only ASCII letters, digits, `_`, `-` and `.`: the name characters that are
    /// ASCII, so the text is a name with nothing around it.
    private static func isBareASCIIName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F || byte == 0x2D || byte == 0x2E
        }
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isASCIIDigit || c == "_" || c == "-" || c == "."
    }

    private static func skipSpaces(_ chars: [Character], _ i: inout Int) {
        while i < chars.count, chars[i] == " " { i += 1 }
    }
}
