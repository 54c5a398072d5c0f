/// What the machine table predicts for one step of a walk: the step to drive and check (its action, the full frame
/// after it and the exact effects, and the row that fires, nil where the table ignores the event), and the situation
/// it is taken in.
public struct WalkPrediction: Hashable, Sendable {
    /// The move.
    public var move: WalkMove
    /// The step, ready for the runner.
    public var step: TestStep
    /// The spec id.
    public var spec: String
    /// The control state before the step.
    public var state: String
    /// Every variable's value before the step.
    public var variables: [NamedValue]
    /// The length of a shortest path from the initial situation to the one before the step, when the model's
    /// breadth-first search reached it within its limit.
    public var depth: Int?
    /// The situation's index in the model's breadth-first order, for its shortest path.
    var situation: Int?

    /// The transition's stable id, the same the tour gives it: `EX-<spec>-<state>-<event>-<hash>` (worked out when
    /// asked: a walk needs it only where it diverges).
    public var transition: String {
        let (event, inputs): (String, [NamedValue]) = switch step.action {
        case .event(let name, let inputs): (name, inputs)
        case .advance(let ms) where ms < 0, .setClock(let ms): Machine.clockMove(ms)
        default: (step.action.description, [])
        }
        return MachineExplorer.transitionID(spec: spec, state: state, event: event, variables: variables, inputs: inputs)
    }
}
