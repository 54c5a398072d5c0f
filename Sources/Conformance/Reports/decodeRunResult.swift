import Foundation

/// Reads a run back from `renderJSON`'s output (the `summary` and `format` keys are ignored; counts are recomputed).
public func decodeRunResult(_ text: String) throws -> RunResult {
    try JSONDecoder().decode(RunResult.self, from: Data(text.utf8))
}
