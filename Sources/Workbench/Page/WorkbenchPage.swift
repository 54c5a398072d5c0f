/// The workbench's page: plain HTML that loads `/app.css` and `/app.js` from the server (no outside assets).
enum WorkbenchPage {
    /// The page.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LockSpec workbench</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<div id="top">
<header id="bar">
  <strong>LockSpec workbench</strong>
  <span id="folder"></span>
  <span id="lint-summary" class="summary">reading…</span>
  <span id="run-summary" class="summary"></span>
  <span class="spacer"></span>
  <button id="undo" type="button" title="undo the last table edit (Ctrl+Z)" disabled>Undo</button>
  <button id="save" type="button" disabled>Save</button>
  <button id="run" type="button">Run</button>
  <button id="review" type="button">Review</button>
</header>
<div id="banner" role="alert" hidden></div>
<div id="kept" role="alert" hidden></div>
</div>
<div id="layout">
  <nav id="specs" aria-label="Specs"></nav>
  <main id="main"><p class="muted">Loading the specs…</p></main>
</div>
</body>
</html>
"""#

    /// What a request without the token gets.
    static let refused = #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LockSpec workbench</title></head>
<body><h1>This address needs its token</h1>
<p>Open the full URL that <code>lockspec serve</code> printed when it started: it ends with <code>?token=…</code>.</p>
</body></html>
"""#
}
