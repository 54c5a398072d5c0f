import Foundation
import AppLockCore

/// A workload the trials run against a real FileStore: what it does until killed, and what must hold after.
protocol Workload {
    /// Runs steps forever, printing `begin <op>` before and `ack <state>` after each, until the process is killed.
    func run(in dir: String, seed: UInt64) throws
    /// Relaunches on the store and lists every invariant the store breaks, given the worker's log.
    func check(in dir: String, log: String) throws -> [String]
    /// Fills the disk after set-up, makes wrong attempts, frees it, relaunches and lists the violations.
    func diskFull(in dir: String) throws -> [String]
}

/// The workload with this name.
func workload(named name: String) -> any Workload {
    switch name {
    case "medtime": return MedTimeWorkload()
    case "dual": return DualPasswordWorkload()
    default: fail("unknown workload '\(name)' (medtime, dual)")
    }
}

/// Fills the file system holding `dir` until a write fails (ENOSPC), with one file `dir/filler`.
func fillDisk(_ dir: String) {
    let fd = open(dir + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let block = [UInt8](repeating: 0xAA, count: 4096)
    while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    var byte: [UInt8] = [0xAA]
    while byte.withUnsafeMutableBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
    _ = fsync(fd)
}

/// The worker's log, read back: the last acknowledged state and the operation in flight when it was killed.
struct WorkerLog {
    /// Key-value pairs of the last `ack` line.
    var acked: [String: String] = [:]
    /// Every `ack` line's pairs, in order.
    var history: [[String: String]] = []
    /// The operation begun after the last ack, if any.
    var inFlight: String?

    init(_ text: String) {
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let head = words.first else { continue }
            if head == "begin" {
                inFlight = words.dropFirst().joined(separator: " ")
            } else if head == "ack" {
                acked = Dictionary(words.dropFirst().compactMap { pair -> (String, String)? in
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    return parts.count == 2 ? (parts[0], parts[1]) : nil
                }, uniquingKeysWith: { _, b in b })
                history.append(acked)
                inFlight = nil
            }
        }
    }

    /// An acknowledged integer value (nil before the first ack).
    func int(_ key: String) -> Int64? { acked[key].flatMap { Int64($0) } }

    /// Whether any ack carried `key=value`.
    func everAcked(_ key: String, _ value: String) -> Bool { history.contains { $0[key] == value } }
}

/// Files under `dir` whose names the store uses, for the "nothing openable" checks.
func storeFiles(in dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix("store") && !$0.hasSuffix(".lock") }.sorted()
}
