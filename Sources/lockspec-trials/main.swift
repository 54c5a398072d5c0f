// lockspec-trials: the process side of Scripts/trials. Each subcommand is one short-lived process so the script can
// kill it with SIGKILL at a random moment, relaunch, and check what the store kept. It drives AppLockCore only
// through its public API and a real FileStore; it never reads specs.
import Foundation
import AppLockCore

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: lockspec-trials worker medtime|dual <dir> <seed>   run a workload, printing 'begin'/'ack' lines, until killed
           lockspec-trials check medtime|dual <dir> <log>     relaunch on <dir> and check the invariants against <log>
           lockspec-trials write <dir> <writer> <count>       write <count> distinct keys into <dir>/store
           lockspec-trials count <dir> <expected>             check that <dir>/store holds <expected> keys
           lockspec-trials diskfull medtime|dual <dir>        attempts while every write fails, then the check

    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

/// Prints one line at once (no buffering), so a kill never loses an acknowledged step.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard arguments.count >= 3 else { fail(usage) }
switch (arguments[0], arguments.count) {
case ("worker", 4):
    guard let seed = UInt64(arguments[3]) else { fail(usage) }
    try workload(named: arguments[1]).run(in: arguments[2], seed: seed)
case ("check", 4):
    let log = (try? String(contentsOfFile: arguments[3], encoding: .utf8)) ?? ""
    let violations = try workload(named: arguments[1]).check(in: arguments[2], log: log)
    for v in violations { say("violation: \(v)") }
    exit(violations.isEmpty ? 0 : 1)
case ("write", 4):
    guard let count = Int(arguments[3]) else { fail(usage) }
    let store = FileStore(path: arguments[1] + "/store")
    for i in 0..<count { try store.set([1], forKey: "w\(arguments[2]).\(i)") }
case ("count", 3):
    guard let expected = Int(arguments[2]) else { fail(usage) }
    let found = try FileStore(path: arguments[1] + "/store").keys().count
    say("keys: \(found) of \(expected)")
    exit(found == expected ? 0 : 1)
case ("diskfull", 3):
    let violations = try workload(named: arguments[1]).diskFull(in: arguments[2])
    for v in violations { say("violation: \(v)") }
    exit(violations.isEmpty ? 0 : 1)
default:
    fail(usage)
}
