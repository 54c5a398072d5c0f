import Foundation
import SpecKit
import LocalHTTP

extension Workbench {
    /// What the page's "New spec" form offers: every decision and matrix function of every fixture, and every
    /// fixture that drives a machine.
    struct Choices: Encodable {
        var functions: [TableChoice]
        var machines: [MachineChoice]
    }

    /// The choices of the standard fixtures.
    func choices() -> Choices {
        let vocabularies = registry.fixtureNames.compactMap { name in registry.vocabulary(of: name).map { (name, $0) } }
        return Choices(functions: vocabularies.flatMap { TableChoice.all(fixture: $0.0, vocabulary: $0.1) },
                       machines: vocabularies.compactMap { MachineChoice.of(fixture: $0.0, vocabulary: $0.1) })
    }

    /// What `POST /api/new` takes: the page's unsaved texts, the new file's name and the spec to start it with.
    struct NewRequest: Decodable {
        var buffers: [String: String]
        var file: String
        var spec: SpecStarter
    }

    /// Writes a starter spec into a new file of the page (nothing on disk: the page holds it until it saves, and the
    /// save makes the file) and lints the folder with it. Refuses a name that is not a spec file of the folder or that
    /// a file already has, and a starter that cannot be written.
    func newRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let asked = try Self.body(request, as: NewRequest.self).get()
            let path = try path(of: asked.file)
            guard !Self.exists(path), asked.buffers[asked.file] == nil else {
                throw ResponseError(Self.json(error: "there is already a file \(asked.file): choose another name", status: 409))
            }
            let text: String
            do throws(SpecStarter.Refusal) {
                let folder = try? compile(asked.buffers)
                text = try asked.spec.text(catalog: registry, folder: folder?.compilation.specs ?? [], texts: folder?.texts ?? asked.buffers,
                                           analyses: folder?.compilation.machineAnalyses ?? [:])
            } catch {
                throw ResponseError(Self.json(error: error.message, status: 422))
            }
            var buffers = asked.buffers
            buffers[asked.file] = text
            return Self.json(EditAnswer(file: asked.file, text: text, analysis: try analysis(buffers, focus: asked.file)))
        }
    }
}
