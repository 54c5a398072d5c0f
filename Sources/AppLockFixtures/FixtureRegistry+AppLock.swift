import Conformance

extension FixtureRegistry {
    /// The fixtures of this build, one per design document, binding the specs' names to AppLockCore.
    public static let standard = FixtureRegistry {
        [
            "launch-lock": LaunchLockFixture.self,
            "capability": CapabilityFixture.self,
            "medtime": MedTimeFixture.self,
            "dual-password": DualPasswordFixture.self,
            "launch-gates": LaunchGatesFixture.self,
        ]
    }
}
