/// One machine's analysis: the table as an executable model and every situation it reaches, searched once.
///
/// The compiler builds it while it checks the machine (its checks watch that one search) and the compilation carries
/// it (`SpecCompiler.Compilation.machineAnalyses`); the exhaustive exploration (`MachineExplorer`) and the random
/// walks (`MachineWalkModel`) read it rather than searching again. Outside a compilation they build it on demand with
/// `init(machine:)`, through the same search.
public struct MachineAnalysis: Sendable {
    /// The machine as an executable model.
    let model: MachineModel
    /// The situations the search found, in breadth-first order, and a shortest path to each.
    let reachability: MachineModel.Reachability

    /// Called once for every search of a machine's state space, when set: the tests count searches with it. A compile
    /// reads it once and hands it to the specs it compiles on other threads (a task-local value does not follow them).
    @TaskLocal static var searchObserver: (@Sendable () -> Void)?

    /// The machine's analysis, outside a compilation.
    public init(machine: Machine) {
        self.init(model: MachineModel(machine: machine), observer: Self.searchObserver) { _, _, _, _, _ in nil }
    }

    /// Searches the state space of `model` (the one place that does), `visit` watching the search as in
    /// `MachineModel.search(maximumConfigurations:maximumOutcomes:visit:)`; `observer` is told of the search.
    init(model: MachineModel, observer: (@Sendable () -> Void)?, maximumOutcomes: Int = MachineCompiler.maximumOutcomes,
         visit: (Int, MachineModel.Configuration, Int, [NamedValue], MachineModel.Outcome) -> TestStep?) {
        observer?()
        self.model = model
        reachability = model.search(maximumConfigurations: MachineCompiler.maximumConfigurations,
                                    maximumOutcomes: maximumOutcomes, visit: visit)
    }

    /// The machine analysed.
    public var machine: Machine { model.machine }

    /// `given` when it is the analysis of `machine` (as the compilation carries it), else `machine` analysed now: an
    /// analysis of another machine is never read in its place.
    static func of(_ machine: Machine, given: MachineAnalysis?) -> MachineAnalysis {
        if let given, given.machine == machine { return given }
        return MachineAnalysis(machine: machine)
    }
}
