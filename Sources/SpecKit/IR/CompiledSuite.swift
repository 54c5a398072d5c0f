/// The compiled tables: every spec's summary and every concrete test case, ready for a runner.
/// This is the IR that the emitters write as JSON and Swift, and that `lockspec run` executes.
public struct CompiledSuite: Codable, Hashable, Sendable {
    /// The format version of this IR, the one this version of SpecKit writes; bumped when its shape changes (2: effects
    /// are typed `EffectPattern`s).
    public var format = 2
    /// The specs, sorted by id.
    public var specs: [CompiledSpec]
    /// The test cases, in spec order, then row order.
    public var cases: [TestCase]

    /// Creates a suite.
    public init(specs: [CompiledSpec], cases: [TestCase]) {
        self.specs = specs
        self.cases = cases
    }
}
