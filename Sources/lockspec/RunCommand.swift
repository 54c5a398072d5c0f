import SpecKit

let runCommand = Command(
    name: "run", overview: "Runs AppLockCore against every row (not yet available).", usage: "lockspec run [<path> ...]",
    arguments: [], options: [], valued: [], flags: [],
    run: { _ in throw Arguments.UsageError(message: "'run' is not available yet") })

let mergeCommand = Command(
    name: "merge", overview: "Merges the JSON results of shards (not yet available).", usage: "lockspec merge <file> ...",
    arguments: [], options: [], valued: [], flags: [],
    run: { _ in throw Arguments.UsageError(message: "'merge' is not available yet") })
