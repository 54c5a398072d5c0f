/// Why a credential operation could not run. The descriptions never contain a secret.
public enum CredentialError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stored KDF parameters are outside the accepted bounds: the record is refused, never run.
    case parametersOutOfBounds
    /// A salt of the wrong length.
    case invalidSalt
    /// A persisted credential record is malformed (wrong length, version or algorithm).
    case malformedRecord
    /// The KDF or the AEAD library reported an error.
    case cryptoFailure
    /// libsodium could not be initialised.
    case libraryUnavailable

    /// A neutral, secret-free explanation.
    public var description: String {
        switch self {
        case .parametersOutOfBounds: "credential parameters out of bounds"
        case .invalidSalt: "credential salt has the wrong length"
        case .malformedRecord: "credential record is malformed"
        case .cryptoFailure: "cryptographic operation failed"
        case .libraryUnavailable: "cryptographic library unavailable"
        }
    }
}
