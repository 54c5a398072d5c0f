import SpecKit

/// A machine exploration as a graph the greedy tour walks: situations are nodes, predicted transitions are edges, and
/// each edge leads to the situation the table predicts (read from the step's strict frame: the state and every
/// variable). Integer-coded, so the search for the next situation to visit compares no strings.
struct TourGraph {
    /// For each situation, for each of its transitions, the situation it leads to; nil when the prediction leads past
    /// the exploration's limit (the tour then starts a fresh fixture after firing it).
    let successors: [[Int?]]

    /// Builds the graph: the successor of a transition is the situation whose state and variables its frame names; a
    /// decision table's evaluation leaves the fixture where it was.
    init(_ exploration: MachineExploration) {
        var index: [[Value]: Int] = [:]
        for (i, situation) in exploration.situations.enumerated() {
            index[[.symbol(situation.state)] + situation.variables.map(\.value)] = i
        }
        successors = exploration.situations.enumerated().map { s, situation in
            situation.transitions.map { $0.step.action.isDecision ? s : index[$0.step.expect.map(\.value)] }
        }
    }

    /// A route: the (situation, transition) edges to follow, in order.
    typealias Route = [(situation: Int, transition: Int)]

    /// The shortest route from `start` to the nearest situation for which `wanted` holds (`start` itself at distance
    /// 0), over edges that `usable` allows; nil when none is reachable. Breadth first, edges in declaration order, so
    /// the route is the same from run to run.
    func nearest(from start: Int, wanted: (Int) -> Bool, usable: (Int, Int) -> Bool) -> (target: Int, route: Route)? {
        if wanted(start) { return (start, []) }
        var parent = [(situation: Int, transition: Int)?](repeating: nil, count: successors.count)
        var seen = [Bool](repeating: false, count: successors.count)
        seen[start] = true
        var queue = [start]
        var head = 0
        while head < queue.count {
            let s = queue[head]
            head += 1
            for (t, next) in successors[s].enumerated() {
                guard let next, !seen[next], usable(s, t) else { continue }
                seen[next] = true
                parent[next] = (s, t)
                if wanted(next) { return (next, route(to: next, parents: parent)) }
                queue.append(next)
            }
        }
        return nil
    }

    private func route(to target: Int, parents: [(situation: Int, transition: Int)?]) -> Route {
        var route: Route = []
        var node = target
        while let edge = parents[node] {
            route.append(edge)
            node = edge.situation
        }
        return route.reversed()
    }
}
