/// The arguments a fixture's effect carries as the fixture reports it: its arguments without a label, in order, each
/// with the values it can take, then its labelled ones by label, each of which may be absent (`labels` nil: any label,
/// any value). A text type takes any value, as an effect's text argument matches whatever reads back as that text.
///
/// Lint checks the effects a spec writes against it (`checkFixtureValues`), and the fixture checks every effect it
/// reports against it, so the two cannot drift apart: a value the fixture can never report is a lint error at the
/// effect, not a divergence at run time.
public struct EffectSignature: Hashable, Sendable {
    /// The arguments without a label, in order.
    public var positional: [FixtureType]
    /// How many of the arguments without a label must be given (the rest may be left out from the end).
    public var required: Int
    /// The labelled arguments by label (each optional), or nil when any label and value may come.
    public var labels: [String: FixtureType]?
    /// The labels the effect carries with each value of its first argument (MedTime's `output(onPINFail, …)` carries
    /// `attempts_remaining`, `output(onPINComplete)` none), or nil when any of `labels` may come with any.
    public var labelsByFirst: [String: Set<String>]?

    /// Creates a signature; the default is an effect with no arguments. `required` (default: all) is how many of the
    /// arguments without a label must be given.
    public init(positional: [FixtureType] = [], required: Int? = nil, labels: [String: FixtureType]? = [:],
                labelsByFirst: [String: Set<String>]? = nil) {
        self.positional = positional
        self.required = min(required ?? positional.count, positional.count)
        self.labels = labels
        self.labelsByFirst = labelsByFirst
    }

    /// The first way `arguments` do not fit, or nil when they do. A nil value is one not known before the run (`*`,
    /// or a `${name}` filled in later): only its place and label are checked.
    public func problem(with arguments: [(label: String?, value: Value?)]) -> DomainError? {
        let unlabelled = arguments.filter { $0.label == nil }
        guard (required...positional.count).contains(unlabelled.count) else {
            let takes = positional.isEmpty ? "no argument"
                : required < positional.count ? "\(required) to \(positional.count) arguments"
                : required == 1 ? "1 argument" : "\(required) arguments"
            return DomainError(message: "it takes \(takes) without a label, not \(unlabelled.count)", hint: nil)
        }
        for (index, (argument, type)) in zip(unlabelled, positional).enumerated() {
            if let value = argument.value, let p = Self.problem(value, type) {
                return DomainError(message: "its argument \(index + 1): \(p.message)", hint: p.hint)
            }
        }
        guard let labels else { return nil }
        // The labels the first argument's value carries, when they depend on it.
        let first = unlabelled.first?.value?.description
        let carried = first.flatMap { labelsByFirst?[$0] }
        for argument in arguments {
            guard let label = argument.label else { continue }
            guard let type = labels[label] else {
                let known = labels.keys.sorted()
                return DomainError(message: "it has no argument '\(label)' (\(known.isEmpty ? "it takes no labelled arguments" : "its labels: " + known.joined(separator: ", ")))",
                                   hint: Suggest.didYouMean(label, in: known))
            }
            if let value = argument.value, let p = Self.problem(value, type) {
                return DomainError(message: "its argument '\(label)': \(p.message)", hint: p.hint)
            }
            if let first, let carried, !carried.contains(label) {
                return DomainError(message: "with \(first) it has no argument '\(label)' (\(carried.isEmpty ? "\(first) carries no labelled argument" : "its labels there: " + carried.sorted().joined(separator: ", ")))", hint: nil)
            }
        }
        // An effect matches only with every label it carries, so one left out can never match.
        if let first, let missing = carried?.subtracting(arguments.compactMap(\.label)).sorted().first {
            return DomainError(message: "with \(first) it always reports '\(missing)'", hint: "write \(missing)=* to accept any value")
        }
        return nil
    }

    /// The effect as the fixture can report it: `startAuthentication([deviceOwnerAuthentication, …])`, an argument
    /// that may be left out marked `?`, labelled arguments as `label=type`, and `…` where any label may come. Long
    /// lists of names are cut (`Domain.brief`) unless `full`.
    public func written(_ name: String, full: Bool = false) -> String {
        func type(_ type: FixtureType) -> String {
            if !full, case .domain(let d) = type { return d.brief }
            return type.description
        }
        var parts = positional.indices.map { i in type(positional[i]) + (i < required ? "" : "?") }
        if let labels {
            parts += labels.keys.sorted().map { label in "\(label)=\(labels[label].map(type) ?? "")" }
        } else {
            parts.append("…")
        }
        return parts.isEmpty ? name : "\(name)(\(parts.joined(separator: ", ")))"
    }

    private static func problem(_ value: Value, _ type: FixtureType) -> DomainError? {
        if case .domain(.text) = type { return nil }
        return type.problem(with: value)
    }
}
