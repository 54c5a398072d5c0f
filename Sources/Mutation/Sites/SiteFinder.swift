import Foundation

/// Finds every site of every operator in one file and applies the exclusion markers.
struct SiteFinder: Sendable {
    /// The marker comment that excludes the declaration below it: `// lockspec:mutate-exclude <reason>`.
    static let marker = "// lockspec:mutate-exclude"

    /// The file's structure.
    let structure: SourceStructure

    /// Lexes and reads `text`; `file` names it in errors and declarations.
    /// - Throws: `SwiftSourceError` when the file does not lex or its brackets do not balance.
    init(text: String, file: String) throws {
        structure = try SourceStructure(SwiftLexer.lex(text, file: file), file: file)
    }

    /// Every site of every operator, excluded ones included, in no particular order.
    func allSites() -> [FoundSite] {
        LiteralOperators.sites(in: structure) + ConnectiveOperators.sites(in: structure)
            + ConditionOperators.sites(in: structure) + StatementOperators.sites(in: structure)
            + BranchOperators.sites(in: structure)
    }

    /// The excluded declarations: for each marker, the marker's line, the reason, the declaration's path and its
    /// character range.
    func exclusions() -> [(line: Int, reason: String, declaration: String, range: Range<Int>)] {
        let tokens = structure.tokens
        var result: [(line: Int, reason: String, declaration: String, range: Range<Int>)] = []
        for comment in structure.source.comments where comment.text.hasPrefix(Self.marker) {
            let reason = comment.text.dropFirst(Self.marker.count).trimmingCharacters(in: .whitespaces)
            guard let first = tokens.firstIndex(where: { $0.start >= comment.end }),
                  let introducer = introducer(from: first) else { continue }
            let path = structure.declaration[introducer]
            var last = introducer
            while last + 1 < tokens.count, structure.declaration[last + 1] == path
                || structure.declaration[last + 1].hasPrefix(path + ".") {
                last += 1
            }
            result.append((comment.line, reason, path, tokens[first].start..<tokens[last].end))
        }
        return result
    }

    /// The declaration keyword after the attributes and modifiers that start at `first`.
    private func introducer(from first: Int) -> Int? {
        let tokens = structure.tokens
        var index = first
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .attribute {
                index += index + 1 < tokens.count && tokens[index + 1].isSymbol("(") && !tokens[index + 1].spaceBefore
                    ? structure.match[index + 1] - index + 1 : 1
            } else if token.kind == .identifier, BraceClassifier.modifiers.contains(token.text) {
                index += index + 1 < tokens.count && tokens[index + 1].isSymbol("(")
                    ? structure.match[index + 1] - index + 1 : 1
            } else {
                return token.kind == .identifier ? index : nil
            }
        }
        return nil
    }
}
