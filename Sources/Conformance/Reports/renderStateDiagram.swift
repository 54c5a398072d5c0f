import SpecKit

/// One machine's state diagram as inline SVG, as the HTML report draws it: laid out by Graphviz when `layout` has
/// `dot` (by hand otherwise, or when `dot` fails), each arrow marked by its rows: failing (red), covered (green) or
/// not covered (dashed grey). For pages other than the report (the workbench of `lockspec serve`).
public func renderStateDiagram(_ graph: MachineGraph, id: String, covered: Set<String> = [], failing: Set<String> = [],
                               layout: DiagramLayout = .automatic) -> String {
    let marks = TransitionMarks(covered: covered, failing: failing)
    switch GraphvizDiagram.render(graph, marks: marks, id: id, layout: layout) {
    case .success(let svg): return svg
    case .failure: return StateDiagramSVG.render(graph, marks: marks, id: id)
    }
}
