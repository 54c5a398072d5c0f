import Foundation
import SpecKit
import LocalHTTP

extension Workbench {
    /// What `POST /api/diff` takes: the page's unsaved texts.
    struct ReviewRequest: Decodable {
        var buffers: [String: String]
    }

    /// The behaviour diff (`lockspec diff`) of git HEAD's version of the folder against the working copy with the
    /// page's texts laid over it, and what changed in the files' text (a note changes no behaviour, yet Save writes it).
    func reviewRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let asked = try Self.body(request, as: ReviewRequest.self).get()
            let overlay = try compile(asked.buffers)
            let working = DiffSide(label: "working copy", sources: overlay.texts.keys.sorted().filter { $0 != SectionReasons.fileName }
                .map { (path: $0, bytes: Array(overlay.texts[$0]!.utf8)) })
            let head: DiffSide
            do throws(DiagnosticError) {
                // The folder's path inside its repository (`specs/`, empty at the top), as gitRevision takes it.
                let prefix = String(decoding: try DiffSide.git(["rev-parse", "--show-prefix"], in: folder), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                head = try DiffSide.gitRevision("HEAD", path: prefix.isEmpty ? "." : String(prefix.dropLast()), repository: folder)
            } catch {
                throw ResponseError(Self.json(error: "no git HEAD to compare with: \(error.diagnostics.first?.message ?? "not a git repository")", status: 409))
            }
            do {
                let result = try SpecDiff(catalog: registry).compare(head, working)
                return Self.json(ReviewView(label: "\(head.label) → working copy", text: SpecDiffRenderer.text(result), behaviourChanged: result.behaviourChanged,
                                            textChanges: TextChanges.between(head, working)))
            } catch SpecDiff.Failure.doesNotCompile(let side, let diagnostics) {
                // The page names files as the folder holds them; the diff names them under their side.
                let first = diagnostics.first.map { "\(Self.relative(Self.relative($0.location.file, to: side), to: folder)):\($0.location.line): \($0.message)" } ?? ""
                throw ResponseError(Self.json(error: "\(side) does not compile, so nothing was compared (fix the lint errors first): \(first)", status: 409))
            } catch {
                throw ResponseError(Self.json(error: "the diff failed", status: 500))
            }
        }
    }
}
