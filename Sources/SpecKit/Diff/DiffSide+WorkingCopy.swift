import Foundation

extension DiffSide {
    /// The working tree's spec files at `path` in the git repository of the current folder, the path taken from the
    /// repository's top as `gitRevision` takes it, so a revision's blobs and the files on disk are compared at the same
    /// place. A folder is read as `folder` reads one, and so is one spec file; a spec file not on disk (deleted, or
    /// not written yet) is one file absent on this side, with the files beside it. Labelled `working copy`
    /// (`lockspec diff --git HEAD` shows `HEAD:specs → working copy`).
    public static func workingCopy(path: String) throws(DiagnosticError) -> DiffSide {
        let top = String(decoding: try git(["rev-parse", "--show-cdup"], in: "."), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // As git names it: `./specs//x.yaml` is `specs/x.yaml`.
        let clean = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        let location = top.isEmpty ? (clean.isEmpty ? "." : clean) : (top as NSString).appendingPathComponent(clean)
        var side = !FileManager.default.fileExists(atPath: location) && SpecCompiler.isSpecFile(clean)
            ? oneFile(location, bytes: nil) : try folder(location)
        side.label = "working copy"
        return side
    }
}
