import Foundation
import Synchronization
import SpecKit
import LocalHTTP

/// The page's unsaved edits kept by the server as well as in the tab, in a file of the folder's own outside it (under
/// `lockspec serve`'s state folder), so a page opened after the server started again at another address (another
/// port: `--port`, or the folder's usual one taken) can offer them: the tab's session storage belongs to the address,
/// and a page at another one does not see it.
///
/// Each tab keeps one draft (the JSON its session storage holds, opaque here), with when and by which start of the
/// server it was kept; a page is offered only the drafts kept under an earlier start, so two tabs open at once are
/// never offered each other's work. Nothing here traps: a file that cannot be read or written keeps nothing.
final class DraftStore: Sendable {
    /// One tab's kept draft.
    struct Kept: Codable, Equatable {
        /// The tab's id (the page's own, kept in its session storage).
        var tab: String
        /// When it was kept, in milliseconds since 1970.
        var at: Double
        /// The start of the server that kept it.
        var run: String
        /// The page's draft, as its session storage holds it.
        var draft: String
    }

    /// What the file holds: the folder it is of, and the tabs' drafts.
    struct Contents: Codable {
        var folder: String
        var tabs: [Kept]
    }

    /// The file of the folder's drafts, or nil when none is kept.
    let file: String?
    /// The spec folder.
    let folder: String
    /// This start of the server.
    let run: String
    /// The most tabs whose drafts are kept, and for how long.
    static let mostTabs = 20, longest: Double = 30 * 24 * 3600 * 1000
    private let mutex = Mutex(())

    /// A store for `folder` in `directory` (nil: none kept), named after the folder's path.
    init(folder: String, directory: String?, run: String) {
        self.folder = folder
        self.run = run
        file = directory.map { $0 + "/drafts-" + SHA256.hex(Array(folder.utf8)).prefix(24) + ".json" }
    }

    /// The drafts kept under an earlier start of the server, the newest first.
    func earlier() -> [Kept] {
        mutex.withLock { _ in read().filter { $0.run != run }.sorted { $0.at > $1.at } }
    }

    /// Keeps `draft` as the tab's (an empty one: forgets the tab's). False when nothing could be written.
    func keep(tab: String, draft: String) -> Bool {
        mutex.withLock { _ in
            guard let file else { return false }
            let at = Date().timeIntervalSince1970 * 1000
            var tabs = read().filter { $0.tab != tab && at - $0.at < Self.longest }
            if !draft.isEmpty { tabs.append(Kept(tab: tab, at: at, run: run, draft: draft)) }
            tabs = Array(tabs.sorted { $0.at > $1.at }.prefix(Self.mostTabs))
            guard let data = try? JSONEncoder().encode(Contents(folder: folder, tabs: tabs)) else { return false }
            let directory = (file as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try data.write(to: URL(fileURLWithPath: file), options: .atomic)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
                return true
            } catch {
                return false
            }
        }
    }

    /// The file's drafts of this folder; none when it is absent, unreadable or of another folder.
    private func read() -> [Kept] {
        guard let file, let data = FileManager.default.contents(atPath: file),
              let contents = try? JSONDecoder().decode(Contents.self, from: data), contents.folder == folder else { return [] }
        return contents.tabs
    }
}

extension Workbench {
    /// What `POST /api/keep` takes: the page's tab and its draft (empty: none).
    struct KeepRequest: Decodable {
        var tab: String
        var draft: String
    }

    /// Keeps a tab's draft besides the tab (or forgets it, for an empty one); answers whether it was kept.
    func keepRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let asked = try Self.body(request, as: KeepRequest.self).get()
            guard !asked.tab.isEmpty, asked.tab.count <= 64, asked.tab.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw ResponseError(Self.json(error: "a tab is named by up to 64 letters, digits and '-'", status: 400))
            }
            return Self.json(["kept": drafts.keep(tab: asked.tab, draft: asked.draft)])
        }
    }

    /// Where `lockspec serve` keeps the page's drafts: `$XDG_STATE_HOME/lockspec/drafts`, else
    /// `~/.local/state/lockspec/drafts`; nil when the environment names neither.
    public static func defaultDraftsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/lockspec/drafts" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/lockspec/drafts"
    }
}
