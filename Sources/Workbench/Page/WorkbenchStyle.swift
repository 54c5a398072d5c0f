/// The page's style sheet.
enum WorkbenchStyle {
    /// The CSS.
    static let source = #"""
:root { --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --line: #d0d7de; --muted: #57606a; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1f2328; }
#top { position: sticky; top: 0; z-index: 3; }
#bar { display: flex; gap: 12px; align-items: center; padding: 8px 14px;
  background: #24292f; color: #fff; }
#bar .spacer { flex: 1; }
#bar strong, #bar button { white-space: nowrap; }
#bar .summary { font-size: 13px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
#folder { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; flex: 0 2 auto; }
#bar button { font: inherit; padding: 4px 12px; border-radius: 6px; border: 1px solid #57606a; background: #fff; cursor: pointer; }
#bar button:disabled { opacity: .5; cursor: default; }
.summary.bad { color: #ff8182; } .summary.ok { color: #7ee787; } .summary.stale { color: #d0d7de; font-style: italic; }
#folder { color: #c9d1d9; font-family: ui-monospace, monospace; font-size: 12px; }
#banner { padding: 8px 14px; background: #fff8c5; border-bottom: 1px solid #d4a72c; }
#banner.bad { background: #ffebe9; border-color: var(--bad); }
#kept { padding: 8px 14px; background: #ddf4ff; border-bottom: 1px solid #54aeff; }
#lint-summary { flex: 0 0 auto; max-width: 40%; } #run-summary { flex: 0 1 auto; }
#disk-changed, #file-gone { position: sticky; top: var(--top, 44px); z-index: 2; background: #ffebe9; padding: 6px 8px; border: 1px solid var(--bad); border-radius: 4px; }
#layout { display: flex; min-height: calc(100vh - 44px); }
#specs { width: 270px; flex: none; border-right: 1px solid var(--line); background: var(--bg); padding: 8px; overflow: auto; font-size: 13px;
  position: sticky; top: var(--top, 44px); align-self: flex-start; max-height: calc(100vh - var(--top, 44px)); }
#specs h3 { margin: 10px 4px 2px; font-size: 12px; color: var(--muted); font-weight: 600; }
#specs h4 { margin: 4px 4px 2px 10px; font-size: 12px; color: var(--muted); font-weight: 400; }
#specs a { display: flex; gap: 6px; padding: 2px 6px 2px 18px; border-radius: 4px; color: inherit; text-decoration: none; }
#specs a.current { background: #ddf4ff; font-weight: 600; }
#specs .badge { margin-left: auto; font-size: 11px; padding: 0 5px; border-radius: 8px; }
.badge.bad { background: var(--bad); color: #fff; } .badge.ok { background: var(--ok); color: #fff; } .badge.dirty { background: var(--warn); color: #fff; }
.badge.warn { background: #fff8c5; color: #7d4e00; }
main { flex: 1; padding: 12px 18px; min-width: 0; }
main h1 { font-size: 20px; margin: 4px 0; }
.muted { color: var(--muted); }
.meta { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 6px 0 10px; }
.meta label.multiline { flex-basis: 100%; }
textarea.prose { font: 13px/1.4 system-ui, sans-serif; width: min(100%, 90ch); resize: vertical; }
textarea.yaml { font: 12px/1.4 ui-monospace, monospace; width: min(100%, 90ch); resize: vertical; white-space: pre; }
.meta label.multiline pre { margin: 2px 0 0; white-space: pre-wrap; max-width: 90ch; color: var(--muted); }
.meta label { display: flex; gap: 6px; align-items: center; }
.tabs { display: flex; gap: 4px; border-bottom: 1px solid var(--line); margin: 10px 0; }
.tabs button { font: inherit; border: 1px solid transparent; border-bottom: none; background: none; padding: 6px 12px; cursor: pointer; }
.tabs button.current { border-color: var(--line); background: #fff; border-radius: 6px 6px 0 0; margin-bottom: -1px; font-weight: 600; }
table.rows { border-collapse: collapse; font-size: 13px; margin-bottom: 8px; }
/* A table scrolls in its own box, no taller than the room under the bar and the sticky notice (the sidebar scrolls
   in its own too, so the page is no taller than the spec): the page never scrolls the table under the notice, and the
   column header stays in view at the box's top while the rows scroll. */
.scroll { overflow: auto; max-height: calc(100vh - var(--top, 44px) - var(--notice, 0px) - 16px); }
.scroll > table.rows > tr:first-child > th { position: sticky; top: 0; z-index: 2; }
.scroll > table.rows > tr:first-child > th.status, .scroll > table.rows > tr:first-child > th[data-key="id"] { z-index: 3; }
table.rows th, table.rows td { border: 1px solid var(--line); padding: 2px 4px; vertical-align: top; text-align: left; }
table.rows th { background: var(--bg); }
table.rows input { min-width: 4em; border: 1px solid transparent; font: 12px ui-monospace, monospace; padding: 2px 3px; background: transparent; }
table.rows input:focus { border-color: #0969da; background: #fff; outline: none; }
table.rows pre { margin: 0; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
td.has-error input, td.has-error pre, td.has-error textarea { background: #ffebe9; border-color: var(--bad); }
td.has-warning input { background: #fff8c5; }
td.has-note input { background: #ddf4ff; }
td.documented { font-size: 12px; max-width: 60ch; } td.documented.differs { background: #fff8c5; }
.scroll table.rows tr.status-failed > td.status, tr.status-failed > td.status { background: var(--bad); color: #fff; }
.scroll table.rows tr.status-passed > td.status, tr.status-passed > td.status { background: var(--ok); color: #fff; }
.scroll table.rows tr.status-stale > td.status, tr.status-stale > td.status { background: #eaeef2; }
tr.status-failed > td { border-color: #ff8182; }
td.status { width: 28px; min-width: 28px; text-align: center; font-weight: 700; }
/* The status and the row id of a table (not of a scenario's steps inside it) stay in view while it scrolls sideways. */
.scroll > table.rows > tr > .status, .scroll > table.rows > tr > [data-key="id"] { position: sticky; left: 0; z-index: 1; background: #fff; }
.scroll > table.rows > tr > [data-key="id"] { left: 27px; box-shadow: inset -2px 0 0 #8c959f; }
/* Stuck a pixel past the edge, with a white band to its left: the scrolled cells' collapsed borders and text do not
   show beside it. */
.scroll > table.rows > tr > .status { left: -1px; box-shadow: -4px 0 0 #fff; }
.scroll > table.rows > tr > th { background: var(--bg); }
td.tools { white-space: nowrap; width: 1%; }
select.add-column { font-size: 11px; }
td.tools button { font-size: 11px; padding: 0 4px; border: 1px solid var(--line); background: #fff; border-radius: 4px; cursor: pointer; }
tr.finding td { border-top: none; font-size: 12px; }
.finding.error { color: var(--bad); } .finding.warning { color: var(--warn); } .finding.note { color: var(--muted); }
.finding button { font-size: 11px; margin-left: 6px; }
tr.failure td { background: #fff5f5; font-size: 12px; }
.detail { position: sticky; left: 0; max-width: calc(100vw - 340px); overflow-x: auto; }
table.cells { border-collapse: collapse; margin: 4px 0; }
table.cells td, table.cells th { border: 1px solid var(--line); padding: 1px 6px; font: 12px ui-monospace, monospace; }
table.cells tr.diff td { background: #ffebe9; }
.steps { margin: 2px 0 8px 24px; }
table.grid { border-collapse: collapse; font-size: 12px; }
table.grid th, table.grid td { border: 1px solid var(--line); padding: 3px 6px; vertical-align: top; }
table.grid td .to { color: var(--muted); }
.diagram svg { max-width: 100%; height: auto; }
pre.review, pre.vocab { background: var(--bg); padding: 10px; border: 1px solid var(--line); overflow: auto; font-size: 12px; }
#new-view label.field { display: grid; grid-template-columns: 90px auto; gap: 2px 10px; align-items: center; margin: 10px 0; max-width: 900px; }
#new-view label.field > .muted { grid-column: 2; font-size: 12px; }
#new-view .choices { display: flex; flex-wrap: wrap; gap: 4px 14px; }
#new-view input[type=text], #new-view select { font: 13px ui-monospace, monospace; padding: 3px 5px; }
#new-view button#new-create { font: inherit; padding: 4px 14px; }
ul.findings { padding-left: 18px; font-size: 13px; }
ul.findings a { cursor: pointer; color: #0969da; }
"""#
}
