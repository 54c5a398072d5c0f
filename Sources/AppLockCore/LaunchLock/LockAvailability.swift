/// What the device offers the launch lock (face-id-launch-lock.zh.md §5): from
/// `canEvaluatePolicy(.deviceOwnerAuthentication)` and `biometryType`.
public struct LockAvailability: Hashable, Sendable, CustomStringConvertible {
    /// `canEvaluatePolicy(.deviceOwnerAuthentication)`: biometrics or a passcode exists.
    public var canEvaluate: Bool
    /// The biometry type read after the call.
    public var biometryType: BiometryType

    /// Creates an availability value.
    public init(canEvaluate: Bool, biometryType: BiometryType) {
        self.canEvaluate = canEvaluate
        self.biometryType = biometryType
    }

    /// A device with Face ID.
    public static let faceID = LockAvailability(canEvaluate: true, biometryType: .faceID)
    /// A device with neither biometrics nor a passcode.
    public static let unavailable = LockAvailability(canEvaluate: false, biometryType: .none)

    /// `biometryAvailable` of §5.
    public var isAvailable: Bool { canEvaluate }

    /// The type label of §5: "Face ID", "Touch ID", "Optic ID", or "密码" (passcode only / no or unknown biometry).
    public var label: String {
        switch biometryType {
        case .faceID, .touchID, .opticID: biometryType.displayName
        case .none, .unknown: "密码"
        }
    }

    /// E.g. `canEvaluate=true type=faceID`.
    public var description: String { "canEvaluate=\(canEvaluate) type=\(biometryType)" }
}
