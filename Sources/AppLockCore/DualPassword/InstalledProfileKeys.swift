/// The two profile keys set-up sealed into the slots (`DualPassword.install`), for the app to create each profile's
/// container with (§4: an unlock "解封 … 主密钥，初始化 … 容器", unseals the profile's key and opens its container).
/// The core keeps no copy: after set-up only a password that opens a slot gives its key back (`DualPassword.profileKey`).
/// Each key is zeroed when the app's last reference lets it go; `description` names no byte.
public struct InstalledProfileKeys: Sendable, CustomStringConvertible {
    /// Real's profile key.
    public let real: SecretBytes
    /// Decoy's profile key.
    public let decoy: SecretBytes

    /// `<redacted>`: the keys are secrets.
    public var description: String { "InstalledProfileKeys(<redacted>)" }
}
