import Foundation
import SpecKit

/// A divergence the random walks found, shrunk: the failing transition in the same shape as the tour's (situation,
/// event, row, the shrunk path and the cells that differ), how it was found and shrunk, the ready-to-paste scenario
/// and the command that replays the walks.
public struct WalkDivergence: Codable, Hashable, Sendable {
    /// The shrunk counterexample's failing transition; `divergence.path` is the shrunk sequence before the event.
    public var divergence: ExplorationDivergence
    /// The first walk (0-based) that failed this way.
    public var walk: Int
    /// The steps of that walk up to and including the one that diverged.
    public var found: Int
    /// The steps of the shrunk counterexample, its failing event included.
    public var shrunk: Int
    /// The model's shortest path to the failing situation, plus the failing event: the shortest a counterexample
    /// ending in that situation and event can be (nil when the model's search stopped before the situation).
    public var shortest: Int?
    /// The candidates run while shrinking.
    public var runs: Int
    /// The counterexample as a `kind: scenarios` spec, ready to save next to the specs.
    public var scenario: String
    /// The file name to save it under (`<spec id>.yaml`).
    public var scenarioFile: String
    /// Where to save it: beside the machine's own file, whose folder a run of it reads (`specs/<spec id>.yaml`).
    public var savePath: String { Self.savePath(scenarioFile, besideSpecAt: divergence.file) }

    /// `file` in the folder of the spec file at `specFile`.
    static func savePath(_ file: String, besideSpecAt specFile: String) -> String {
        let folder = (specFile as NSString).deletingLastPathComponent
        return folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
    }
    /// The command that replays the walks that found it.
    public var replay: String

    /// Creates a value from all its fields.
    public init(divergence: ExplorationDivergence, walk: Int, found: Int, shrunk: Int, shortest: Int?, runs: Int,
                scenario: String, scenarioFile: String, replay: String) {
        self.divergence = divergence
        self.walk = walk
        self.found = found
        self.shrunk = shrunk
        self.shortest = shortest
        self.runs = runs
        self.scenario = scenario
        self.scenarioFile = scenarioFile
        self.replay = replay
    }
}
