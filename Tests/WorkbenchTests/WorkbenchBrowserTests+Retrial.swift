import Foundation
import Testing
import Workbench
import LocalHTTP

/// What the re-trial of the workbench in a browser found (a helper as a product owner, /tmp/wbui2/findings.md): the
/// last keystroke lost by a reload, a draft of a file gone from disk dropped without a word, and a run's verdict that
/// stayed after Undo. Each page is driven by script only (no key of the browser's own), so reloading asks nothing.
extension WorkbenchProductOwnerTests {
    /// Sets a cell's text as typing does, and reloads the page at once, before the server answers.
    static func typeAndReload(_ cell: String, _ text: String) -> String {
        "(() => { const i = \(cell); i.focus(); i.value = \(WorkbenchBrowserTests.jsString(text)); i.dispatchEvent(new Event('input')); location.reload(); })()"
    }

    @Test("a keystroke still on its way when the page is loaded again is sent again and kept")
    func keystrokeInFlightAtReload() throws {
        guard !Self.skipped else { return }
        let session = try Session()
        let browser = session.browser
        try browser.wait(for: Self.cell(Self.coldLock, "to"), "the cell")
        try browser.evaluate(Self.typeAndReload(Self.cell(Self.coldLock, "to"), "Open"))
        usleep(500_000)
        try browser.wait(for: "typeof S !== 'undefined' && S.analysis && !S.inflight && S.pending.length === 0 && document.querySelector('#banner').textContent.includes('are back')", "the page again")
        let text = try browser.evaluate("S.files['\(Self.file)'].text") as? String ?? ""
        #expect(text.contains("effects: [startAuthentication(deviceOwnerAuthentication)]\n    to: Open\n"), "the keystroke is in the text")
        #expect(try browser.evaluate("document.querySelector('#save').textContent") as? String == "Save (1)")
        #expect(browser.errors.isEmpty, "the page reported errors: \(browser.errors)")
    }

    @Test("a draft of a file deleted on disk meanwhile comes back as a new file, and the page says so")
    func draftOfAFileGone() throws {
        guard !Self.skipped else { return }
        let session = try Session()
        let browser = session.browser
        let to = Self.cell(Self.coldLock, "to")
        try browser.wait(for: to, "the cell")
        try browser.evaluate("(() => { const i = \(to); i.focus(); i.value = 'Open'; i.dispatchEvent(new Event('input')); })()")
        try session.settle()
        let edited = try browser.evaluate("S.files['\(Self.file)'].text") as? String ?? ""
        try FileManager.default.removeItem(atPath: session.path(Self.file))
        try browser.evaluate("location.reload()")
        usleep(500_000)
        try browser.wait(for: "typeof S !== 'undefined' && S.analysis && document.querySelector('#banner').textContent.includes('no longer on disk')", "the page again")
        let banner = try browser.evaluate("document.querySelector('#banner').textContent") as? String ?? ""
        #expect(banner.contains("\(Self.file) is no longer on disk") && banner.contains("kept as a new file"), "\(banner)")
        #expect(try browser.evaluate("S.files['\(Self.file)'].version === '' && S.files['\(Self.file)'].text === \(WorkbenchBrowserTests.jsString(edited))") as? Bool == true)
        // Save writes it again.
        try browser.evaluate("document.querySelector('#save').click()")
        try browser.wait(for: "document.querySelector('#save').disabled", "the save")
        #expect(try String(contentsOfFile: session.path(Self.file), encoding: .utf8) == edited)
        #expect(browser.errors.isEmpty, "the page reported errors: \(browser.errors)")
    }

    @Test("Enter in the last row's cell keeps the cell, its text selected")
    func enterOnTheLastRow() throws {
        guard !Self.skipped else { return }
        let session = try Session()
        let browser = session.browser
        let last = "[...document.querySelectorAll('#main table.rows')][0].querySelector('tr:last-of-type td[data-key=\"on\"] input')"
        try browser.wait(for: last, "the last row's on cell")
        try browser.evaluate("(() => { const i = \(last); i.focus(); i.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })); })()")
        #expect(try browser.evaluate("document.activeElement === \(last) && \(last).selectionStart === 0 && \(last).selectionEnd === \(last).value.length") as? Bool == true)
        #expect(browser.errors.isEmpty, "the page reported errors: \(browser.errors)")
    }
}
