import SpecKit

/// Combines shard results into one run. The shards must agree on the tool, the build under test (commit and dirty
/// flag), every spec's fingerprint, every other input's (product files, section reasons, expected failures) and every
/// design document's fingerprint; the merged run keeps every input and document any
/// shard fingerprinted. A case may appear in only one shard. Cases come back in suite order (spec id, row line, then the
/// order the run gave a row's cases, so a whole run merged alone gives back its own reports byte for byte).
/// The merged identity starts at the earliest shard's time and names no shard. The section coverage and the product
/// values set with a decision come from the first shard that has them: every shard reads the same specs and product files.
public func mergeRunResults(_ parts: [RunResult]) throws -> RunResult {
    guard let first = parts.first else { throw RunMergeError.noParts }
    try checkShards(parts.map(\.identity.shard))
    try checkShardSettings(parts)
    var fingerprints: [String: SpecFingerprint] = [:]
    var documents: [String: DocumentFingerprint] = [:]
    var inputs: [String: InputFingerprint] = [:]
    var specs: [String: CompiledSpec] = [:]
    var seen: Set<[String]> = []
    var cases: [(case: CaseResult, position: Int)] = []
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
        for print in part.identity.inputs {
            if let known = inputs[print.file], known != print {
                throw RunMergeError.inputDiffers(file: print.file, first: known.sha256, second: print.sha256)
            }
            inputs[print.file] = print
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
                // The same file and hash with other compiled contents: a result file edited, or from another build.
                let same = known.file == spec.file && known.sha256 == spec.sha256
                throw RunMergeError.specDiffers(spec: spec.id, first: "\(known.file) sha256 \(known.sha256)",
                                                second: same ? "the same file and sha256 with other compiled rows (a result edited, or written by another build of lockspec)"
                                                    : "\(spec.file) sha256 \(spec.sha256)")
            }
            specs[spec.id] = spec
        }
        // Where the case stood in the suite: a shard I/N holds the suite's cases I-1, I-1+N, … in order, so its k-th
        // case stood at k·N + I-1; a whole run's k-th at k. The cases of one row keep the run's own order by it.
        let shard = part.identity.shard.flatMap(shardPosition) ?? (index: 1, count: 1)
        for (k, c) in part.cases.enumerated() {
            guard seen.insert([c.spec, c.id]).inserted else { throw RunMergeError.duplicateCase(spec: c.spec, id: c.id) }
            cases.append((c, k * shard.count + shard.index - 1))
        }
    }
    cases.sort { x, y in
        let (a, b) = (x.case, y.case)
        if a.spec != b.spec { return a.spec < b.spec }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return x.position < y.position
    }
    let identity = RunIdentity(tool: first.identity.tool, build: first.identity.build, startedAt: startedAt,
                               specs: fingerprints.values.sorted { $0.id < $1.id }, inputs: inputs.values.sorted { $0.file < $1.file },
                               documents: documents.values.sorted { $0.name < $1.name }, shard: nil)
    return RunResult(identity: identity, specs: specs.values.sorted { $0.id < $1.id }, cases: cases.map(\.case),
                     exploration: try mergeExplorations(parts.compactMap(\.exploration)),
                     sections: parts.first { $0.sections != nil }?.sections,
                     notReached: parts.contains { $0.notReached != nil } ? parts.reduce(0) { $0 + ($1.notReached ?? 0) } : nil,
                     productDecisions: parts.first { $0.productDecisions != nil }?.productDecisions)
}

/// The shards of one split must have run alike: all exploring or none (a shard run with --no-explore would leave its
/// share of the tour out of a merged headline that reads as whole), and with the same other inputs (an
/// expected-failures file in one shard only tolerates failures the others report).
func checkShardSettings(_ parts: [RunResult]) throws(RunMergeError) {
    let shards = parts.filter { $0.identity.shard != nil }
    guard let first = shards.first else { return }
    for part in shards.dropFirst() {
        let name = { (r: RunResult) in r.identity.shard ?? "?" }
        if (part.exploration == nil) != (first.exploration == nil) {
            let (explored, not) = first.exploration == nil ? (part, first) : (first, part)
            throw .settingsDiffer("shard \(name(explored)) explored and shard \(name(not)) did not (--no-explore, or --fail-fast stopped it); run every shard alike")
        }
        let limits = (first.exploration?.maximumTransitions, part.exploration?.maximumTransitions)
        if limits.0 != limits.1 {
            let limit = { (n: Int?) in n.map { "--max-transitions \($0)" } ?? "the default limit" }
            throw .settingsDiffer("shards \(name(first)) and \(name(part)) explored with \(limit(limits.0)) and \(limit(limits.1)); run every shard alike")
        }
        let (a, b) = (Set(first.identity.inputs.map(\.file)), Set(part.identity.inputs.map(\.file)))
        if a != b {
            let odd = a.symmetricDifference(b).sorted().joined(separator: ", ")
            throw .settingsDiffer("shards \(name(first)) and \(name(part)) read different files (\(odd)): an expected-failures file, say, given to one shard only; run every shard alike")
        }
    }
}

/// The shards' explorations as one: every machine's tour, coverage and findings (a machine explored in two parts is
/// refused, as a case is); nil when no part explored.
func mergeExplorations(_ parts: [RunExploration]) throws(RunMergeError) -> RunExploration? {
    guard !parts.isEmpty else { return nil }
    var seen: Set<String> = []
    for machine in parts.flatMap(\.result.machines) where !seen.insert(machine.spec).inserted {
        throw .duplicateCase(spec: machine.spec, id: "exploration")
    }
    return RunExploration(
        result: ExplorationResult(machines: parts.flatMap(\.result.machines), coverage: parts.flatMap(\.result.coverage),
                                  walks: parts.flatMap(\.result.walks)),
        findings: parts.flatMap(\.findings), maximumTransitions: parts.first?.maximumTransitions)
}

/// `I/N` as numbers, with 1 <= I <= N; nil for anything else.
private func shardPosition(_ text: String) -> (index: Int, count: Int)? {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
    return (index, count)
}

/// Shards must be every shard of one split, each once (`1/3`, `2/3`, `3/3`), and never mixed with whole runs. Whole
/// runs (of different `--spec` selections, say) merge freely; a case in two of them is still refused.
func checkShards(_ shards: [String?]) throws(RunMergeError) {
    let named = shards.compactMap { $0 }
    guard !named.isEmpty else { return }
    guard named.count == shards.count else { throw .shardMixed("some results are shards and some are whole runs") }
    var count: Int?
    var seen: Set<Int> = []
    for text in named {
        guard let (index, total) = shardPosition(text) else { throw .shardMixed("shard '\(text)' is not I/N") }
        if let count, count != total { throw .shardCountsDiffer("\(named[0])", text) }
        count = total
        guard seen.insert(index).inserted else { throw .shardTwice(text) }
    }
    if let count, seen.count != count {
        throw .shardsMissing(count: count, missing: (1...count).filter { !seen.contains($0) })
    }
}

/// Which of `parts` a merge failure belongs to, for locating it: the first part that cannot be merged with the parts
/// before it (0 when the failure is not between parts, such as shards missing from the split).
public func conflictingPart(_ parts: [RunResult]) -> Int {
    for k in parts.indices.dropFirst() {
        do {
            _ = try mergeRunResults(Array(parts[...k]))
        } catch RunMergeError.shardsMissing {
            continue  // a prefix of the shards lacks the later ones: not a conflict
        } catch {
            return k
        }
    }
    return 0
}
