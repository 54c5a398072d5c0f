/// The reply of one `evaluatePolicy` call.
public enum EvaluationOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Evaluation succeeded.
    case success
    /// Evaluation failed with this code.
    case failure(LAErrorCode)

    /// `success` or `failure(<code>)`.
    public var description: String {
        switch self {
        case .success: "success"
        case .failure(let code): "failure(\(code))"
        }
    }
}
