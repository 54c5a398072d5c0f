/// The password recommendations of §2: at least 8 characters; an all-digit PIN at least 6 digits; main ≠ decoy.
public enum PasswordPolicy {
    /// Minimum characters of a general password.
    public static let minimumCharacters = 8
    /// Minimum digits of an all-digit PIN.
    public static let minimumPINDigits = 6

    /// Throws when `password` is too weak.
    public static func check(_ password: SecretBytes) throws(PasswordPolicyError) {
        let (characters, allDigits) = password.withUnsafeBytes { bytes -> (Int, Bool) in
            let text = String(decoding: bytes, as: UTF8.self)
            return (text.count, !bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) })
        }
        if allDigits {
            guard characters >= minimumPINDigits else { throw .pinTooShort }
        } else {
            guard characters >= minimumCharacters else { throw .tooShort }
        }
    }

    /// Throws when either password is too weak or they are equal (compared in constant time).
    public static func check(main: SecretBytes, decoy: SecretBytes) throws(PasswordPolicyError) {
        try check(main)
        try check(decoy)
        guard main != decoy else { throw .sameAsOther }
    }
}
