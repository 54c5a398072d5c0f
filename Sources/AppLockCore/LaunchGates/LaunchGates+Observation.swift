/// What the gate stack shows, as the screens present it (app-launch-gates.zh.md: 更新门控, 引导, 隐私同意).
extension LaunchGates {
    /// The onboarding page on screen, counted from 1 as the page indicator shows it (`onboardingPage` is 0-based).
    public var onboardingPageNumber: Int { onboardingPage + 1 }

    /// The consent screen is the gate in front (ConsentGate: accepted version ≠ `LegalContent.version`, and
    /// nothing outside it — error card, lock screen, update sheet, onboarding — covers it).
    public var consentPresented: Bool { visibleGate == .consent }

    /// The update sheet on screen: `.forced` or `.soft` when that UpdateGate is the gate in front, `.none` when no
    /// update sheet shows (idle, dismissed, or covered by the error card or the lock screen).
    public var presentedUpdateSheet: UpdateRequirement {
        switch visibleGate {
        case .forcedUpdate: .forced
        case .softUpdate: .soft
        case .errorBoundary, .biometric, .onboarding, .consent, .auth: .none
        }
    }
}

extension UpdateRequirement {
    /// The sheet can be dismissed: only the soft one (D-UPD-DISMISS: the forced sheet has no close button).
    public var isDismissable: Bool {
        switch self {
        case .soft: true
        case .none, .forced: false
        }
    }
}
