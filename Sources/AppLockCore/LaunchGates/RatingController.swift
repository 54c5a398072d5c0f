/// `RatingController.recordAction(_:)`: counts an action and says whether to call `requestReview`. The history is
/// persisted; an unreadable store never prompts.
public struct RatingController: Sendable, CustomStringConvertible {
    private let store: any KeyValueStore
    private let keyPrefix: String
    /// The persisted history.
    public private(set) var state: RatingState
    /// True when the history could not be read (no prompt then).
    public private(set) var storeIsCorrupt = false

    /// Loads the history from `store` under keys starting with `keyPrefix`.
    public init(store: any KeyValueStore, keyPrefix: String = "rating.") {
        self.store = store
        self.keyPrefix = keyPrefix
        do {
            let actions = try ByteCoding.decodeCount(store.value(forKey: keyPrefix + "actions"))
            let lastAt = try ByteCoding.decodeInstant(store.value(forKey: keyPrefix + "last"))
            let version = try store.value(forKey: keyPrefix + "version").map { bytes throws(StoreError) in
                guard let text = String(validating: bytes, as: UTF8.self) else { throw .corrupt }
                return text
            }
            let history = try store.value(forKey: keyPrefix + "history") ?? []
            guard history.count % 8 == 0 else { throw StoreError.corrupt }
            var prompts: [Instant] = []
            for start in stride(from: 0, to: history.count, by: 8) {
                if let instant = try ByteCoding.decodeInstant(Array(history[start..<start + 8])) {
                    prompts.append(instant)
                }
            }
            state = RatingState(
                actionsSinceLastPrompt: actions, lastPromptAt: lastAt, lastPromptedVersion: version,
                recentPrompts: prompts)
        } catch {
            state = RatingState()
            storeIsCorrupt = true
        }
    }

    /// Records one action at `now` in app `version`; true when a review should be requested (the count then
    /// resets to 0 and the prompt is remembered).
    public mutating func recordAction(version: String, now: Instant) -> Bool {
        guard !storeIsCorrupt else { return false }
        var next = state
        next.actionsSinceLastPrompt += 1
        let prompt = RatingPolicy.shouldPrompt(next, version: version, now: now)
        if prompt {
            next.actionsSinceLastPrompt = 0
            next.lastPromptAt = now
            next.lastPromptedVersion = version
            next.recentPrompts = next.recentPrompts.filter { now - $0 < RatingPolicy.capWindow } + [now]
        }
        var changes = [StoreChange(key: keyPrefix + "actions", value: ByteCoding.encodeCount(next.actionsSinceLastPrompt))]
        if prompt {
            changes += [
                StoreChange(key: keyPrefix + "last", value: ByteCoding.encodeInstant(now)),
                StoreChange(key: keyPrefix + "version", value: Array(version.utf8)),
                StoreChange(key: keyPrefix + "history", value: next.recentPrompts.flatMap(ByteCoding.encodeInstant)),
            ]
        }
        guard (try? store.update(changes)) != nil else { return false }
        state = next
        return prompt
    }

    /// The history.
    public var description: String { state.description }
}
