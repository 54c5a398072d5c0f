import Foundation
import SpecKit
import LocalHTTP

extension Workbench {
    /// A value as a JSON response (sorted keys, so the same answer is the same bytes).
    static func json<T: Encodable>(_ value: T, status: Int = 200) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { return json(error: "the answer could not be encoded", status: 500) }
        var response = HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(data))
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// `{"error": message}` with a status.
    static func json(error message: String, status: Int) -> HTTPResponse {
        json(["error": message], status: status)
    }

    /// A request's JSON body, or the 400 response that says what is wrong with it.
    static func body<T: Decodable>(_ request: HTTPRequest, as type: T.Type) -> Result<T, ResponseError> {
        do {
            return .success(try JSONDecoder().decode(T.self, from: Data(request.body)))
        } catch {
            return .failure(ResponseError(json(error: "the request's body is not the JSON \(request.path) takes: \(Self.reason(error))", status: 400)))
        }
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context): "\(name(context.codingPath + [key])) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(name(context.codingPath)) has the wrong type"
        case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty:
            "\(name(context.codingPath)) is not a value it takes: \(context.debugDescription)"
        case DecodingError.dataCorrupted: "it does not parse"
        default: "it does not decode"
        }
    }

    /// A place in a request's body as a reader writes it: `'spec.observe[0]'`, or `the body itself`.
    static func name(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the body itself" }
        let written = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return "'\(written.hasPrefix(".") ? String(written.dropFirst()) : written)'"
    }

    /// A response carried as an error, so a route can bail out early with `try`.
    struct ResponseError: Error {
        var response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }

    /// Runs a route's body; a thrown `ResponseError` is its answer.
    static func answer(_ body: () throws(ResponseError) -> HTTPResponse) -> HTTPResponse {
        do { return try body() } catch { return error.response }
    }
}
