import Foundation
import Synchronization
import Testing
import AppLockFixtures
@testable import Conformance
@testable import SpecKit

/// Each machine's state space is searched once per compilation: the compiler's analysis is the one the exploration
/// and the random walks read (issue 30, part 5).
@Suite("A machine is searched once")
struct SearchOnceTests {
    static let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Samples/specs").path

    /// Counts the searches `body` makes (`MachineAnalysis.searchObserver`).
    static func searches(_ body: () throws -> Void) rethrows -> Int {
        let count = Mutex(0)
        try MachineAnalysis.$searchObserver.withValue({ count.withLock { $0 += 1 } }) { try body() }
        return count.withLock { $0 }
    }

    @Test("specs/: compile, explore and walk search each machine once")
    func compileExploreWalkSearchOncePerMachine() throws {
        var machines: [String] = []
        var explored: [MachineExploration] = []
        var compilation: SpecCompiler.Compilation?
        let searches = try Self.searches {
            let compiled = try ConformanceRun.compile([Self.specs], registry: .standard)
            machines = compiled.specs.filter { $0.kind == .machine }.map(\.id)
            explored = ConformanceExploration.models(compiled, maximumTransitions: MachineExplorer.defaultMaximumTransitions)
            let walks = ConformanceExploration.walk(compiled, specs: nil, options: RandomWalks.Options(walks: 3, length: 5),
                                                    paths: [Self.specs], fixtures: FixtureRegistry.standard.fixtureTypes)
            #expect(walks.map(\.spec) == machines)
            compilation = compiled
        }
        #expect(machines.count > 5)
        #expect(searches == machines.count)
        let compiled = try #require(compilation)
        #expect(compiled.machineAnalyses.keys.sorted() == machines)
        #expect(explored.filter { $0.table == nil }.map(\.spec) == machines)
    }

    @Test("an explorer or a walk model outside a compilation (or given another machine's analysis) analyses its machine itself, once, and predicts the same")
    func onDemandMatchesTheCompilation() throws {
        let compiled = try ConformanceRun.compile([Self.specs], registry: .standard)
        for spec in compiled.specs where spec.kind == .machine {
            var alone: MachineExploration?
            let searches = Self.searches { alone = MachineExplorer.explore(spec) }
            #expect(searches == 1)
            #expect(alone == MachineExplorer.explore(spec, analysis: compiled.machineAnalyses[spec.id]), "\(spec.id)")
            // Another machine's analysis is not read in its place.
            let other = compiled.machineAnalyses.filter { $0.key != spec.id }.min { $0.key < $1.key }?.value
            #expect(alone == MachineExplorer.explore(spec, analysis: other), "\(spec.id)")
            let own = try #require(MachineWalkModel(spec: spec))
            let shared = try #require(MachineWalkModel(spec: spec, analysis: compiled.machineAnalyses[spec.id]))
            #expect(own.walk(seed: 7, length: 20) == shared.walk(seed: 7, length: 20), "\(spec.id)")
        }
    }
}
