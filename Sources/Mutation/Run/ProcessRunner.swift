import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a child process in a process group of its own, with its output to a file and a deadline: past it the whole
/// group is killed, so a hanging gate (and anything it started) never outlives its timeout.
public enum ProcessRunner {
    /// How a child ended.
    public enum Ending: Sendable, Equatable {
        /// It exited with this code.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
        /// It outlived the deadline and was killed.
        case timedOut
        /// It could not be started (the `errno` text).
        case notStarted(String)
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` added to this process's environment,
    /// stdout and stderr to `log` (created or truncated). Returns how it ended and its wall time in seconds.
    public static func run(_ executable: String, _ arguments: [String], in directory: String,
                           environment: [String: String] = [:], removing: Set<String> = [],
                           log: String, timeout: Double?) -> (ending: Ending, seconds: Double) {
        let started = Date()
        var env = ProcessInfo.processInfo.environment
        for key in removing { env[key] = nil }
        for (key, value) in environment { env[key] = value }
        // The shell changes to the folder, then becomes the child itself (exec), so the pid and group are the child's.
        let argv = ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", directory, executable] + arguments
        let envp = env.map { "\($0.key)=\($0.value)" }.sorted()
        var pid: pid_t = 0
        let spawned = withSpawnSetup(log: log) { actions, attributes in
            withCStrings(argv) { cArgv in
                withCStrings(envp) { cEnv in posix_spawn(&pid, "/bin/sh", actions, attributes, cArgv, cEnv) }
            }
        }
        guard spawned == 0 else { return (.notStarted(String(cString: strerror(spawned))), 0) }
        let ending = wait(for: pid, deadline: timeout.map { started.addingTimeInterval($0) })
        return (ending, Date().timeIntervalSince(started))
    }

    private static func wait(for pid: pid_t, deadline: Date?) -> Ending {
        var status: Int32 = 0
        var pause: useconds_t = 2_000
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return ending(status) }
            if r < 0 { return .notStarted("waitpid: \(String(cString: strerror(errno)))") }
            if let deadline, Date() >= deadline {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .timedOut
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    private static func ending(_ status: Int32) -> Ending {
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }

    private static func withSpawnSetup(log: String,
                                       _ body: (UnsafePointer<posix_spawn_file_actions_t>,
                                                UnsafePointer<posix_spawnattr_t>) -> Int32) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        return body(&actions, &attributes)
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
