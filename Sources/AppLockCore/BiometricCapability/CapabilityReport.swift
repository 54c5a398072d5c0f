/// What one `LAContext` reported: the `canEvaluatePolicy` answer, its error code, `biometryType` (read after the
/// call, article §2.2) and the OS major version.
public struct CapabilityReport: Hashable, Sendable, CustomStringConvertible {
    /// The `canEvaluatePolicy` result.
    public var canEvaluate: Bool
    /// The error code when `canEvaluate` is false (nil = an error that is not an `LAError`).
    public var error: LAErrorCode?
    /// The reported `biometryType` (ignored before iOS 11, where the property does not exist).
    public var biometryType: BiometryType
    /// The iOS major version.
    public var osMajorVersion: Int

    /// Creates a report.
    public init(canEvaluate: Bool, error: LAErrorCode? = nil, biometryType: BiometryType, osMajorVersion: Int = 17) {
        self.canEvaluate = canEvaluate
        self.error = error
        self.biometryType = biometryType
        self.osMajorVersion = osMajorVersion
    }

    /// E.g. `canEvaluate=false error=biometryLockout type=faceID os=17`.
    public var description: String {
        "canEvaluate=\(canEvaluate) error=\(error.map(String.init(describing:)) ?? "none") type=\(biometryType) os=\(osMajorVersion)"
    }
}
