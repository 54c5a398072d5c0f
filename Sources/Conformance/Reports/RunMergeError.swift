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
    /// A product file, the section reasons or the expected failures differ between two shards (their SHA-256).
    case inputDiffers(file: String, first: String, second: String)
    /// The shards of one split ran with different settings (exploring or not, other input files), said how.
    case settingsDiffer(String)
    /// The same case appears in two shards.
    case duplicateCase(spec: String, id: String)
    /// Some results are shards and some are whole runs, or a shard's `I/N` does not read.
    case shardMixed(String)
    /// Shards of different splits (`1/3` beside `2/4`).
    case shardCountsDiffer(String, String)
    /// The same shard given twice.
    case shardTwice(String)
    /// Shards of the split are missing, so the merged run would claim less than it checked.
    case shardsMissing(count: Int, missing: [Int])

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
        case .inputDiffers(let file, let a, let b):
            "'\(file)' differs between shards: sha256 \(a) and \(b); rerun every shard on the same checkout"
        case .settingsDiffer(let how):
            how
        case .duplicateCase(let spec, let id):
            "case '\(id)' of spec '\(spec)' appears in more than one of the results merged (each case belongs to one shard)"
        case .shardMixed(let what):
            "\(what); give every shard of one split (each run with --shard I/N), or one whole run"
        case .shardCountsDiffer(let a, let b):
            "the results come from different splits: shard \(a) beside shard \(b)"
        case .shardTwice(let shard):
            "shard \(shard) is given twice"
        case .shardsMissing(let count, let missing):
            "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) of \(count) "
                + "\(missing.count == 1 ? "is" : "are") missing: the merged run would report fewer cases than the suite has"
        }
    }
}
