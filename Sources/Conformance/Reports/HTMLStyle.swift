/// The report's stylesheet: screen (fits a 1,400 px window without horizontal scrolling: long cells wrap) and print
/// (a clean paged document: no colours lost, each part on a new page, links show no URL, details open, a case's folded
/// checks shown: a PDF cannot be clicked).
enum HTMLStyle {
    static let css = """
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", sans-serif; color: #24292f; margin: 24px auto; max-width: 1300px; padding: 0 16px; }
    h1 { margin: 0 0 8px; } h2 { border-bottom: 1px solid #d0d7de; padding-bottom: 4px; margin-top: 32px; }
    table { border-collapse: collapse; margin: 8px 0 16px; max-width: 100%; }
    th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
    th { background: #f6f8fa; }
    td.pass, .badge.pass { background: #dafbe1; color: #116329; }
    td.fail, .badge.fail, p.fail { background: #ffebe9; color: #a40e26; }
    td.xfail, .badge.xfail, p.warn { background: #fff8c5; color: #7d4e00; }
    td.na, .badge.na { background: #f6f8fa; color: #57606a; }
    span.note.fail { background: #ffebe9; color: #a40e26; padding: 0 4px; border-left: 3px solid #cf222e; }
    span.note.xfail { background: #fff8c5; color: #7d4e00; padding: 0 4px; border-left: 3px solid #d4a72c; }
    .verdict { margin: 4px 0 12px; font-size: 16px; }
    .headline { display: inline-block; font-size: 28px; font-weight: 700; padding: 2px 16px; border-radius: 6px; margin-right: 8px; vertical-align: middle; }
    .headline.pass { background: #1a7f37; color: #fff; } .headline.fail { background: #cf222e; color: #fff; }
    table.ident { margin: 4px 0 8px; } table.ident th { width: 160px; }
    nav#contents { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 4px 16px; }
    nav#contents h2 { border: 0; margin: 8px 0 0; font-size: 16px; } nav#contents ol { margin: 4px 0 8px; }
    nav#contents ol ol { columns: 2; }
    .muted { color: #57606a; } .note { font-size: 12px; } .explain { max-width: 1100px; }
    .exp { color: #57606a; } .act { font-weight: 600; }
    .badge { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 12px; margin: 1px 0; text-decoration: none; }
    article.finding { border: 1px solid #d0d7de; border-left: 4px solid #cf222e; border-radius: 6px; padding: 4px 12px; margin: 12px 0; }
    article.finding h3 { margin: 6px 0; }
    table.diff tr.differs td { font-weight: 600; }
    table.sections td.level2 { padding-left: 20px; } table.sections td.level3 { padding-left: 32px; }
    table.sections, table.register { width: 100%; }
    table.sections { table-layout: fixed; }
    table.sections th:nth-child(1) { width: 7em; white-space: nowrap; } table.sections td:nth-child(1) { white-space: nowrap; }
    table.sections th:nth-child(2) { width: 22%; } table.sections th:nth-child(4) { width: 34%; }
    table.register td:nth-child(2) { max-width: 420px; }
    .wide { max-width: 100%; overflow-x: auto; } table.fit td { max-width: 360px; }
    td.checks { font-size: 13px; } td.checks summary { cursor: pointer; color: #0969da; }
    table.fit th, table.fit td.checks + td { overflow-wrap: normal; }
    code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; } code.rerun { color: #57606a; }
    pre { background: #f6f8fa; padding: 8px; overflow-x: auto; font-size: 12px; white-space: pre-wrap; }
    .svgbox { overflow-x: auto; max-width: 100%; } .svgbox svg { max-width: 100%; height: auto; }
    svg.diagram text.state { font: 13px ui-monospace, Menlo, monospace; fill: #24292f; }
    svg.diagram text.edge { font: 11px system-ui, sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; }
    svg.diagram text.covered { fill: #1a7f37; } svg.diagram text.uncovered { fill: #6e7781; }
    svg.diagram text.failing { fill: #cf222e; } svg.diagram text.expected { fill: #9a6700; }
    .legend span { display: inline-block; width: 28px; border-top: 3px solid; vertical-align: middle; margin: 0 4px 0 10px; }
    @media print {
      @page { size: A4; margin: 14mm 12mm; }
      body { margin: 0; max-width: none; font-size: 10pt; padding: 0; }
      * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
      section { break-before: page; } header { break-after: page; }
      h2, h3 { break-after: avoid; } tr, article.finding { break-inside: avoid; }
      a { color: inherit; text-decoration: none; }
      .wide, .svgbox { overflow: visible; } details > pre { display: block; }
      td.checks details::details-content { content-visibility: visible; }
      nav#contents { background: none; }
      table.sections th:nth-child(2) { width: 17%; } table.sections th:nth-child(4) { width: 33%; }
    }

    """
}
