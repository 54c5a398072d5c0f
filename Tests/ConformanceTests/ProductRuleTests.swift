import Foundation
import SpecKit
import Conformance
import Testing
import AppLockFixtures

/// The one product rule: defaults live in the fixture's product file; a spec sets a value for itself only (and says
/// why where the file sets another); nothing a spec sets reaches another spec.
@Suite("Product values: one rule")
struct ProductRuleTests {
    static let productFile = """
        id: gates.product
        kind: product
        title: t
        source: app-launch-gates.zh.md §生物识别锁
        fixture: launch-gates
        product:
          appVersion: "1.1"
          legalVersion: "2026-04-30"
          biometricEnabled: false

        """

    /// A scenarios spec of the launch gates that finishes onboarding, with the given `product:` block.
    static func spec(_ id: String, product: String, completes: Bool = true) -> String {
        """
        id: \(id)
        kind: scenarios
        title: t
        source: app-launch-gates.zh.md §引导页
        fixture: launch-gates
        \(product)
        observe:
          onboardingCompleted: bool
        events:
          launch:
          finishOnboarding:
            via: [done, skip]
        scenarios:
          - id: \(id.uppercased().replacingOccurrences(of: ".", with: "-"))-DONE
            source: app-launch-gates.zh.md §引导页
            steps:
              - event: launch
              - event: finishOnboarding
                with: {via: done}
                expect: {onboardingCompleted: \(completes)}

        """
    }

    static func compile(_ files: [String: String]) -> SpecCompiler.Compilation {
        SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: files.sorted { $0.key < $1.key }.map { ("specs/\($0.key)", Array($0.value.utf8)) })
    }

    @Test("two specs set a value the product file does not: each keeps its own, with no finding, and each runs with it")
    func twoFilesEachTheirOwn() throws {
        let c = Self.compile([
            "gates.product.yaml": Self.productFile,
            "a.yaml": Self.spec("a", product: "product:\n  onboardingPages: 4"),
            // Three taps of the core's four pages leave onboarding open: the run shows b's own value reached b.
            "b.yaml": Self.spec("b", product: "product:\n  onboardingPages: 3", completes: false),
        ])
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let pages = Dictionary(uniqueKeysWithValues: c.suite.cases.map { ($0.spec, $0.product.first { $0.name == "onboardingPages" }?.value) })
        #expect(pages == ["a": .int(4), "b": .int(3)])
        for testCase in c.suite.cases { #expect(FixtureRegistry.standard.runner.run(testCase).passed, "\(testCase.row)") }
    }

    @Test("a value set by one spec never reaches another: the spec that sets nothing is told to set it, at its fixture line")
    func noLeak() throws {
        let c = Self.compile([
            "gates.product.yaml": Self.productFile,
            "a.yaml": Self.spec("a", product: "product:\n  onboardingPages: 4"),
            "c.yaml": Self.spec("c", product: ""),
        ])
        let errors = c.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id) == ["product.missing"])
        #expect(errors.first?.location.file == "specs/c.yaml")
        #expect(errors.first?.location.line == 5)
        // Nothing of a's reaches c's cases, whatever else happens.
        #expect(c.suite.cases.filter { $0.spec == "c" }.allSatisfy { !$0.product.contains { $0.name == "onboardingPages" } })
    }

    @Test("an override of the product file's value without a decision: one error at the spec's line; written as the hint says, it lints clean and applies to that spec alone")
    func overrideAsTheHintSays() throws {
        let files = [
            "gates.product.yaml": Self.productFile,
            "a.yaml": Self.spec("a", product: "product:\n  onboardingPages: 4\n  biometricEnabled: true"),
            "b.yaml": Self.spec("b", product: "product:\n  onboardingPages: 4"),
        ]
        let before = Self.compile(files)
        let errors = before.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id) == ["product.conflict"], "\(before.diagnostics)")
        let error = try #require(errors.first)
        #expect(error.location.file == "specs/a.yaml" && error.location.line == 8)
        // The hint gives the text to write; write exactly that, with a decision of one's own in place of the dots.
        let hint = try #require(error.hint)
        let start = try #require(hint.range(of: "write ")), end = try #require(hint.range(of: ", or remove"))
        let written = String(hint[start.upperBound..<end.lowerBound])
        #expect(written == "biometricEnabled: {value: true, decision: \"D-…: why this spec differs\"}")
        var fixed = files
        fixed["a.yaml"] = Self.spec("a", product: "product:\n  onboardingPages: 4\n  " + written.replacingOccurrences(of: "D-…: why this spec differs", with: "D-TEST: the gate is on here"))
        let after = Self.compile(fixed)
        #expect(after.diagnostics.isEmpty, "\(after.diagnostics)")
        let enabled = Dictionary(uniqueKeysWithValues: after.suite.cases.map { ($0.spec, $0.product.first { $0.name == "biometricEnabled" }?.value) })
        #expect(enabled == ["a": .bool(true), "b": .bool(false)])
    }

    @Test("a spec that repeats the product file's value is told to remove the line (a warning, not an error)")
    func repeated() {
        let c = Self.compile([
            "gates.product.yaml": Self.productFile,
            "a.yaml": Self.spec("a", product: "product:\n  onboardingPages: 4\n  appVersion: \"1.1\""),
        ])
        #expect(c.diagnostics.map(\.id) == ["product.repeated"])
        #expect(c.diagnostics.first?.hint == "remove this line")
        #expect(c.diagnostics.first?.severity == .warning)
    }

    @Test("the hint pasted as it stands, placeholder and all, is refused: a decision says which one and why")
    func placeholderRefused() throws {
        let c = Self.compile([
            "gates.product.yaml": Self.productFile,
            "a.yaml": Self.spec("a", product: "product:\n  onboardingPages: 4\n  biometricEnabled: {value: true, decision: \"D-…: why this spec differs\"}"),
        ])
        #expect(c.diagnostics.map(\.id) == ["spec.placeholder-decision"], "\(c.diagnostics)")
        #expect(c.diagnostics.first?.location.line == 8)
    }
}
