/// Why a biometrics-only scenario (payment) refuses, with the message shown.
public enum RefusalReason: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Biometrics locked out (§5.2).
    case lockout
    /// Nothing enrolled.
    case notEnrolled
    /// No biometric hardware.
    case notSupported
    /// The user asked for a passcode, which payment does not allow.
    case fallbackNotAllowed

    /// The message. The lockout text is the article's §5.2 sentence verbatim (the article has lost its punctuation);
    /// the not-enrolled text is its §2.3 sentence; the other two are ours (the article gives none).
    public var message: String {
        switch self {
        case .lockout: "生物识别已锁定请前往设置解锁后再试"
        case .notEnrolled: "请先在系统设置中录入指纹/面容"
        case .notSupported: "本设备不支持生物识别"
        case .fallbackNotAllowed: "支付仅支持生物识别验证"
        }
    }

    /// The raw name.
    public var description: String { rawValue }
}
