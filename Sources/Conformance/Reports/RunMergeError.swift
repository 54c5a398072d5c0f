/// Why shard results cannot be merged into one run.
public enum RunMergeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There was nothing to merge.
    case noParts
    /// Two shards were made by different versions of the tool.
    case toolDiffers(String, String)
    /// Two shards ran against different builds (commit or dirty flag).
    case coreDiffers(String, String)
    /// A design document's SHA-256 differs between two shards.
    case documentDiffers(document: String, first: String, second: String)
    /// A spec's file differs between two shards (its SHA-256 or file name).
    case specDiffers(spec: String, first: String, second: String)
    /// The same case appears in two shards.
    case duplicateCase(spec: String, id: String)

    /// The error as a sentence.
    public var description: String {
        switch self {
        case .noParts:
            "no results to merge"
        case .toolDiffers(let a, let b):
            "the shards were made by different tool versions: \(a) and \(b)"
        case .coreDiffers(let a, let b):
            "the shards ran against different builds: \(a) and \(b)"
        case .documentDiffers(let document, let a, let b):
            "design document '\(document)' differs between shards: sha256 \(a) and \(b); rerun every shard with the same documents"
        case .specDiffers(let spec, let a, let b):
            "spec '\(spec)' differs between shards: \(a) and \(b); rerun every shard on the same checkout"
        case .duplicateCase(let spec, let id):
            "case '\(id)' of spec '\(spec)' appears in more than one shard"
        }
    }
}
