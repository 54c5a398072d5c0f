/// A divergence's path as a report shows it: each step numbered, `1. open → 2. kill → 3. relaunch`. Past 40 steps, the
/// first 10 and the last 20 with the count of those between (a scenario of 100,000 steps printed its whole path on
/// one line); the JSON keeps every step. `show` writes a step (the text report strips control characters with it).
func numberedPath(_ path: [String], _ show: (String) -> String = { $0 }) -> String {
    let shownFirst = 10, shownLast = 20
    guard path.count > 40 else { return path.enumerated().map { "\($0.offset + 1). \(show($0.element))" }.joined(separator: " → ") }
    let first = (0..<shownFirst).map { "\($0 + 1). \(show(path[$0]))" }
    let last = (path.count - shownLast..<path.count).map { "\($0 + 1). \(show(path[$0]))" }
    return (first + ["… \(path.count - shownFirst - shownLast) steps …"] + last).joined(separator: " → ")
}
