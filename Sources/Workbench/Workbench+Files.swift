import Foundation
import SpecKit
import LocalHTTP

extension Workbench {
    /// Every file the page can edit: the folder's `.yaml`/`.yml` files (specs, product files, the sections' reasons).
    func files() -> [FileView] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        return names.compactMap { name in
            guard let bytes = try? read(name) else { return nil }
            return FileView(path: name, text: String(decoding: bytes, as: UTF8.self), version: SHA256.hex(bytes))
        }
    }

    /// The absolute path of a file the page names, or why it is refused: only a `.yaml`/`.yml` file directly in the
    /// folder (no `/`, no `..`, no hidden file, no control character, no space at either end), and not a link that
    /// leads out of it.
    func path(of name: String) throws(ResponseError) -> String {
        // Invisible and direction-changing characters (U+202E) and line separators (U+2028) make a name that reads
        // as another; 200 bytes leave room for the save's temporary name (`.<name>.<random>.tmp`) under 255.
        let hidden: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
        let plain = !name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { hidden.contains($0.properties.generalCategory) }
            && name.trimmingCharacters(in: .whitespaces) == name && name.utf8.count <= 200
        guard plain, name.hasSuffix(".yaml") || name.hasSuffix(".yml") else {
            throw ResponseError(Self.json(error: "'\(VisibleText.escape(name))' is not a spec file of the folder: only .yaml files directly in \(folder), with a name of at most 200 bytes, no line break, invisible or direction-changing character, and no space at either end, can be written", status: 403))
        }
        let path = folder + "/" + name
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let home = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(home + "/") else {
            throw ResponseError(Self.json(error: "'\(VisibleText.escape(name))' leads outside the spec folder", status: 403))
        }
        return path
    }

    /// A file's bytes, within the size limit, read as lint reads them (a pipe is never waited for); else why not.
    func read(_ name: String) throws(ResponseError) -> [UInt8] {
        let path = try path(of: name)
        guard Self.exists(path) else {
            throw ResponseError(Self.json(error: "there is no file \(name) in the spec folder", status: 404))
        }
        let (sources, unreadable) = SpecCompiler().read([path])
        if let bytes = sources.first?.bytes { return bytes }
        let problem = unreadable.first
        throw ResponseError(Self.json(error: "\(name): \(problem?.message ?? "it cannot be read")",
                                      status: problem?.id == "yaml.too-large" ? 413 : 422))
    }

    /// What `POST /api/save` takes.
    struct SaveRequest: Decodable {
        var file: String
        var text: String
        var version: String
    }

    /// Writes a file over the version the page read (an empty version: a new file, made only while none has its
    /// name), atomically and keeping its permissions; refuses a stale version,
    /// a path outside the folder, a text over the size limit and an `unsavable` one, writing nothing.
    func saveRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let save = try Self.body(request, as: SaveRequest.self).get()
            let path = try path(of: save.file)
            let bytes = Array(save.text.utf8)
            guard bytes.count <= maximumFileSize else {
                throw ResponseError(Self.json(error: "the text is \(bytes.count) bytes; a spec file may have at most \(maximumFileSize)", status: 413))
            }
            if let reason = Self.unsavable(bytes, file: save.file) { throw ResponseError(Self.json(error: reason, status: 422)) }
            try saves.with { () throws(ResponseError) in
                if save.version.isEmpty {
                    // A new file of the page: made only while no file has the name.
                    guard !Self.exists(path) else {
                        _ = try read(save.file)  // one that cannot be read (a pipe, a folder) says why
                        throw ResponseError(Self.json(error: "\(save.file) was made on disk since the page started it: nothing was written. Your new file is still in the page; to take the one on disk instead, load it from disk (which drops yours)", status: 409))
                    }
                } else if SHA256.hex(try read(save.file)) != save.version {
                    throw ResponseError(Self.json(error: "\(save.file) changed on disk since the page read it: nothing was written. Your edits are still in the page: merge them into the file as it is now (Merge, on the file's page), or load the file from disk (which drops them) and make them again", status: 409))
                }
                do throws(FileReplacement.Failure) {
                    try FileReplacement.write(bytes, to: path)
                } catch {
                    // A read-only file is the user's choice, not the server's failure.
                    let status = FileReplacement.refusal(writing: path) == nil ? 500 : 403
                    throw ResponseError(Self.json(error: "could not write \(save.file) (it is unchanged): \(error.description)", status: status))
                }
            }
            return Self.json(FileView(path: save.file, text: save.text, version: SHA256.hex(bytes)))
        }
    }

    /// What `POST /api/delete` takes: the file and the version the page read.
    struct DeleteRequest: Decodable {
        var file: String
        var version: String
    }

    /// Removes a file of the folder, only while it is the version the page read (a file changed on disk since is
    /// refused, unchanged, as a save over it would be). Answers the file's name.
    func deleteRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let asked = try Self.body(request, as: DeleteRequest.self).get()
            let path = try path(of: asked.file)
            try saves.with { () throws(ResponseError) in
                try unchanged(asked.file, since: asked.version, or: "deleted")
                guard unlink(path) == 0 else {
                    throw ResponseError(Self.json(error: "could not delete \(asked.file): \(String(cString: strerror(errno)))", status: 500))
                }
            }
            return Self.json(["deleted": asked.file])
        }
    }

    /// What `POST /api/rename` takes: the file, the version the page read, and its new name.
    struct RenameRequest: Decodable {
        var file: String
        var version: String
        var to: String
    }

    /// Gives a file of the folder a new name there, only while it is the version the page read and no file has the
    /// new name (the spec's id is its own, so nothing else changes). Answers the new name.
    func renameRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let asked = try Self.body(request, as: RenameRequest.self).get()
            let (from, to) = (try path(of: asked.file), try path(of: asked.to))
            try saves.with { () throws(ResponseError) in
                try unchanged(asked.file, since: asked.version, or: "renamed")
                guard !Self.exists(to) else {
                    throw ResponseError(Self.json(error: "there is already a file \(asked.to): \(asked.file) was not renamed", status: 409))
                }
                guard link(from, to) == 0, unlink(from) == 0 else {
                    throw ResponseError(Self.json(error: "could not rename \(asked.file): \(String(cString: strerror(errno)))", status: 500))
                }
            }
            return Self.json(["renamed": asked.file, "to": asked.to])
        }
    }

    /// Whether anything has the name `path`: a file, a folder, or a link, even one that leads nowhere (which a new
    /// file must not replace).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Refuses (409) when `file` on disk is no longer the version the page read: it was not `done`.
    func unchanged(_ file: String, since version: String, or done: String) throws(ResponseError) {
        guard SHA256.hex(try read(file)) == version else {
            throw ResponseError(Self.json(error: "\(file) changed on disk since the page read it: it was not \(done). Load it from disk to see the change first", status: 409))
        }
    }

    /// Why a text may not be saved over `file` at all, or nil: a NUL character (no YAML file may hold one), or no text
    /// but spaces and line breaks (saving it would erase the file, which the page never means: an edit cannot empty a
    /// file, and an empty file is not a spec).
    static func unsavable(_ bytes: [UInt8], file: String) -> String? {
        if let nul = bytes.firstIndex(of: 0) {
            let line = bytes[..<nul].count { $0 == 0x0A } + 1
            return "the text holds a NUL character (U+0000) on line \(line), which no YAML file may hold: \(file) was not written"
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return "the text is empty: saving it would erase \(file), so it was not written. To remove the file, use Delete this file"
        }
        return nil
    }
}
