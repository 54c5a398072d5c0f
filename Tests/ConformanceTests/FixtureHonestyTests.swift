import Foundation
import Testing

/// Guards "a fixture only translates" (docs/spec-language.md) against a relapse, by reading the fixture sources.
///
/// A fixture builds every observation as a `Value` (`.bool(…)`, `.int(…)`, `.symbol(…)`, `.text(…)`,
/// `.duration(…)`) from a core property. Issue 8 moved into the core the observations fixtures used to work out:
/// comparisons of core values (`a < b`, `requirement == .soft`, `pendingAttempt == nil`), arithmetic
/// (`onboardingPage + 1`), negations (`!toggleDisabled`), answers read off the step's effects
/// (`effects.contains(.erase)`) and a `default:` that answered with a value. This test finds those forms again:
/// inside the argument of a `Value` constructor it forbids comparison, arithmetic, negation, `&&`/`||`,
/// `.contains(`, `.count`, `effects` and `??` with anything but `""` (an absent text is `""`, a documented
/// translation); anywhere in a fixture it forbids `effects.contains` and a `default:` that returns a `Value`.
/// A ternary on a core `Bool` (`isLocked ? "Locked" : "Open"`) is a translation and passes; so is everything a
/// fixture does to drive the core (input translation, the clock), which is not inside a `Value` constructor.
@Suite("Fixtures compute no observation")
struct FixtureHonestyTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AppLockFixtures")

    static let constructors = [".bool(", ".int(", ".symbol(", ".text(", ".duration("]
    static let forbiddenInValue = ["==", "!=", "<", ">", " + ", " - ", "*", "&&", "||", ".contains(", "effects"]

    /// The findings in one source text, as `line: text`.
    static func findings(in source: String) -> [String] {
        var found: [String] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            let code = text.components(separatedBy: "//").first ?? text
            if code.contains("effects.contains") { found.append("\(index + 1): reads an answer off the effects: \(text)") }
            if let range = code.range(of: "default:"),
               constructors.contains(where: { code[range.upperBound...].contains($0) }) {
                found.append("\(index + 1): a default answers with a value: \(text)")
            }
            for argument in valueArguments(in: code) where isComputed(argument) {
                found.append("\(index + 1): computes an observation: \(argument)")
            }
        }
        return found
    }

    /// The arguments of every `Value` constructor call on one line (balanced parentheses).
    static func valueArguments(in line: String) -> [String] {
        var arguments: [String] = []
        for constructor in constructors {
            var search = line.startIndex..<line.endIndex
            while let found = line.range(of: constructor, range: search) {
                var depth = 1, end = found.upperBound
                while end < line.endIndex, depth > 0 {
                    if line[end] == "(" { depth += 1 } else if line[end] == ")" { depth -= 1 }
                    end = line.index(after: end)
                }
                arguments.append(String(line[found.upperBound..<(depth == 0 ? line.index(before: end) : end)]))
                search = found.upperBound..<line.endIndex
            }
        }
        return arguments
    }

    static func isComputed(_ argument: String) -> Bool {
        let withoutEmptyDefault = argument.replacingOccurrences(of: "?? \"\"", with: "")
        if withoutEmptyDefault.contains("??") { return true }
        if argument.hasPrefix("!") || argument.contains("(!") || argument.contains(" !") { return true }
        // `.count` as a whole name (a count worked out here), not a property that starts with it (`countdown`).
        if argument.range(of: #"\.count(?![A-Za-z0-9_])"#, options: .regularExpression) != nil { return true }
        return forbiddenInValue.contains { argument.contains($0) }
    }

    @Test("no fixture source computes an observation")
    func fixturesTranslateOnly() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.contains("DualPasswordFixture.swift") && files.contains("LaunchGatesFixture.swift"))
        var all: [String] = []
        for file in files {
            let source = try String(contentsOf: Self.fixtures.appendingPathComponent(file), encoding: .utf8)
            all += Self.findings(in: source).map { "\(file):\($0)" }
        }
        #expect(all.isEmpty, "\(all.joined(separator: "\n"))")
    }

    @Test("the forms issue 8 removed are each caught", arguments: [
        #"case "onboardingPage": return .int(gates.onboardingPage + 1)"#,
        #"outputs = ["sheet": .symbol(requirement.rawValue), "dismissable": .bool(requirement == .soft)]"#,
        #"outputs = ["order": .symbol(a < b ? "less" : (a == b ? "equal" : "greater"))]"#,
        #"outputs = ["consentShown": .bool(gates.visibleGate == .consent)]"#,
        #"default: return .symbol("none")"#,
        #""eraseRan": .bool(effects.contains(.erase)),"#,
        #"let prompted = effects.contains { $0.name == "startAuthentication" }"#,
        #"case "realErased": return .bool(!realBytesUnchanged)"#,
        #"case "toggleInteractive": return .bool(!lock.toggleDisabled)"#,
        #"case "backgroundTime": return .bool(lock.lastBackgroundedAt != nil)"#,
        #"if name == "state" { return .symbol(session.pendingAttempt == nil ? "Idle" : "Evaluating") }"#,
        #"case "ratingActions": return .int(state.actions.count)"#,
        #"case "front": return .symbol(gate ?? "auth")"#,
    ])
    func caught(line: String) {
        #expect(!Self.findings(in: line).isEmpty)
    }

    @Test("translations pass", arguments: [
        #"case "state": return .symbol(lock.isLocked ? "Locked" : "Open")"#,
        #"case "onboardingPage": return .int(gates.onboardingPageNumber)"#,
        #"case "message": return .text(session.message ?? "")"#,
        #"case "countdown": return .text(m.countdown ?? "")"#,
        #"outputs = ["delay": .duration(milliseconds: Int(FailureDelay.delay(afterFailures: k, cap: cap).milliseconds))]"#,
        #"case ("kdf", .symbol("light")):"#,
        #"default: throw FixtureError("no observation \(name)")"#,
    ])
    func passes(line: String) {
        #expect(Self.findings(in: line).isEmpty)
    }
}
