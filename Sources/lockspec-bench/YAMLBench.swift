import SpecKit

/// YAML loading against its floor: libyaml's bare event loop over the same bytes, measured in the same run.
///
/// The input is a generated table of `rows` rows (100 000 by default) shaped like a spec.
func runYAMLBench(_ arguments: [String]) {
    let rows = arguments.first.flatMap(Int.init) ?? 100_000
    var text = "id: bench\nkind: table\ndefaults: &d {state: locked, attempts: 0}\nrows:\n"
    for row in 0..<rows {
        text += "  - id: r\(row)\n    given: {state: locked, attempts: \(row % 5)}\n"
            + "    when: \"enter pin\"\n    then: [unlocked, 'true']\n    base: *d\n"
    }
    let bytes = Array(text.utf8)
    let clock = ContinuousClock()
    var events = 0
    var floor = Duration.seconds(1_000)
    var loader = Duration.seconds(1_000)
    for _ in 0..<5 {
        floor = min(floor, clock.measure { events = YAMLLoader.parseOnly(bytes) })
        loader = min(loader, clock.measure { _ = try? YAMLLoader().load(bytes, file: "bench.yaml") })
    }
    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    print("yaml: \(rows) rows, \(bytes.count) bytes, \(events) events")
    print("yaml: libyaml event loop \(floor), loader \(loader), ratio \(seconds(loader) / seconds(floor))")
}
