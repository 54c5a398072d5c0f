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
    ///
    /// The parse walks the text's own characters by index (slices are copied out by index, and an error's offset is
    /// counted only when it is thrown), rather than copying the text into an array of `Character`s first.
    public static func parse(_ text: String) throws(SyntaxError) -> (name: String, arguments: [Argument]) {
        var i = text.startIndex
        skipSpaces(text, &i)
        let nameStart = i
        while i < text.endIndex, isNameCharacter(text[i]) { text.formIndex(after: &i) }
        let name = String(text[nameStart..<i])
        guard !name.isEmpty else { throw error("an effect starts with its name", text, i) }
        skipSpaces(text, &i)
        guard i < text.endIndex else { return (name, []) }
        guard text[i] == "(" else {
            throw error("'\(text[i])' cannot follow the effect's name; arguments go in parentheses", text, i)
        }
        let open = i
        text.formIndex(after: &i)
        var arguments: [Argument] = []
        skipSpaces(text, &i)
        if i < text.endIndex, text[i] == ")" {
            throw error("empty parentheses; write the bare name '\(name)' for an effect without arguments", text, i)
        }
        while true {
            arguments.append(try argument(text, &i, open: open))
            guard i < text.endIndex else { throw error("the parenthesis is not closed", text, open) }
            let closing = text[i] == ")"
            text.formIndex(after: &i)
            if closing { break }
        }
        skipSpaces(text, &i)
        guard i == text.endIndex else { throw error("text after the closing parenthesis", text, i) }
        return (name, arguments)
    }

    /// A syntax error at `index` of `text`, its offset counted in characters.
    private static func error(_ message: String, _ text: String, _ index: String.Index) -> SyntaxError {
        SyntaxError(message: message, offset: text.distance(from: text.startIndex, to: index))
    }

    /// One argument, from its first character to the `,` or `)` that ends it (left at `i`).
    private static func argument(_ text: String, _ i: inout String.Index, open: String.Index) throws(SyntaxError) -> Argument {
        skipSpaces(text, &i)
        let start = i
        var label: String?
        var j = i
        while j < text.endIndex, text[j].isLetter || text[j].isASCIIDigit || text[j] == "_" { text.formIndex(after: &j) }
        if j > i, !text[i].isASCIIDigit, j < text.endIndex, text[j] == "=" {
            label = String(text[i..<j])
            i = text.index(after: j)
            skipSpaces(text, &i)
        }
        if i < text.endIndex, text[i] == "\"" {
            let quoted = try self.quoted(text, &i)
            skipSpaces(text, &i)
            guard i < text.endIndex else { throw error("the parenthesis is not closed", text, open) }
            guard text[i] == "," || text[i] == ")" else {
                throw error("a quoted argument must be followed by ',' or ')'", text, i)
            }
            return Argument(label: label, term: .value(.text(quoted)))
        }
        let bareStart = i
        var depth = 0
        while i < text.endIndex {
            let c = text[i]
            if c == "(" { depth += 1 } else if c == ")" {
                if depth == 0 { break }
                depth -= 1
            } else if c == ",", depth == 0 { break } else if c == "\"" {
                throw error("a quote inside a bare argument; quote the whole argument instead", text, i)
            }
            text.formIndex(after: &i)
        }
        let bare = String(text[bareStart..<i]).trimmingSpaces
        guard !bare.isEmpty else {
            throw error(label.map { "argument '\($0)=' has no value" } ?? "an empty argument", text, start)
        }
        if bare == "*" { return Argument(label: label, term: .any) }
        if bare.containsText("*") {
            throw error("'*' stands for a whole argument; quote the argument to use '*' as text", text, bareStart)
        }
        if bare.containsText("${") { return Argument(label: label, term: .template(bare)) }
        return Argument(label: label, term: .value(value(of: bare)))
    }

    private static func quoted(_ text: String, _ i: inout String.Index) throws(SyntaxError) -> String {
        let start = i
        text.formIndex(after: &i)
        var result = ""
        while i < text.endIndex {
            let c = text[i]
            if c == "\"" {
                text.formIndex(after: &i)
                return result
            }
            if c == "\\" {
                let next = text.index(after: i)
                guard next < text.endIndex, text[next] == "\"" || text[next] == "\\" else {
                    throw error("only \\\" and \\\\ may be escaped in a quoted argument", text, i)
                }
                i = next
            }
            result.append(text[i])
            text.formIndex(after: &i)
        }
        throw error("the quote is not closed", text, start)
    }

    /// A bare argument typed by its form: boolean, integer, duration, symbol, or else text.
    public static func value(of bare: String) -> Value {
        if bare == "true" || bare == "false" { return .bool(bare == "true") }
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
            && !text.containsText("${")
        if bare, value.agrees(with: Self.value(of: text)) { return text }
        var out = "\""
        for c in text {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        // Names are mostly ASCII: Unicode's letter property is looked up only for the others.
        if let a = c.asciiValue {
            return (0x61...0x7A).contains(a | 0x20) || (0x30...0x39).contains(a) || a == UInt8(ascii: "_") || a == UInt8(ascii: "-") || a == UInt8(ascii: ".")
        }
        return c.isLetter
    }

    private static func skipSpaces(_ text: String, _ i: inout String.Index) {
        while i < text.endIndex, text[i] == " " { text.formIndex(after: &i) }
    }
}
