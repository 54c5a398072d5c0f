/// An effect a core emitted, as a fixture reports it: a name and typed arguments, each optionally labelled.
///
/// `analytics(pin_failure, attempt_number=1)` is `Effect("analytics", [.init(.symbol("pin_failure")),
/// .init("attempt_number", .int(1))])`. Effects cross from the fixtures to the runner and the reports as values;
/// their text form (`description`) is only for reading.
public struct Effect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The effect's name, e.g. `analytics`.
    public var name: String
    /// The arguments, in the order the core gives them.
    public var arguments: [Argument]

    /// One argument: a value, with a label when the effect names it (`attempt_number=1`).
    public struct Argument: Hashable, Sendable, Codable {
        /// The label, or nil for a positional argument.
        public var label: String?
        /// The value.
        public var value: Value

        /// A positional argument.
        public init(_ value: Value) { self.init(nil, value) }

        /// A labelled argument.
        public init(_ label: String?, _ value: Value) {
            self.label = label
            self.value = value
        }
    }

    /// Creates an effect.
    public init(_ name: String, _ arguments: [Argument] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// `name` or `name(argument, label=argument)`, with a text quoted where a bare one would read differently.
    public var description: String { EffectPattern(exactly: self).description }
}

/// An effect a spec expects: a name and arguments, where an argument may be the wildcard `*` (any value, for values
/// the core measures, such as `time_ms=*`).
///
/// A pattern matches an effect with the same name whose positional arguments match in order and whose labelled
/// arguments match by label (in any order). A value matches an equal value; a symbol and a text with the same
/// characters match each other, since a bare word in a spec reads as either.
public struct EffectPattern: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The effect's name.
    public var name: String
    /// The expected arguments.
    public var arguments: [Argument]

    /// What an argument must be.
    public enum Match: Hashable, Sendable {
        /// This value (or a symbol/text with the same characters).
        case value(Value)
        /// Any value (`*`).
        case any
    }

    /// One expected argument, optionally labelled.
    public struct Argument: Hashable, Sendable, Codable {
        /// The label, or nil for a positional argument.
        public var label: String?
        /// What the argument must be.
        public var match: Match

        /// Creates an argument.
        public init(_ label: String?, _ match: Match) {
            self.label = label
            self.match = match
        }

        private enum Key: String, CodingKey { case label, value, any }

        /// Encodes `{"label":…, "value":{…}}` or `{"label":…, "any":true}`.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeIfPresent(label, forKey: .label)
            switch match {
            case .value(let v): try c.encode(v, forKey: .value)
            case .any: try c.encode(true, forKey: .any)
            }
        }

        /// Decodes what `encode(to:)` writes.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            label = try c.decodeIfPresent(String.self, forKey: .label)
            if let v = try c.decodeIfPresent(Value.self, forKey: .value) {
                match = .value(v)
            } else if try c.decodeIfPresent(Bool.self, forKey: .any) == true {
                match = .any
            } else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an effect argument needs 'value' or 'any'"))
            }
        }
    }

    /// Creates a pattern.
    public init(_ name: String, _ arguments: [Argument] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// The pattern that matches exactly this effect.
    public init(exactly effect: Effect) {
        self.init(effect.name, effect.arguments.map { Argument($0.label, .value($0.value)) })
    }

    /// Whether `effect` is one this pattern describes.
    public func matches(_ effect: Effect) -> Bool {
        guard effect.name == name, effect.arguments.count == arguments.count else { return false }
        let positional = arguments.filter { $0.label == nil }
        let actualPositional = effect.arguments.filter { $0.label == nil }
        guard positional.count == actualPositional.count,
              zip(positional, actualPositional).allSatisfy({ Self.matches($0.match, $1.value) }) else { return false }
        var labelled: [String: Value] = [:]
        for argument in effect.arguments {
            guard let label = argument.label else { continue }
            guard labelled.updateValue(argument.value, forKey: label) == nil else { return false }
        }
        for argument in arguments {
            guard let label = argument.label else { continue }
            guard let actual = labelled.removeValue(forKey: label), Self.matches(argument.match, actual) else { return false }
        }
        return labelled.isEmpty
    }

    private static func matches(_ match: Match, _ actual: Value) -> Bool {
        switch match {
        case .any: true
        case .value(let expected): expected.agrees(with: actual)
        }
    }

    /// Whether the emitted effects are exactly the expected ones, as multisets: every pattern matches a different
    /// effect and none is left over.
    public static func multisetMatches(_ patterns: [EffectPattern], _ effects: [Effect]) -> Bool {
        guard patterns.count == effects.count else { return false }
        // Exact patterns first, so the wildcards take what is left; backtracking over the few effects one step emits.
        let ordered = patterns.sorted { !$0.hasWildcard && $1.hasWildcard }
        var used = [Bool](repeating: false, count: effects.count)
        func assign(_ i: Int) -> Bool {
            guard i < ordered.count else { return true }
            for j in effects.indices where !used[j] && ordered[i].matches(effects[j]) {
                used[j] = true
                if assign(i + 1) { return true }
                used[j] = false
            }
            return false
        }
        return assign(0)
    }

    /// Whether any argument is `*`.
    public var hasWildcard: Bool { arguments.contains { $0.match == .any } }

    /// `name` or `name(argument, label=*)`, as a spec writes it.
    public var description: String {
        guard !arguments.isEmpty else { return name }
        let args = arguments.map { argument -> String in
            let value = switch argument.match {
            case .any: "*"
            case .value(let v): EffectSyntax.render(v)
            }
            return (argument.label.map { "\($0)=" } ?? "") + value
        }
        return "\(name)(\(args.joined(separator: ", ")))"
    }
}

