/// Pure classification of what LocalAuthentication reports (biometric-capability-detection.zh.md §2-§3, §6-§7).
public enum BiometricCapability {
    /// The type to show, as the article's `resolveType` (§7): from iOS 11 Face ID, Touch ID and none are kept and
    /// every other kind (Optic ID, any future one) falls to the `unknown` default branch (§6); before iOS 11 (no such
    /// property) a device that can evaluate, or that reports not-enrolled or lockout, is Touch ID (the only kind
    /// then), otherwise none. (The launch lock's labels are separate: they still name Optic ID.)
    public static func resolvedType(_ report: CapabilityReport) -> BiometryType {
        if report.osMajorVersion >= 11 {
            switch report.biometryType {
            case .faceID, .touchID, .none: return report.biometryType
            case .opticID, .unknown: return .unknown
            }
        }
        if report.canEvaluate || isHardwareSupported(report) { return .touchID }
        return .none
    }

    /// §3.1: can evaluate → available(type); not enrolled → notEnrolled(type); lockout → locked(type);
    /// not available → notSupported; anything else → error. New and deprecated codes are handled alike (§2.3).
    public static func classify(_ report: CapabilityReport) -> CapabilityStatus {
        let type = resolvedType(report)
        if report.canEvaluate { return .available(type) }
        guard let code = report.error else { return .error(nil) }
        if code.isNotEnrolled { return .notEnrolled(type) }
        if code.isLockout { return .locked(type) }
        if code.isNotAvailable { return .notSupported }
        return .error(code)
    }

    /// §3.2: the hardware is there when evaluation works, or fails only because nothing is enrolled or it is locked.
    public static func isHardwareSupported(_ report: CapabilityReport) -> Bool {
        if report.canEvaluate { return true }
        guard let code = report.error else { return false }
        return code.isNotEnrolled || code.isLockout
    }

    /// §3.3: the resolved type's name, even when evaluation failed ("Face ID", "Touch ID", "无生物识别", or "未知类型"
    /// for every other kind, Optic ID included).
    public static func typeName(_ report: CapabilityReport) -> String {
        resolvedType(report).displayName
    }
}
