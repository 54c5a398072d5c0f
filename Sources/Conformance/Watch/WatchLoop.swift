import Foundation

/// The loop behind `lockspec watch`: report once, then poll the watched files every `interval` seconds and report
/// after each settled change, until `shouldStop` says so. The clock, the sleep, the snapshots and the output are all
/// injected, so a test can run it without time passing or files changing.
public struct WatchLoop: Sendable {
    /// What the loop needs from the world.
    public struct Environment: Sendable {
        /// The current time, in seconds (any origin).
        public var now: @Sendable () -> Double
        /// Waits this many seconds.
        public var sleep: @Sendable (Double) -> Void
        /// A snapshot of the watched files.
        public var snapshot: @Sendable () -> FileSnapshot
        /// Whether to stop (Ctrl-C was pressed); checked before every poll.
        public var shouldStop: @Sendable () -> Bool

        /// Creates an environment.
        public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) -> Void,
                    snapshot: @escaping @Sendable () -> FileSnapshot, shouldStop: @escaping @Sendable () -> Bool) {
            self.now = now
            self.sleep = sleep
            self.snapshot = snapshot
            self.shouldStop = shouldStop
        }

        /// The real world: the monotonic clock, `usleep`, and snapshots of `paths` on disk.
        public static func live(paths: [String], shouldStop: @escaping @Sendable () -> Bool) -> Environment {
            Environment(now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
                        sleep: { usleep(UInt32(max(0, $0) * 1e6)) },
                        snapshot: { FileSnapshot.take(paths) }, shouldStop: shouldStop)
        }
    }

    /// How often to poll (seconds).
    public var interval: Double
    /// How long a change must be quiet before the watch reacts (seconds).
    public var settle = 0.05

    /// Creates a loop polling every `interval` seconds (default 0.15).
    public init(interval: Double = 0.15) {
        self.interval = interval
    }

    /// Runs until `environment.shouldStop()`; `report` receives the first report and one per settled change. Returns
    /// how many reports were made.
    @discardableResult
    public func run(_ session: inout WatchSession, environment: Environment, report: (WatchReport) -> Void) -> Int {
        var watcher = SpecWatcher(initial: environment.snapshot(), settle: settle)
        report(session.start())
        var reports = 1
        while !environment.shouldStop() {
            environment.sleep(interval)
            if environment.shouldStop() { break }
            guard let changed = watcher.observe(environment.snapshot(), at: environment.now()) else { continue }
            report(session.react(to: changed))
            reports += 1
        }
        return reports
    }
}
