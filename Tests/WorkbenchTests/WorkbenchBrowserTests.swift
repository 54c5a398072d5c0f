import Foundation
import Testing
import Workbench
import LocalHTTP
import AppLockFixtures

/// The workbench in headless Chromium, as a product owner uses it: on a copy of specs/ in a git repository, the launch
/// lock's grace row gets a misspelt event (lint's error appears at that cell, with the did-you-mean), is fixed, has its
/// edge moved wrong (saved: the file changes in that line only; run: the row turns red against the core, expected
/// against actual), and is put back (saved and run: green, the file byte for byte as it was). With
/// `LOCKSPEC_SCREENSHOTS=<dir>` it also saves a PNG of each view there (`Scripts/workbench-screenshots`).
@Suite("The workbench in a real browser", .serialized)
struct WorkbenchBrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let file = "launch-lock.triggers.yaml"
    static let row = "LL-ACTIVE-GRACE-OVER"

    @Test("edit a cell, see lint at it, fix, move the edge wrong (red), put it back (green); the file changes only in the edited line")
    func editLintRunInChromium() throws {
        guard Chromium.executable != nil else {
            print("\n*** SKIPPED: the browser test of the workbench needs headless Chromium: run Scripts/bootstrap --browser ***\n")
            return
        }
        let repository = try Self.repositoryWithSpecs()
        defer { try? FileManager.default.removeItem(at: repository) }
        let specs = repository.appendingPathComponent("specs")
        let path = specs.appendingPathComponent(Self.file).path
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let documents = Self.root.appendingPathComponent("../shared/design-docs").path
        let workbench = Workbench(folder: specs.path, registry: .standard,
                                  documents: FileManager.default.fileExists(atPath: documents) ? documents : nil)
        let server = try workbench.listen()
        server.start()
        defer { server.stop() }
        let browser = try Chromium()
        let shots = ProcessInfo.processInfo.environment["LOCKSPEC_SCREENSHOTS"]
        func shoot(_ name: String, showing element: String? = nil) throws {
            guard let shots else { return }
            if let element { try browser.evaluate("\(element).scrollIntoView({block: 'center', inline: 'start'})") }
            try browser.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
            try browser.screenshot().write(to: URL(fileURLWithPath: shots).appendingPathComponent("workbench-\(name).png"))
        }

        try browser.open(workbench.url(of: server) + "#" + Self.file)
        try browser.wait(for: "document.querySelector('#lint-summary').textContent.startsWith('lint:')", "the first lint")
        try browser.wait(for: "document.querySelector('tr[data-row=\"\(Self.row)\"]')", "the grace row")
        #expect(try browser.evaluate("document.querySelector('#lint-summary').textContent") as? String ?? "" ~= " 0 errors")
        try shoot("browse")

        // A misspelt event: lint's error appears at the `on` cell of that row, with the did-you-mean.
        try type("actve", into: "on", browser)
        try browser.wait(for: "\(cell("on")).closest('td').classList.contains('has-error')", "the error at the cell")
        let finding = try browser.evaluate("""
            [...document.querySelectorAll('tr.finding .finding')].map(f => f.textContent).find(t => t.includes("'actve'")) || ''
            """) as? String ?? ""
        #expect(finding.contains("spec.unknown-event"), "\(finding)")
        #expect(finding.contains("did you mean 'active'"), "\(finding)")
        #expect(try browser.evaluate("document.querySelector('#lint-summary').className") as? String == "summary bad")
        try shoot("lint", showing: rowElement + ".querySelector('td')")
        // The counts leave the broken machine and the two scenario sets that use it out, and the bar says so.
        let summary = try browser.evaluate("document.querySelector('#lint-summary').textContent") as? String ?? ""
        #expect(summary.hasPrefix("lint: 3 errors (2 only because a spec they use has errors), 0 warnings; 39 specs, 594 rows; left out: launch-lock.triggers.yaml and 2 more ("), "\(summary)")
        // The bar keeps one line: its tooltip has the whole summary, and every file left out.
        #expect(try browser.evaluate("document.querySelector('#lint-summary').title") as? String
            == summary + "\nleft out: launch-lock.triggers.yaml, launch-lock.acceptance.yaml, launch-lock.grace.yaml")

        // Fixed: the error goes.
        try type("active", into: "on", browser)
        try browser.wait(for: "!\(cell("on")).closest('td').classList.contains('has-error') && document.querySelector('#lint-summary').textContent.includes(' 0 errors')", "the fix to lint clean")

        // The edge moved wrong, saved: the file changes in that line only; run: the row turns red, Open against Locked.
        try type("Open", into: "to", browser)
        try browser.wait(for: "document.querySelector('#lint-summary').textContent.includes(' 0 errors') && !document.querySelector('#save').disabled", "the edit to lint")
        try click("#save", browser)
        try browser.wait(for: "document.querySelector('#save').disabled", "the save")
        let moved = try String(contentsOfFile: path, encoding: .utf8)
        let changed = Self.changedLines(original, moved)
        #expect(changed.count == 1 && changed.first?.new == "    to: Open", "lines changed on disk: \(changed)")
        try click("#run", browser)
        try browser.wait(for: "\(rowElement).dataset.status === 'failed'", "the row to turn red")
        let failure = try browser.evaluate("document.querySelector('tr.failure[data-failure-of=\"\(Self.row)\"]').textContent") as? String ?? ""
        #expect(failure.contains("Open") && failure.contains("Locked"), "\(failure)")
        #expect(failure.contains("shortest path"), "\(failure)")
        try shoot("run", showing: rowElement + ".querySelector('td')")

        // Review against HEAD: the behaviour changed.
        try click("#review", browser)
        try browser.wait(for: "document.querySelector('#review-view pre')", "the review")
        let review = try browser.evaluate("document.querySelector('#review-view').textContent") as? String ?? ""
        #expect(review.contains("behaviour changed") && review.contains(Self.row), "\(review.prefix(400))")
        try shoot("review")

        // Put back: saved, the file is as it was; run: green.
        try browser.evaluate("document.querySelector('#specs a[data-spec=\"launch-lock.triggers\"]').click()")
        try browser.wait(for: rowElement, "the table again")
        try type("Locked", into: "to", browser)
        try browser.wait(for: "document.querySelector('#lint-summary').textContent.includes(' 0 errors') && !document.querySelector('#save').disabled", "the edit to lint")
        try click("#save", browser)
        try browser.wait(for: "document.querySelector('#save').disabled", "the save")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        try click("#run", browser)
        try browser.wait(for: "\(rowElement).dataset.status === 'passed'", "the row to turn green")
        // Scrolled sideways, a wide table keeps its status and row id in view, the status still green.
        let kept = try browser.evaluate("""
            (() => { const box = document.querySelector('.scroll'); box.style.width = '320px'; box.scrollLeft = 400;
              const row = \(rowElement), left = box.getBoundingClientRect().left;
              const status = row.querySelector('td.status').getBoundingClientRect(), id = row.querySelector('td[data-key="id"]').getBoundingClientRect();
              const kept = box.scrollLeft > 0 && Math.abs(status.left - left) < 2 && Math.abs(id.left - (left + 28)) < 3;
              const green = getComputedStyle(row.querySelector('td.status')).backgroundColor;
              box.style.width = ''; box.scrollLeft = 0; return kept + ' ' + green; })()
            """) as? String
        #expect(kept == "true rgb(26, 127, 55)", "\(kept ?? "nil")")
        try browser.evaluate("document.querySelector('.tabs button[data-tab=\"grid\"]').click()")
        try browser.wait(for: "document.querySelector('#grid')", "the grid")
        try shoot("grid")
        try browser.evaluate("document.querySelector('.tabs button[data-tab=\"diagram\"]').click()")
        try browser.wait(for: "document.querySelector('#diagram svg')", "the diagram")
        try shoot("diagram")
        #expect(browser.errors.isEmpty, "the page reported errors: \(browser.errors)")
    }

    @Test("three cells typed at once all reach the text; a row added below, moved and removed gives the text back; nothing is written unsaved")
    func queuedEditsAndRowButtons() throws {
        guard Chromium.executable != nil else {
            print("\n*** SKIPPED: the browser test of the workbench needs headless Chromium: run Scripts/bootstrap --browser ***\n")
            return
        }
        let repository = try Self.repositoryWithSpecs()
        defer { try? FileManager.default.removeItem(at: repository) }
        let path = repository.appendingPathComponent("specs").appendingPathComponent(Self.file).path
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let workbench = Workbench(folder: repository.appendingPathComponent("specs").path, registry: .standard, documents: nil)
        let server = try workbench.listen()
        server.start()
        defer { server.stop() }
        let browser = try Chromium()
        try browser.open(workbench.url(of: server) + "#" + Self.file)
        try browser.wait(for: "document.querySelector('#lint-summary').textContent.startsWith('lint:')", "the first lint")
        try browser.wait(for: rowElement, "the grace row")
        let settled = "!S.inflight && S.pending.length === 0"
        let text = "S.files['\(Self.file)'].text"

        // Three cells in one tick: the first goes, the others wait behind it in order, and none is lost.
        try browser.evaluate("""
            (() => { for (const [key, value] of [['from', 'Locked'], ['on', 'actve'], ['to', 'Open']]) {
              const i = document.querySelector('tr[data-row="\(Self.row)"] td[data-key="' + key + '"] input');
              i.value = value; i.dispatchEvent(new Event('input')); } })()
            """)
        let rowText = "((t, a) => t.slice(a, t.indexOf('  - id:', a + 1)))(\(text), \(text).indexOf('id: \(Self.row)\\n'))"
        try browser.wait(for: "\(settled) && /from: Locked\\n    on: actve\\n[^]*\\n    to: Open\\n/.test(\(rowText))", "the three edits in the row")
        try browser.wait(for: "\(cell("on")).closest('td').classList.contains('has-error')", "the error at the on cell")
        #expect(try browser.evaluate("\(cell("to")).value") as? String == "Open")

        // Put back, then a copy below the row, moved up and down, and removed: the text is as before.
        try type("Open", into: "from", browser)
        try type("active", into: "on", browser)
        try type("Locked", into: "to", browser)
        try browser.wait(for: "\(settled) && \(text) === \(Self.jsString(original))", "the text as read")
        let copy = "document.querySelector('tr[data-row=\"\(Self.row)-COPY\"]')"
        try browser.evaluate("window.confirm = () => true")
        try browser.evaluate("\(rowElement).querySelector('button[title=\"add a copy below\"]').click()")
        try browser.wait(for: "\(settled) && \(copy)", "the copy below")
        #expect(try browser.evaluate("\(text).indexOf('id: \(Self.row)-COPY') > \(text).indexOf('id: \(Self.row)\\n')") as? Bool == true, "the copy goes below the row")
        try browser.evaluate("\(copy).querySelector('button[title=\"move up\"]').click()")
        try browser.wait(for: "\(settled) && \(text).indexOf('\(Self.row)-COPY') < \(text).indexOf('id: \(Self.row)\\n')", "the copy moved up")
        try browser.evaluate("\(copy).querySelector('button[title=\"move down\"]').click()")
        try browser.wait(for: "\(settled) && \(text).indexOf('\(Self.row)-COPY') > \(text).indexOf('id: \(Self.row)\\n')", "the copy moved back down")
        try browser.evaluate("\(copy).querySelector('button[title=\"remove\"]').click()")
        try browser.wait(for: "\(settled) && !\(copy) && \(text) === \(Self.jsString(original))", "the copy removed, the text as read")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original, "nothing is written before Save")
        #expect(browser.errors.isEmpty, "the page reported errors: \(browser.errors)")
    }

    @Test("typed slowly, key by key, a cell keeps what was typed (spaces, ` #`) while the text gets it double-quoted")
    func slowTypingKeepsTheTypedText() throws {
        guard Chromium.executable != nil else {
            print("\n*** SKIPPED: the browser test of the workbench needs headless Chromium: run Scripts/bootstrap --browser ***\n")
            return
        }
        let repository = try Self.repositoryWithSpecs()
        defer { try? FileManager.default.removeItem(at: repository) }
        let workbench = Workbench(folder: repository.appendingPathComponent("specs").path, registry: .standard, documents: nil)
        let server = try workbench.listen()
        server.start()
        defer { server.stop() }
        let browser = try Chromium()
        try browser.open(workbench.url(of: server) + "#" + Self.file)
        try browser.wait(for: "document.querySelector('#lint-summary').textContent.startsWith('lint:')", "the first lint")
        try browser.wait(for: cell("source", row: Self.singleSourceRow), "the source cell")
        let settled = "!S.inflight && S.pending.length === 0"
        try browser.evaluate("(() => { const i = \(cell("source", row: Self.singleSourceRow)); i.focus(); i.setSelectionRange(i.value.length, i.value.length); })()")
        // Each key waits for the answer to the one before: the page is drawn again between keys.
        for character in " #step 2" {
            try browser.type(String(character))
            try browser.wait(for: "\(settled) && document.activeElement === \(cell("source", row: Self.singleSourceRow))", "the edit of \(character)")
        }
        let typed = "face-id-launch-lock.zh.md §4 #step 2"
        let shown = try browser.evaluate("\(cell("source", row: Self.singleSourceRow)).value") as? String
        #expect(shown == typed)
        let text = try #require(try browser.evaluate("S.files['\(Self.file)'].text") as? String)
        let line = text.components(separatedBy: "\n").first { $0.hasPrefix("    source: ") && $0.contains("#") } ?? "none"
        #expect(text.contains("  - id: \(Self.singleSourceRow)\n    source: \"\(typed)\"\n"), "the source line with a #: \(line)")

        // A text YAML cannot take is refused key by key: the banner says why, the cell keeps what was typed, the text
        // keeps the cell as it was.
        try browser.evaluate("(() => { const i = \(cell("to")); i.focus(); i.select(); })()")
        for character in "[Open" {
            try browser.type(String(character))
            try browser.wait(for: "\(settled) && document.activeElement === \(cell("to"))", "the edit of \(character)")
        }
        #expect(try browser.evaluate("\(cell("to")).value") as? String == "[Open")
        let banner = try browser.evaluate("document.querySelector('#banner').textContent") as? String ?? ""
        #expect(banner.contains("The edit was not made") && banner.contains("would break the file's YAML"), "\(banner)")
        let after = try #require(try browser.evaluate("S.files['\(Self.file)'].text") as? String)
        #expect(after == text)
        // The server's own refusal (a body over its limit) is a plain sentence, which the page shows as it is.
        let refusal = try browser.evaluate("api('/api/save', {file: 'x.yaml', text: 'y'.repeat(5 * 1024 * 1024), version: ''}).then(() => 'saved', e => e.message)") as? String
        #expect(refusal?.hasPrefix("the body is ") == true && refusal?.contains("are accepted") == true, "\(refusal ?? "nil")")
        #expect(browser.errors.isEmpty, "the page reported errors: \(browser.errors)")
    }

    /// A JavaScript string literal holding `text`.
    static func jsString(_ text: String) -> String {
        let data = try? JSONEncoder().encode(text)
        return data.flatMap { String(data: $0, encoding: .utf8) } ?? "''"
    }

    var rowElement: String { "document.querySelector('tr[data-row=\"\(Self.row)\"]')" }

    func cell(_ key: String, row: String = Self.row) -> String {
        "document.querySelector('tr[data-row=\"\(row)\"] td[data-key=\"\(key)\"] input')"
    }

    /// A row whose `source:` is one citation, a plain scalar, for typing into (the grace row cites two sections).
    static let singleSourceRow = "LL-ACTIVE-NO-BG-TIME"

    /// Selects a cell's text and types over it, key by key.
    func type(_ text: String, into key: String, _ browser: Chromium) throws {
        try browser.wait(for: cell(key), "the \(key) cell")
        try browser.evaluate("(() => { const i = \(cell(key)); i.focus(); i.select(); })()")
        try browser.type(text)
    }

    func click(_ selector: String, _ browser: Chromium) throws {
        try browser.evaluate("document.querySelector('\(selector)').click()")
    }

    /// The lines that differ, as (line, old, new), when both texts have the same number of lines.
    static func changedLines(_ a: String, _ b: String) -> [(line: Int, old: String, new: String)] {
        let x = a.components(separatedBy: "\n"), y = b.components(separatedBy: "\n")
        guard x.count == y.count else { return [(0, "\(x.count) lines", "\(y.count) lines")] }
        return zip(x, y).enumerated().filter { $0.element.0 != $0.element.1 }.map { ($0.offset + 1, $0.element.0, $0.element.1) }
    }

    /// A fresh git repository holding a copy of specs/, committed.
    static func repositoryWithSpecs() throws -> URL {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-workbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Tests/Samples/specs"), to: repository.appendingPathComponent("specs"))
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.email=t@example.invalid", "-c", "user.name=t", "commit", "-qm", "specs"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", repository.path] + arguments
            git.standardOutput = FileHandle.nullDevice
            git.standardError = FileHandle.nullDevice
            try git.run()
            git.waitUntilExit()
            guard git.terminationStatus == 0 else { throw Chromium.Failure(description: "git \(arguments[0]) failed") }
        }
        return repository
    }
}

private func ~= (text: String, part: String) -> Bool { text.contains(part) }
