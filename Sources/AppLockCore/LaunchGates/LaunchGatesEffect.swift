/// Outputs of the launch-gate stack.
public enum LaunchGatesEffect: Hashable, Sendable, CustomStringConvertible {
    /// Show the system authentication prompt (BiometricGate).
    case startAuthentication(AuthenticationPolicy)
    /// Open this URL in Safari (the store URL, from either update sheet).
    case openURL(String)
    /// Send the user-feedback report.
    case sendReport
    /// An analytics event (e.g. `onboarding_completed`).
    case analytics(AnalyticsEvent)
    /// `analytics.start()`: only ever after consent.
    case startAnalytics
    /// One rating action was recorded (`RatingController.recordAction`, "记一次评分动作").
    case recordRatingAction
    /// `AppStore.requestReview(in:)`.
    case requestReview

    /// E.g. `openURL("https://…")`, `analytics(onboarding_completed)`.
    public var description: String {
        switch self {
        case .startAuthentication(let policy): "startAuthentication(\(policy))"
        case .openURL(let url): "openURL(\"\(url)\")"
        case .sendReport: "sendReport"
        case .analytics(let event): "analytics(\(event))"
        case .startAnalytics: "startAnalytics"
        case .recordRatingAction: "recordRatingAction"
        case .requestReview: "requestReview"
        }
    }
}
