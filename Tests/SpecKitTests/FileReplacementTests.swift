import Foundation
import Testing
import SpecKit

/// `FileReplacement`: a file's bytes replaced atomically, its permissions kept, no temporary file left behind.
@Suite("Replacing a file's bytes")
struct FileReplacementTests {
    /// A fresh folder, removed by `body`'s end.
    func inFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-replace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("the new bytes are in place and the file keeps its mode: 0664, 0600, 0640, 0755", arguments: [0o664, 0o600, 0o640, 0o755])
    func keepsMode(_ permissions: Int) throws {
        try inFolder { folder in
            let path = folder.appendingPathComponent("a.yaml").path
            try Data("id: old\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
            try FileReplacement.write(Array("id: new — 宽限期\n".utf8), to: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "id: new — 宽限期\n")
            let kept = try mode(path)
            #expect(kept == permissions, "0\(String(kept, radix: 8))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.yaml"])
        }
    }

    @Test("a file not there yet is made; an empty text is written as none")
    func newFile() throws {
        try inFolder { folder in
            let path = folder.appendingPathComponent("b.yaml").path
            try FileReplacement.write(Array("x: 1\n".utf8), to: path)
            #expect(FileManager.default.contents(atPath: path) == Data("x: 1\n".utf8))
            try FileReplacement.write([], to: path)
            #expect(FileManager.default.contents(atPath: path) == Data())
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["b.yaml"])
        }
    }

    @Test("a symbolic link is written through: its file gets the bytes, keeps its mode, and the link stays a link (also a link to a link)")
    func throughLink() throws {
        try inFolder { folder in
            let real = folder.appendingPathComponent("real")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
            let file = real.appendingPathComponent("trial.yaml").path
            try Data("id: old\n".utf8).write(to: URL(fileURLWithPath: file))
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
            let link = folder.appendingPathComponent("trial.yaml").path, second = folder.appendingPathComponent("again.yaml").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
            try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: link)
            try FileReplacement.write(Array("id: new\n".utf8), to: second)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "id: new\n")
            #expect(try mode(file) == 0o640)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == file)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: second) == link)
            #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["trial.yaml"])
        }
    }

    @Test("a failure says why, leaves what was there, and no temporary file: a folder at the path, a missing folder")
    func failures() throws {
        try inFolder { folder in
            let directory = folder.appendingPathComponent("c.yaml")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            let error = #expect(throws: FileReplacement.Failure.self) { try FileReplacement.write(Array("x: 1\n".utf8), to: directory.path) }
            #expect(error?.description.hasPrefix("could not put it in place: ") == true, "\(error?.description ?? "")")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["c.yaml"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
            let missing = folder.appendingPathComponent("none/d.yaml").path
            #expect(throws: FileReplacement.Failure.self) { try FileReplacement.write(Array("x: 1\n".utf8), to: missing) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["c.yaml"])
        }
    }

    @Test("a read-only file is refused and left as it was (a rename over it would replace it, even as root)", arguments: [0o444, 0o400, 0o555])
    func readOnly(_ permissions: Int) throws {
        try inFolder { folder in
            let path = folder.appendingPathComponent("r.yaml").path
            try Data("id: old\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
            let error = #expect(throws: FileReplacement.Failure.self) { try FileReplacement.write(Array("id: new\n".utf8), to: path) }
            #expect(error?.description.contains("read-only") == true, "\(error?.description ?? "")")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "id: old\n")
            #expect(try mode(path) == permissions)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["r.yaml"])
        }
    }

    @Test("a symbolic link that leads nowhere (a missing file, a loop) is refused and stays a link")
    func brokenLinks() throws {
        try inFolder { folder in
            let dangling = folder.appendingPathComponent("dangling.json").path, loop = folder.appendingPathComponent("loop.json").path
            try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.appendingPathComponent("missing/target.json").path)
            try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
            for link in [dangling, loop] {
                let error = #expect(throws: FileReplacement.Failure.self) { try Emitter.writeIfChanged("{}", to: link) }
                #expect(error?.description.contains("a symbolic link that leads nowhere") == true, "\(error?.description ?? "")")
                #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil, "still a link")
            }
        }
    }

    @Test("a report written to a pipe goes into the pipe and leaves it a pipe; a pipe no one reads is an error at once, not a wait; a symbolic link is written through")
    func reportsIntoPipesAndLinks() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("report.xml").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let unread = #expect(throws: FileReplacement.Failure.self) { try Emitter.writeIfChanged("<x/>", to: pipe) }
        #expect(unread?.description.contains("a pipe no process reads") == true, "\(unread?.description ?? "")")
        let reader = Task.detached { () -> String in
            // Foundation will not read a pipe; the system calls do.
            let descriptor = open(pipe, O_RDONLY)
            defer { close(descriptor) }
            var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let n = read(descriptor, &buffer, buffer.count)
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var wrote = false
        for _ in 0..<200 where !wrote {
            wrote = (try? Emitter.writeIfChanged("<x/>", to: pipe)) == true
            if !wrote { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        #expect(wrote)
        #expect(await reader.value == "<x/>")
        var status = stat()
        #expect(stat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a pipe")
        let target = folder.appendingPathComponent("target.json").path, link = folder.appendingPathComponent("link.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try Emitter.writeIfChanged("{}", to: link)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{}")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    }
}
