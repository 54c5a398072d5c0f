/// A divergence's path as a report shows it: each step numbered, `1. open → 2. kill → 3. relaunch`. Past 40 steps, the
/// first 10 and the last 20 with the count of those between (a scenario of 100,000 steps printed its whole path on
/// one line); the JSON keeps every step. `show` writes a step (the text report strips control characters with it).
func numberedPath(_ path: [String], _ show: (String) -> String = { $0 }) -> String {
    func numbered(_ i: Int) -> String { "\(i + 1). \(show(path[i]))" }
    guard path.count > 40 else { return path.indices.map(numbered).joined(separator: " → ") }
    let (first, last) = (10, 20)
    return ((0..<first).map(numbered) + ["… \(path.count - first - last) steps …"] + (path.count - last..<path.count).map(numbered))
        .joined(separator: " → ")
}
