import SpecKit

/// Combines shard results into one run. The shards must agree on the tool, the build under test (commit and dirty
/// flag), every spec's fingerprint and every design document's fingerprint; the merged run keeps every document any
/// shard fingerprinted. A case may appear in only one shard. Cases come back in suite order (spec id, row line, case id).
/// The merged identity starts at the earliest shard's time and names no shard.
public func mergeRunResults(_ parts: [RunResult]) throws -> RunResult {
    guard let first = parts.first else { throw RunMergeError.noParts }
    var fingerprints: [String: SpecFingerprint] = [:]
    var documents: [String: DocumentFingerprint] = [:]
    var specs: [String: CompiledSpec] = [:]
    var seen: Set<[String]> = []
    var cases: [CaseResult] = []
    var startedAt = first.identity.startedAt
    for part in parts {
        if part.identity.tool != first.identity.tool { throw RunMergeError.toolDiffers(first.identity.tool, part.identity.tool) }
        if !part.identity.build.sameBuild(as: first.identity.build) {
            throw RunMergeError.coreDiffers(first.identity.build.description, part.identity.build.description)
        }
        for print in part.identity.documents {
            if let known = documents[print.name], known != print {
                throw RunMergeError.documentDiffers(document: print.name, first: known.sha256, second: print.sha256)
            }
            documents[print.name] = print
        }
        startedAt = min(startedAt, part.identity.startedAt)
        for print in part.identity.specs {
            if let known = fingerprints[print.id], known != print {
                throw RunMergeError.specDiffers(spec: print.id, first: "\(known.file) sha256 \(known.sha256)",
                                                second: "\(print.file) sha256 \(print.sha256)")
            }
            fingerprints[print.id] = print
        }
        for spec in part.specs {
            if let known = specs[spec.id], known != spec {
                throw RunMergeError.specDiffers(spec: spec.id, first: "\(known.file) sha256 \(known.sha256)",
                                                second: "\(spec.file) sha256 \(spec.sha256)")
            }
            specs[spec.id] = spec
        }
        for c in part.cases {
            guard seen.insert([c.spec, c.id]).inserted else { throw RunMergeError.duplicateCase(spec: c.spec, id: c.id) }
            cases.append(c)
        }
    }
    cases.sort { a, b in
        if a.spec != b.spec { return a.spec < b.spec }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return a.id < b.id
    }
    let identity = RunIdentity(tool: first.identity.tool, build: first.identity.build, startedAt: startedAt,
                               specs: fingerprints.values.sorted { $0.id < $1.id },
                               documents: documents.values.sorted { $0.name < $1.name }, shard: nil)
    return RunResult(identity: identity, specs: specs.values.sorted { $0.id < $1.id }, cases: cases)
}
