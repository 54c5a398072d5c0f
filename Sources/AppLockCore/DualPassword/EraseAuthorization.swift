/// The unforgeable local value "decoy authenticated and erase enabled" (§4: the erase coordinator accepts nothing
/// else — no string, no boolean combination).
///
/// The initializer is private; `issue(for:eraseEnabled:)` is the only source, and it needs an `UnsealedSlot`, which
/// only a successful AEAD unseal can produce.
public struct EraseAuthorization: Sendable, CustomStringConvertible {
    /// The slot to overwrite: the one that is not the verified decoy.
    let targetIndex: Int

    private init(targetIndex: Int) {
        self.targetIndex = targetIndex
    }

    /// Issues the authorization only for a verified decoy slot with erase enabled.
    static func issue(for slot: UnsealedSlot, eraseEnabled: Bool) -> EraseAuthorization? {
        guard slot.role == .decoy, eraseEnabled, slot.index == 0 || slot.index == 1 else { return nil }
        return EraseAuthorization(targetIndex: 1 - slot.index)
    }

    /// A neutral name.
    public var description: String { "EraseAuthorization" }
}