extension Value {
    /// Whether an observed value agrees with this expected one: equal values, or a symbol and a text with the same
    /// characters (a bare word in a spec may name an enumeration member or a text the core shows).
    public func agrees(with actual: Value) -> Bool {
        if self == actual { return true }
        switch (self, actual) {
        case (.symbol(let a), .text(let b)), (.text(let a), .symbol(let b)): return a == b
        default: return false
        }
    }
}

extension EffectPattern {
    /// The patterns no emitted effect is left for, and the effects no pattern takes, matched one by one (exact patterns
    /// first, so a wildcard takes what is left): what two lists that disagree differ in, for a note beside them.
    public static func unmatched(_ patterns: [EffectPattern], _ effects: [Effect]) -> (patterns: [EffectPattern], effects: [Effect]) {
        var left = effects
        var named: [EffectPattern] = []
        for pattern in patterns.sorted(by: { !$0.hasWildcard && $1.hasWildcard }) {
            if let i = left.firstIndex(where: pattern.matches) { left.remove(at: i) } else { named.append(pattern) }
        }
        return (named, left)
    }

    /// For two effects lists that disagree, of which one has several, the effects only one side has (`of these
    /// effects, only the spec names a(2); only the core emitted a(3)`), each side as `patternsSide` and `effectsSide`
    /// say it: two long lists side by side do not show it. Nil when neither has several, or each matches the other.
    public static func onlyOneSide(_ patterns: [EffectPattern], _ effects: [Effect], patternsSide: String, effectsSide: String) -> String? {
        guard max(patterns.count, effects.count) > 1 else { return nil }
        let (named, left) = unmatched(patterns, effects)
        guard !named.isEmpty || !left.isEmpty else { return nil }
        let list = { (items: [String]) in items.isEmpty ? "none" : items.joined(separator: ", ") }
        return "of these effects, only \(patternsSide) \(list(named.map(\.description))); only \(effectsSide) \(list(left.map(\.description)))"
    }

    /// Whether some effects could match both lists of patterns: the same count, and each exact list matched by the
    /// other; where both hold wildcards, the same names and labels, whatever the arguments.
    static func compatible(_ a: [EffectPattern], _ b: [EffectPattern]) -> Bool {
        guard a.count == b.count else { return false }
        if let effects = b.exactEffects { return multisetMatches(a, effects) }
        if let effects = a.exactEffects { return multisetMatches(b, effects) }
        let shape = { (p: EffectPattern) in [p.name] + p.arguments.map { $0.label ?? "" } }
        return a.map(shape).sorted { $0.lexicographicallyPrecedes($1) } == b.map(shape).sorted { $0.lexicographicallyPrecedes($1) }
    }
}

extension Array where Element == EffectPattern {
    /// The effects these patterns describe when none has a wildcard.
    var exactEffects: [Effect]? {
        guard !contains(where: \.hasWildcard) else { return nil }
        return map { pattern in
            Effect(pattern.name, pattern.arguments.map { argument in
                guard case .value(let value) = argument.match else { return Effect.Argument(argument.label, .text("")) }
                return Effect.Argument(argument.label, value)
            })
        }
    }
}
