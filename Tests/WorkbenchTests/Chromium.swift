import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: commands on fd 3,
/// answers on fd 4, each a JSON text ended by a NUL byte), with one page attached. For the browser tests of the
/// workbench and for its screenshots.
final class Chromium {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static var executable: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session = ""
    private let profile: URL
    /// Exceptions and console errors the page reported.
    private(set) var errors: [String] = []

    init(width: Int = 1400, height: Int = 900) throws {
        guard let path = Self.executable else { throw Failure(description: "no Chromium") }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-chromium-\(UUID().uuidString)")
        var toChrome: [Int32] = [0, 0], fromChrome: [Int32] = [0, 0]
        guard pipe(&toChrome) == 0, pipe(&fromChrome) == 0 else { throw Failure(description: "pipe failed") }
        // Not inherited by other processes the test process starts meanwhile (the spawn's dup2 clears it on 3 and 4).
        for fd in toChrome + fromChrome { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChrome[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChrome[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
                         "--hide-scrollbars", "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)", "about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(toChrome[0])
        close(fromChrome[1])
        guard status == 0 else { throw Failure(description: "could not start Chromium: \(status)") }
        pid = child
        commands = toChrome[1]
        answers = fromChrome[0]
        let target = try call("Target.createTarget", ["url": "about:blank"], browser: true)
        guard let id = target["targetId"] as? String else { throw Failure(description: "no target") }
        let attached = try call("Target.attachToTarget", ["targetId": id, "flatten": true], browser: true)
        session = attached["sessionId"] as? String ?? ""
        _ = try call("Page.enable")
        _ = try call("Runtime.enable")
        _ = try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// Closes the browser the way it closes itself (`Browser.close`), so its helper processes end before it does and
    /// none writes into the profile after it is removed; killed when it has not ended 5 s later. The
    /// profile folder goes with it (a SIGKILL alone left about 2 MB of profile behind in the temporary folder, every test).
    deinit {
        // The answer may not come: the browser can close its pipe first.
        _ = try? call("Browser.close", browser: true, timeout: 5)
        close(commands)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        close(answers)
        // A helper process may still be closing its files in the profile: removed again when the first try left some.
        for _ in 0..<10 where FileManager.default.fileExists(atPath: profile.path) {
            try? FileManager.default.removeItem(at: profile)
            if FileManager.default.fileExists(atPath: profile.path) { usleep(100_000) }
        }
    }

    /// Sends one command and waits (at most `timeout` seconds) for its answer's `result`.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], browser: Bool = false, timeout: Double = 60) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if !browser { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure(description: "Chromium closed its pipe") }
            sent += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let answer = try nextMessage(until: deadline)
            if let id = answer["id"] as? Int, id == nextID {
                if let error = answer["error"] as? [String: Any] { throw Failure(description: "\(method): \(error["message"] ?? error)") }
                return answer["result"] as? [String: Any] ?? [:]
            }
            note(answer)
        }
    }

    /// Records what the page reports of its own errors.
    private func note(_ event: [String: Any]) {
        let params = event["params"] as? [String: Any] ?? [:]
        switch event["method"] as? String {
        case "Runtime.exceptionThrown":
            let details = params["exceptionDetails"] as? [String: Any]
            errors.append("exception: \((details?["exception"] as? [String: Any])?["description"] ?? details?["text"] ?? "?")")
        case "Runtime.consoleAPICalled" where params["type"] as? String == "error":
            errors.append("console.error: \(params["args"] ?? "")")
        default: break
        }
    }

    private func nextMessage(until deadline: Date) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            }
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard left > 0 else { throw Failure(description: "Chromium did not answer in time") }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, left) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure(description: "Chromium closed its pipe") }
            buffer += chunk[0..<n]
        }
    }

    @discardableResult
    /// Evaluates a JavaScript expression in the page (awaiting a promise) and returns its value.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw Failure(description: "page script failed: \((exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? "?") in: \(expression.prefix(200))")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits (polling every 50 ms, at most `timeout` seconds) until an expression is true.
    func wait(for expression: String, timeout: Double = 60, _ what: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate("!!(\(expression))") as? Bool == true { return }
            usleep(50_000)
        }
        throw Failure(description: "waited \(Int(timeout)) s for \(what)")
    }

    /// Opens a URL and waits for its load.
    func open(_ url: String) throws {
        _ = try call("Page.navigate", ["url": url])
        try wait(for: "document.readyState === 'complete'", "the page to load")
    }

    /// Types text as key presses into the focused element, one character at a time.
    func type(_ text: String) throws {
        for character in text {
            try call("Input.insertText", ["text": String(character)])
        }
    }

    /// A PNG of the viewport.
    func screenshot() throws -> Data {
        let shot = try call("Page.captureScreenshot", ["format": "png"])
        guard let text = shot["data"] as? String, let data = Data(base64Encoded: text) else { throw Failure(description: "no screenshot") }
        return data
    }
}
