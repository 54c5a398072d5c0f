import SpecKit

/// One machine's state diagram as inline SVG, as the HTML report draws it: laid out by Graphviz when `dot` is found
/// (`DiagramLayout.automatic`; by hand otherwise, or when `dot` fails), each arrow marked by its rows: failing (red), covered (green) or
/// not covered (dashed grey). For pages other than the report (the workbench of `lockspec serve`).
public func renderStateDiagram(_ graph: MachineGraph, id: String, covered: Set<String> = [],
                               failing: Set<String> = []) -> String {
    let marks = TransitionMarks(covered: covered, failing: failing)
    switch GraphvizDiagram.render(graph, marks: marks, id: id, layout: .automatic) {
    case .success(let svg): return svg
    case .failure: return StateDiagramSVG.render(graph, marks: marks, id: id)
    }
}
