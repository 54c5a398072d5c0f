import SpecKit

extension HTMLPage {
    /// The most lines a case's checks show open; a longer list (a scenario, a decision row checked at many points) is
    /// folded in a `<details>` element.
    static let openCheckLines = 3

    /// The longest block of steps that `repeatedBlocks` looks for repeating (a `repeat:` over a few steps).
    static let longestRepeatedBlock = 4

    /// The most characters of a check a badge's tooltip shows.
    static let titleCheckLength = 100

    /// What a case checks of its own row, for its line in the tables: one line per step (`action → name = value, …;
    /// effects: …`), a block of steps repeated back to back (a `repeat:`) as one line marked `×N`, each line numbered by
    /// its steps when there are several; more than `openCheckLines` lines are folded under "N steps". A dash for a
    /// result written before checks were recorded.
    func checksCell(_ c: CaseResult) -> String {
        guard let checks = c.checks, !checks.isEmpty else { return "<td class=\"na\">—</td>" }
        let blocks = Self.repeatedBlocks(checks)
        let lines = blocks.map { block in
            let steps = block.steps, times = block.times
            let (from, to) = (steps[steps.startIndex].step, steps[steps.startIndex].step + steps.count * times - 1)
            let label = blocks.count == 1 ? "" : "<span class=\"muted\">\(from == to ? "\(from + 1)" : "\(from + 1)–\(to + 1)").</span> "
            if steps.count == 1 { return label + checkText(steps[steps.startIndex], times: times) }
            return label + "<span class=\"muted\">×\(times):</span> " + steps.map { checkText($0) }.joined(separator: " <span class=\"muted\">then</span> ")
        }
        if lines.count <= Self.openCheckLines { return "<td class=\"checks\">\(lines.joined(separator: "<br>"))</td>" }
        return "<td class=\"checks\"><details><summary>\(checks.count) steps</summary>\(lines.joined(separator: "<br>"))</details></td>"
    }

    /// One step (taken `times` times in a row): the action as code, then what must hold after it.
    func checkText(_ check: CheckedStep, times: Int = 1) -> String {
        let expected = check.expectedText, before = check.beforeText
        return (before.isEmpty ? "" : "<span class=\"muted\">from \(h(before)):</span> ") + "<code>\(h(check.action))</code>" + (times > 1 ? " <span class=\"muted\">×\(times)</span>" : "")
            + (expected.isEmpty ? "" : " → " + h(expected))
    }

    /// The steps as blocks repeated back to back: at each step, the block of up to `longestRepeatedBlock` steps whose
    /// repetitions cover the most steps (the shortest such block), or the step alone, once. Steps are equal when their
    /// actions and expectations are.
    static func repeatedBlocks(_ checks: [CheckedStep]) -> [(steps: ArraySlice<CheckedStep>, times: Int)] {
        func same(_ a: Int, _ b: Int) -> Bool { checks[a].action == checks[b].action && checks[a].expect == checks[b].expect }
        var blocks: [(steps: ArraySlice<CheckedStep>, times: Int)] = []
        var i = checks.startIndex
        while i < checks.endIndex {
            var best = (length: 1, times: 1)
            for length in 1...longestRepeatedBlock where i + 2 * length <= checks.endIndex {
                var times = 1
                while i + (times + 1) * length <= checks.endIndex, (0..<length).allSatisfy({ same(i + $0, i + times * length + $0) }) { times += 1 }
                if times > 1 && length * times > best.length * best.times { best = (length, times) }
            }
            blocks.append((checks[i..<i + best.length], best.times))
            i += best.length * best.times
        }
        return blocks
    }

    /// What a row's first case ends by checking (`CheckedStep.closing`), in one line for a badge's tooltip, cut at
    /// `titleCheckLength` characters, numbered among its steps when there are several (`; checks check → state = Locked
    /// (step 4 of 4)`); empty when the result has no checks.
    static func checksTitle(_ c: CaseResult) -> String {
        guard let checks = c.checks, let (position, step) = CheckedStep.closing(checks) else { return "" }
        let text = step.description
        let shown = text.count > titleCheckLength ? String(text.prefix(titleCheckLength - 1)) + "…" : text
        return "; checks \(shown)" + (checks.count > 1 ? " (step \(position) of \(checks.count))" : "")
    }
}
