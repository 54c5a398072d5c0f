import SpecKit
import LocalHTTP

extension Workbench {
    /// What `POST /api/edit` takes: the page's unsaved texts, the file edited and the edit.
    struct EditRequest: Decodable {
        var buffers: [String: String]
        var file: String
        var edit: SpecEdit
        var focus: String?
    }

    /// What `POST /api/edit` answers: the file's new text and the folder's analysis with it.
    struct EditAnswer: Encodable {
        var file: String
        var text: String
        var analysis: AnalysisView
    }

    /// Applies one table edit to the page's text of a file (or the file's own) and lints the folder with it. Nothing
    /// is written: the page keeps the new text until it saves.
    func editRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let asked = try Self.body(request, as: EditRequest.self).get()
            let path = try path(of: asked.file)
            var base = asked.buffers[asked.file] ?? ""
            if asked.buffers[asked.file] == nil { base = String(decoding: try read(asked.file), as: UTF8.self) }
            let text: String
            do throws(DiagnosticError) {
                text = try SpecTextEditor.apply(asked.edit, to: base, file: path)
            } catch {
                throw ResponseError(Self.json(error: error.diagnostics.first?.message ?? "the edit could not be made", status: 422))
            }
            var buffers = asked.buffers
            buffers[asked.file] = text
            return Self.json(EditAnswer(file: asked.file, text: text, analysis: try analysis(buffers, focus: asked.focus)))
        }
    }
}
