/// One step a random walk can take: an event with one of its input atoms (a relaunch the model plans is one of its
/// events), or the clock set back or forward by one of the machine's amounts. Moves are indices into the machine's plans, so a
/// walk is a short list of small numbers that the model turns into test steps with their predictions
/// (`MachineWalkModel.predict`).
public enum WalkMove: Hashable, Sendable {
    /// Event `event` (its index in the machine's `events:`) with input combination `atom` (its index among the
    /// combinations the compiler tries for rows; 0 is the first, the simplest).
    case event(Int, atom: Int)
    /// Set the device clock by milliseconds, back when negative, forward when positive; no time passes.
    case setClock(milliseconds: Int)
}
