/// The page's script: reads the specs from the API, renders them as tables, sends each cell's edit, shows lint's
/// findings at their cells, runs, saves and reviews. Plain JavaScript, no library.
enum WorkbenchScript {
    /// The JavaScript.
    static let source = #"""
'use strict';
const token = new URLSearchParams(location.search).get('token') || '';
const S = { files: {}, refusedYAML: null, columns: {}, undo: [], sent: 0, drawn: 0, shown: null, analysis: null, current: null, tab: 'table', rows: {}, tour: [], failures: {}, changed: new Set(),
  outdated: new Map(), outdatedBy: {}, ranWith: {}, edits: 0, view: 'spec', review: null, pending: [], inflight: false, typed: null, diagrams: {}, lastRun: null, following: false,
  entered: null, rendering: false, failedSpecs: new Set(), job: null, meant: {} };
const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v; else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v); else e.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid instanceof Node ? kid : String(kid));
  return e;
};

async function api(path, body) {
  const init = { method: body === undefined ? 'GET' : 'POST', headers: { 'X-LockSpec-Token': token } };
  if (body !== undefined) { init.body = JSON.stringify(body); init.headers['Content-Type'] = 'application/json'; }
  let response;
  try { response = await fetch(path, init); }
  catch (_) { throw new Error('the workbench server is not answering: start lockspec serve again, then open the address it prints (with its new token) in this tab; your unsaved edits are kept in this tab and come back'); }
  // The API answers JSON; the server's own refusals (a body too large, headers too long) are a plain sentence.
  const text = await response.text().catch(() => '');
  let answer;
  try { answer = JSON.parse(text); } catch (_) { answer = { error: text.trim() || ('the server answered ' + response.status) }; }
  if (!response.ok) { const e = new Error(answer.error || ('status ' + response.status)); e.status = response.status; throw e; }
  return answer;
}

function buffers() {
  const out = {};
  for (const [name, f] of Object.entries(S.files)) if (f.text !== f.saved) out[name] = f.text;
  return out;
}
// The file an address names after #: a file's name (or its path as lint prints it, `specs/x.yaml`), a spec's id
// (`launch-lock.product`), or that id with .yaml left off; null when none.
function fileNamed(name) {
  if (S.files[name]) return name;
  if (name.includes('/')) return fileNamed(name.split('/').pop());
  if (S.files[name + '.yaml']) return name + '.yaml';
  const spec = ((S.analysis && S.analysis.specs) || []).find(s => s.id === name);
  return spec && S.files[spec.file] ? spec.file : null;
}

function dirty() { return Object.keys(buffers()); }
// A YAML box typed in and not left yet: its text is sent when it is left, so a reload now would lose it.
function unsentYAML() { return [...document.querySelectorAll('textarea.yaml')].some(t => t.value !== t.dataset.entered); }
// Resolves once no edit is on its way (each answered: made or refused), so a run or a save is of what the cells show.
async function settled() { while (S.inflight || S.pending.length) await new Promise(done => setTimeout(done, 30)); }

// ---- drafts ----
// The unsaved texts are kept in this tab's session storage, with the version each was read at, and so are the edits
// typed but not yet answered (the last keystrokes before a reload), so a reload, or the page opened again after
// lockspec serve restarted (the same folder serves at the same address), gets them back. Session storage belongs to
// the address, so the server keeps each tab's draft too: a page at another address (the server started again on
// another port) offers the drafts an earlier start kept.
function keepDrafts() {
  const files = {};
  for (const [name, f] of Object.entries(S.files)) if (f.text !== f.saved) files[name] = { text: f.text, version: f.version, saved: f.saved };
  const pending = (S.job ? [S.job] : []).concat(S.pending).map(j => ({ file: j.file, edit: j.edit }));
  try { sessionStorage.setItem('lockspec-drafts', JSON.stringify({ files, pending, refused: S.refused })); } catch (_) { /* storage full or off: the page still works */ }
  shareDrafts(Object.keys(files).length || pending.length ? JSON.stringify({ files, pending }) : '');
}
// This tab's name for the server's copy of its draft.
const tab = (() => {
  const fresh = () => Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 12);
  try { let t = sessionStorage.getItem('lockspec-tab'); if (!t) { t = fresh(); sessionStorage.setItem('lockspec-tab', t); } return t; } catch (_) { return fresh(); }
})();
// Sends the draft to the server when it changed, one request at a time, the newest draft last.
const shared = { sent: '', busy: false, next: null };
function shareDrafts(draft) {
  if (shared.busy) { shared.next = draft; return; }
  if (draft === shared.sent) return;
  shared.busy = true;
  api('/api/keep', { tab, draft }).then(() => { shared.sent = draft; }).catch(() => { /* the tab keeps it still */ }).finally(() => {
    shared.busy = false;
    const next = shared.next;
    shared.next = null;
    if (next !== null) shareDrafts(next);
  });
}
// A page with no draft of its own in this tab (a new tab, or another address) offers the newest draft an earlier start
// of the server kept: brought back, it is this tab's draft, and the page is loaded again with it, as after a reload.
async function offerKept() {
  let kept = [];
  try { kept = (await api('/api/drafts')).kept.filter(k => k.tab !== tab); } catch (_) { return; }
  const drafts = kept.map(k => { try { return { k, d: JSON.parse(k.draft) }; } catch (_) { return null; } })
    .filter(x => x && x.d && ((x.d.files && Object.keys(x.d.files).length) || (Array.isArray(x.d.pending) && x.d.pending.length)));
  if (!drafts.length) return;
  const { k, d } = drafts[0];
  const names = [...new Set(Object.keys(d.files || {}).concat((d.pending || []).map(j => j.file)))].sort();
  const box = $('#kept');
  box.replaceChildren(`Unsaved edits to ${names.join(', ')} were kept from a page of this folder at ${new Date(k.at).toLocaleString()}, under an earlier start of lockspec serve (a page at another address, or in another tab, does not see that page's own): `,
    el('button', { type: 'button', class: 'apply', id: 'kept-back', onclick: () => bringBack(k) }, 'Bring them back'), ' ',
    el('button', { type: 'button', class: 'apply', id: 'kept-drop', onclick: () => dropKept(k) }, 'Discard them'),
    drafts.length > 1 ? ` (${drafts.length - 1} other page${drafts.length > 2 ? 's' : ''}' edits are offered after this)` : '');
  box.hidden = false;
  keepUnderTop();
}
async function bringBack(k) {
  if (dirty().length || S.pending.length || S.inflight) { banner('This page has unsaved edits of its own: save them, or undo them, before bringing back the kept ones.', true); return; }
  try { sessionStorage.setItem('lockspec-drafts', k.draft); } catch (_) { banner('The browser would not keep them in this tab, so they were not brought back.', true); return; }
  await api('/api/keep', { tab: k.tab, draft: '' }).catch(() => {});
  location.reload();
}
async function dropKept(k) {
  if (!confirm('Discard the kept unsaved edits? Nothing of them is left anywhere else.')) return;
  try { await api('/api/keep', { tab: k.tab, draft: '' }); } catch (e) { banner(e.message, true); return; }
  $('#kept').hidden = true;
  keepUnderTop();
  offerKept();
}
// Lays the kept drafts over the files just read: a draft of a file unchanged on disk is its unsaved text again; one
// of a file changed on disk meanwhile keeps the text too, and Save is refused as for any file changed on disk; one of
// a file no longer on disk (renamed or deleted meanwhile) is kept too, and its page asks whether to make the file again
// or drop the text (Save would otherwise make a second spec of a renamed one). Returns the names back, the names gone
// from disk, and the edits still to send.
function restoreDrafts(files) {
  let kept = {};
  try { kept = JSON.parse(sessionStorage.getItem('lockspec-drafts') || '{}') || {}; } catch (_) { kept = {}; }
  const drafts = kept.files && typeof kept.files === 'object' ? kept.files : {};
  const pending = Array.isArray(kept.pending) ? kept.pending.filter(j => j && typeof j.file === 'string' && j.edit && typeof j.edit.op === 'string') : [];
  const back = [], gone = [];
  for (const [name, d] of Object.entries(drafts)) {
    if (!d || typeof d.text !== 'string' || typeof d.version !== 'string') continue;
    const f = S.files[name];
    if (d.version === '') { if (!f) { S.files[name] = { text: d.text, saved: null, version: '' }; back.push(name); } continue; }
    if (!f) { S.files[name] = { text: d.text, saved: typeof d.saved === 'string' ? d.saved : null, version: d.version, gone: true }; back.push(name); gone.push(name); continue; }
    if (f.text === d.text) continue;
    const disk = files.find(x => x.path === name);
    f.text = d.text;
    // Changed on disk since: the draft keeps the text it was made over, to merge with the disk's.
    if (d.version !== f.version) { f.disk = disk; f.version = d.version; f.saved = typeof d.saved === 'string' ? d.saved : f.saved; }
    S.changed.add(name);
    back.push(name);
  }
  // An edit refused in the seconds before the page was loaded again (its message maybe never read) is said again.
  const refused = kept.refused && typeof kept.refused.message === 'string' && Date.now() - kept.refused.at < 10000 ? kept.refused.message : '';
  return { back, gone, pending: pending.filter(j => S.files[j.file]), refused };
}

function banner(message, bad) {
  const b = $('#banner');
  if (!message) { b.hidden = true; b.textContent = ''; }
  else { b.hidden = false; b.className = bad ? 'bad' : ''; b.textContent = message; }
  keepUnderTop();
}
// What stays in view under the bar and the banner (the changed-on-disk notice) sits just below them, and the table's
// box is no taller than the room left under both.
function keepUnderTop() {
  const root = document.documentElement.style, notice = $('#disk-changed') || $('#file-gone');
  root.setProperty('--top', $('#top').offsetHeight + 'px');
  root.setProperty('--notice', (notice ? notice.offsetHeight + 4 : 0) + 'px');
}

async function start() {
  if (!token) { banner('This page needs the token of the URL lockspec serve printed.', true); return; }
  $('#save').addEventListener('click', saveAll);
  $('#undo').addEventListener('click', undo);
  // Ctrl+Z (⌘Z) outside a cell undoes the last table edit; inside a cell it is the cell's own undo, as typed.
  document.addEventListener('keydown', e => {
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key === 'z' && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) { e.preventDefault(); undo(); }
  });
  $('#run').addEventListener('click', () => run(false));
  // An address with another spec's name after # (typed, pasted, or Back) shows that spec: its file's name, or its id.
  window.addEventListener('hashchange', () => {
    const asked = decodeURIComponent(location.hash.slice(1));
    const wanted = fileNamed(asked);
    if (S.analysis && wanted && (wanted !== S.current || S.view !== 'spec')) showSpec(wanted);
    // Asked again, so the answer says what the name most likely means.
    else if (S.analysis && asked && !wanted) analyze().then(() => banner(nothingNamed(asked), false)).catch(e => banner(e.message, true));
  });
  $('#review').addEventListener('click', review);
  // Leaving or reloading the page would drop its unsaved edits: the browser asks first.
  window.addEventListener('beforeunload', e => { if (dirty().length || S.pending.length || S.inflight || unsentYAML()) { e.preventDefault(); e.returnValue = ''; } });
  // Back to the page: lint again, which also notices files changed on disk meanwhile.
  window.addEventListener('focus', () => { if (S.analysis && !S.inflight && !S.pending.length) analyze().catch(e => banner(e.message, true)); });
  // A change on disk (another tab's save, an editor) is seen within seconds, not only at the next Save.
  setInterval(() => {
    if (document.visibilityState !== 'visible' || !S.analysis || S.inflight || S.pending.length || S.following) return;
    api('/api/versions').then(v => follow(v)).catch(() => {});
  }, 4000);
  // A tab with a draft of its own gets that back; one without is offered what an earlier start of the server kept.
  let own = false;
  try { const d = JSON.parse(sessionStorage.getItem('lockspec-drafts') || '{}') || {}; own = Object.keys(d.files || {}).length > 0 || (d.pending || []).length > 0; } catch (_) { own = false; }
  try {
    const files = await api('/api/files');
    for (const f of files) S.files[f.path] = { text: f.text, saved: f.text, version: f.version };
    const { back, gone, pending, refused: before } = restoreDrafts(files);
    const asked = decodeURIComponent(location.hash.slice(1));
    await analyze(fileNamed(asked));
    // A spec's id is known once the folder is read: the spec it names is shown now.
    const named = asked ? fileNamed(asked) : null;
    if (named && named !== S.current) await showSpec(named);
    // The edits typed but not answered before the page was loaded again are sent now, in order.
    for (const job of pending) edit(job.file, job.edit);
    await settled();  // each answer clears the banner
    const unsaved = n => S.files[n] && S.files[n].text !== S.files[n].saved;
    const names = [...new Set(back.concat(pending.map(j => j.file)))].filter(n => !gone.includes(n) && unsaved(n)).sort();
    // An edit sent again and refused (a text YAML would not take) says so, after what came back.
    const refused = $('#banner').className === 'bad' && !$('#banner').hidden ? $('#banner').textContent.replace(/^The edit was not made: /, '') : before;
    const told = [];
    if (names.length) told.push('Your unsaved edits to ' + names.join(', ') + ' are back from before the page was loaded again: Save writes them.');
    if (gone.length) told.push(`Your unsaved text of ${gone.join(', ')} is back, but ${gone.length === 1 ? 'the file is' : 'the files are'} no longer on disk (renamed or deleted since): ${gone.length === 1 ? 'its page asks' : 'their pages ask'} whether to make it again or drop the text.`);
    if (refused) told.push('An edit typed just before the page was loaded again was not made: ' + refused);
    if (asked && !named) told.push(nothingNamed(asked));
    if (told.length) banner(told.join(' '), !!refused);
    if (!own) offerKept();
  } catch (e) { banner(e.message, true); }
}

// Answers can come back in another order than their requests went: an analysis older than the one shown is dropped,
// so the page never goes back to a text it has moved on from.
function showAnalysis(analysis, sent) {
  if (sent < S.drawn) return false;
  S.drawn = sent;
  S.analysis = analysis;
  return true;
}

async function analyze(select) {
  const focus = select || S.current;
  const sent = ++S.sent;
  // The name after # goes too: when it names nothing, the answer says what it most likely means.
  const asked = decodeURIComponent(location.hash.slice(1)) || null;
  const answer = await api('/api/analyze', { buffers: buffers(), focus, asked });
  if (asked && answer.meant) S.meant[asked] = answer.meant;
  if (!showAnalysis(answer, sent)) return;
  if (!S.current) {
    S.current = select || (answer.specs.find(s => s.table) || answer.specs[0] || {}).file || null;
    // The address names the spec shown (after a discarded or deleted file, it named that one).
    if (S.current && decodeURIComponent(location.hash.slice(1)) !== S.current) history.replaceState(null, '', location.search + '#' + encodeURIComponent(S.current));
    // Only the spec asked about comes with its table: ask again about the one chosen here, unless the page has
    // asked the server something since (that answer is newer, and it draws the page).
    if (!focus && S.current && sent === S.sent) return analyze(S.current);
  }
  else if (select) S.current = select;
  render();
  follow(answer.versions);
}

// ---- files changed on disk ----
// Each analysis gives every file's version on disk. A file the page holds without unsaved edits and that changed on
// disk (another page's save, an editor, git) is read again; one with unsaved edits keeps them, and the page says its
// Save would be refused, with a button that loads the file from disk instead (dropping those edits).
async function follow(versions, always) {
  const stale = n => !S.files[n] || (S.files[n].version !== versions[n] && (S.files[n].disk || {}).version !== versions[n]);
  // A file the page read that is no longer on disk (deleted, or renamed elsewhere): dropped, or, with unsaved edits, noticed.
  const gone = n => !(n in versions) && S.files[n].version !== '' && !S.files[n].gone;
  // A change on disk put back (git checkout of it) takes its notice away.
  const back = n => S.files[n].disk && versions[n] === S.files[n].version;
  if (S.following || !(always || (versions && (Object.keys(versions).some(stale) || Object.keys(S.files).some(n => gone(n) || back(n)))))) return;
  S.following = true;
  let reread = false;
  try {
    const files = await api('/api/files');
    const onDisk = new Set(files.map(f => f.path));
    for (const [name, f] of Object.entries(S.files)) {
      if (onDisk.has(name) || f.version === '') continue;
      if (f.text === f.saved) { delete S.files[name]; reread = true; } else f.gone = true;
    }
    for (const f of files) {
      const mine = S.files[f.path];
      if (!mine || (mine.text === mine.saved && mine.version !== f.version)) {
        S.files[f.path] = { text: f.text, saved: f.text, version: f.version };
        dropUndo(f.path);  // read again from disk: its steps were of an older text
        if (mine) touched(f.path);
        reread = true;
      }
      else if (mine.version !== f.version) { mine.disk = f; delete mine.gone; }
      else { delete mine.disk; delete mine.gone; }
    }
  } catch (e) { banner(e.message, true); }
  S.following = false;
  // A text read again is linted and its table drawn again from it: an edit goes to the row the page shows.
  if (reread && S.analysis) { if (S.current && !S.files[S.current]) S.current = null; analyze().catch(e => banner(e.message, true)); }
  else render();
}
// A file with unsaved edits that is no longer on disk: made again as a new file by the next Save, or its text dropped.
function keepAsNew(name) {
  const f = S.files[name];
  if (!f) return;
  Object.assign(f, { saved: null, version: '' });
  delete f.gone;
  banner(`${name} is kept as a new file: Save makes it in the folder.`);
  render();
}
function dropGone(name) {
  if (!S.files[name] || !confirm('Drop your unsaved text of ' + name + '? It is no longer on disk, so nothing of it is left.')) return;
  forget(name);
  banner(null);
  analyze().catch(e => banner(e.message, true));
}
// Your edits laid over the file as it is now on disk, when the two changed different lines of the text the page read
// (a three-way merge by lines, as git's); where they touch the same lines nothing is merged, and the page says so.
function mergeWithDisk(name) {
  const f = S.files[name];
  if (!f || !f.disk) return;
  const merged = typeof f.saved === 'string' ? merge3(f.saved, f.text, f.disk.text) : null;
  if (merged === null) {
    banner(`Your edits to ${name} and the change on disk touch the same lines, so nothing was merged: your text is in the YAML tab; load the file from disk and make them again.`, true);
    return;
  }
  S.files[name] = { text: merged, saved: f.disk.text, version: f.disk.version };
  dropUndo(name);  // its steps were of the text the page read before
  S.typed = null;
  touched(name);
  banner(`Your edits to ${name} are merged into the file as it is on disk: look them over, then Save.`);
  analyze().catch(e => banner(e.message, true));
}
// The hunks that turn lines `a` into lines `b`: {start, end, lines}, each replacing a[start..<end] with lines; null
// when the part that differs is too large to compare here.
function hunks(a, b) {
  let p = 0, q = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  while (q < a.length - p && q < b.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  const x = a.slice(p, a.length - q), y = b.slice(p, b.length - q), n = x.length, m = y.length;
  if ((n + 1) * (m + 1) > 4e6) return null;
  const longest = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--)
    longest[i][j] = x[i] === y[j] ? longest[i + 1][j + 1] + 1 : Math.max(longest[i + 1][j], longest[i][j + 1]);
  const out = [];
  let i = 0, j = 0, open = null;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) { if (open) { out.push(open); open = null; } i++; j++; continue; }
    open ||= { start: p + i, end: p + i, lines: [] };
    if (j < m && (i === n || longest[i][j + 1] >= longest[i + 1][j])) { open.lines.push(y[j]); j++; }
    else { i++; open.end = p + i; }
  }
  if (open) out.push(open);
  return out;
}
// `mine` and `theirs` both made from `base`: both sides' changes, or null where they touch the same or adjacent lines.
function merge3(base, mine, theirs) {
  const lines = base.split('\n'), a = hunks(lines, mine.split('\n')), b = hunks(lines, theirs.split('\n'));
  if (!a || !b) return null;
  for (const x of a) for (const y of b) if (x.start <= y.end && y.start <= x.end) return null;
  for (const h of a.concat(b).sort((x, y) => y.start - x.start)) lines.splice(h.start, h.end - h.start, ...h.lines);
  return lines.join('\n');
}
function loadFromDisk(name) {
  const f = S.files[name];
  if (!f || !f.disk || !confirm('Load ' + name + ' from disk? Your unsaved edits to it are dropped.')) return;
  S.files[name] = { text: f.disk.text, saved: f.disk.text, version: f.disk.version };
  dropUndo(name);  // its steps were of the text just dropped
  S.typed = null;  // the cell being typed in shows the file's text, not what was typed
  touched(name);
  banner(null);
  analyze().catch(e => banner(e.message, true));
}

// ---- editing ----
// Edits go to the server one at a time, in order. While one is on its way, a keystroke in the same cell replaces the
// waiting keystroke of that cell (each sends the cell's whole text); any other edit waits behind it. Adding, removing
// or moving a row renumbers the rows, so the cells stay read-only until the page is drawn again from the new text.
// The cell being typed in keeps what was typed (the file may hold it double-quoted, or have refused it) until it is
// drawn again without the focus.
function edit(file, op) {
  if (op.op !== 'set') document.querySelectorAll('#main input, #main textarea').forEach(i => { i.readOnly = true; });
  S.typed = op.op === 'set' ? { file, cell: JSON.stringify(op.path), text: op.text } : null;
  const last = S.pending[S.pending.length - 1];
  const sameCell = last && last.file === file && last.edit.op === 'set' && op.op === 'set' &&
    JSON.stringify(last.edit.path) === JSON.stringify(op.path);
  if (sameCell) last.edit = op; else S.pending.push({ file, edit: op });
  $('#save').disabled = false;  // Save waits for the edit, then writes it
  keepDrafts();
  if (!S.inflight) flush();
}
async function flush() {
  const job = S.pending.shift();
  if (!job) return;
  S.inflight = true;
  S.job = job;
  try {
    // The edit applies to the text the page holds (and will save over its version), not to a newer one on disk.
    const texts = Object.assign(buffers(), { [job.file]: S.files[job.file].text });
    const sent = ++S.sent;
    const answer = await api('/api/edit', { buffers: texts, file: job.file, edit: job.edit, focus: S.current });
    remember(job, texts[job.file]);
    S.files[job.file].text = answer.text;
    if (job.edit.op === 'set' && S.refusedYAML && S.refusedYAML.file === job.file && S.refusedYAML.cell === JSON.stringify(job.edit.path)) S.refusedYAML = null;
    S.job = null;
    keepDrafts();
    showAnalysis(answer.analysis, sent);
    touched(job.file);
    banner(null);
  } catch (e) {
    banner('The edit was not made: ' + e.message, true);
    if (e.status !== undefined) { S.refused = { message: e.message, at: Date.now() }; keepDrafts(); }
    // A YAML box's refused text stays in the box, to be mended, though the box was left (yamlBox).
    if (e.status !== undefined && job.edit.op === 'set' && job.edit.text.includes('\n')) S.refusedYAML = { file: job.file, cell: JSON.stringify(job.edit.path), text: job.edit.text };
    // Refused by the server, the cell keeps what was typed, to be mended; not answered at all, it shows the page's
    // text again, so no cell shows an edit the page does not hold.
    if (e.status === undefined) {
      S.typed = null;
      if (document.activeElement instanceof HTMLInputElement) document.activeElement.blur();
    }
  }
  S.inflight = false;
  S.job = null;
  if (S.pending.length) flush(); else { render(); if (S.analysis) follow(S.analysis.versions); }
}
// ---- undo ----
// Each table edit keeps the file's text from before it; keystrokes in one cell, one after another, are one step.
function remember(job, before) {
  const cell = job.edit.op === 'set' ? JSON.stringify(job.edit.path) : null;
  const last = S.undo[S.undo.length - 1];
  if (cell && last && last.file === job.file && last.cell === cell) return;
  S.undo.push({ file: job.file, text: before, cell });
  if (S.undo.length > 200) S.undo.shift();
}
// A file's undo steps go when its text is replaced from elsewhere (read again or loaded from disk) or it leaves the page.
function dropUndo(name) { S.undo = S.undo.filter(u => u.file !== name); }
// A file the page no longer holds (deleted, or a new one discarded).
function forget(name) {
  delete S.files[name];
  dropUndo(name);
  S.changed.delete(name);
  S.current = null;
}
function undo() {
  if (S.pending.length || S.inflight) return;  // an edit on its way finishes first
  const step = S.undo.pop();
  if (!step || !S.files[step.file]) { render(); return; }
  S.files[step.file].text = step.text;
  S.typed = null;
  S.refusedYAML = null;
  touched(step.file);
  // The page goes to the file undone, and says so when it was not the one shown.
  banner(step.file === S.current && S.view === 'spec' ? null : 'Undid an edit in ' + step.file + '.');
  showSpec(step.file);
}

// A file's text changed (an edit, Undo, a merge, a load from disk): the next run runs its spec, and the last run's
// results for it, and for every spec of its fixture when it is a product file, are out of date until then (or until
// the file's text is again the one that run ran).
function touched(file) {
  S.changed.add(file);
  markStale(file);
}
function markStale(file) {
  const specs = S.analysis ? S.analysis.specs : [];
  const spec = specs.find(s => s.file === file);
  if (!spec) return;
  const touched = spec.kind === 'product' ? specs.filter(s => s.fixture && s.fixture === spec.fixture) : [spec];
  S.edits += 1;
  for (const s of touched) if (s.id) { S.outdated.set(s.id, S.edits); (S.outdatedBy[s.id] ||= new Set()).add(file); }
}
// The files edited since the last run of a spec that still differ from the text that run ran (an edit undone, or put
// back by hand, is not one): the spec's results are out of date while there is one.
function editedSince(id) {
  if (!S.outdated.has(id)) return [];
  const ran = S.ranWith[id];
  return [...(S.outdatedBy[id] || [])].filter(f => !ran || !S.files[f] || S.files[f].text !== ran[f]);
}
const outdated = spec => !!spec && editedSince(spec.id).length > 0;
function allRows(table) { return table ? table.rows.flatMap(r => [r].concat(r.steps ? r.steps.rows : [])) : []; }

async function saveAll() {
  if (S.saving) return;  // a second click while saving
  S.saving = true;
  try { await saveDirty(); } finally { S.saving = false; }
}
async function saveDirty() {
  await settled();  // the edits on their way first: what is saved is what the cells show
  const names = dirty();
  const problems = [];
  for (const name of names) {
    const f = S.files[name];
    if (f.gone) { problems.push(`${name} is no longer on disk (renamed or deleted elsewhere): on its page, make it again as a new file or drop your text.`); continue; }
    try {
      const answer = await api('/api/save', { file: name, text: f.text, version: f.version });
      f.saved = answer.text; f.version = answer.version; delete f.disk;
    } catch (e) { problems.push(e.message); }
  }
  if (problems.length || !names.length) banner(problems.length ? problems.join(' ') : null, problems.length > 0);
  else savedBanner(names);
  render();
  if (problems.length) follow(null, true);
}

// "Saved …" holds only while the files it names are as they were when it was said: an edit that lands during the
// save (typed after Save was clicked) is named as not saved yet, and any later change to them (an edit, Undo, a file
// read again from disk) takes the banner away.
function savedBanner(names) {
  const since = names.filter(n => S.files[n] && S.files[n].text !== S.files[n].saved);
  const message = 'Saved ' + names.join(', ') + '.' + (since.length ? ` Edits made to ${since.join(', ')} while it saved are not saved yet.` : '');
  S.saved = { message, texts: Object.fromEntries(names.map(n => [n, S.files[n] ? S.files[n].text : null])) };
  banner(message);
}
function dropStaleSaved() {
  const s = S.saved, b = $('#banner');
  if (!s) return;
  if (b.hidden || b.textContent !== s.message) { S.saved = null; return; }
  if (Object.entries(s.texts).some(([n, text]) => !S.files[n] || S.files[n].text !== text)) { S.saved = null; banner(null); }
}

async function run(all) {
  $('#run-summary').textContent = 'running…'; $('#run-summary').className = 'summary'; $('#run-summary').title = '';
  await settled();  // the edits on their way first: the run is of what the cells show
  const changed = [...S.changed];
  const edits = S.edits;
  if (!changed.length && S.current) changed.push(S.current);
  try {
    // The texts the run runs: a spec edited since is out of date only while a file differs from them.
    const texts = Object.fromEntries(Object.entries(S.files).map(([n, f]) => [n, f.text]));
    const answer = await api('/api/run', { buffers: buffers(), changed, all });
    S.changed.clear();
    for (const c of answer.cases) {
      const prior = S.rows[c.row];
      if (!prior || prior.run !== runCount + 1) S.rows[c.row] = { status: 'passed', cases: [], run: runCount + 1 };
      S.rows[c.row].cases.push(c);
      if (c.fails) S.rows[c.row].status = 'failed';
    }
    runCount += 1;
    S.tour = answer.tour;
    for (const t of answer.tour) if (t.row && S.rows[t.row]) S.rows[t.row].status = 'failed';
    // The sidebar marks each spec the run found failing, whichever is shown.
    // A spec edited while the run ran stays out of date: the run was of the text before.
    for (const id of answer.ran) {
      S.failedSpecs.delete(id);
      S.ranWith[id] = texts;
      if (!(S.outdated.get(id) > edits)) { S.outdated.delete(id); delete S.outdatedBy[id]; }
    }
    for (const c of answer.cases) if (c.fails) S.failedSpecs.add(c.spec);
    for (const t of answer.tour) S.failedSpecs.add(t.spec);
    Object.assign(S.diagrams, answer.diagrams);
    S.lastRun = answer;
    if ($('#banner').className !== 'bad') banner(null);  // a "Saved …" is past news once a run answers; a refusal stays
  } catch (e) { banner('The run failed: ' + e.message, true); S.lastRun = null; }
  render();
}
let runCount = 0;

const count = (n, one, many) => `${n} ${n === 1 ? one : (many || one + 's')}`;

// The last run's summary, what matters first (the bar keeps one line; the whole summary is in its tooltip). Once a spec
// it ran is edited, it says the run is out of date, naming the files edited, and is no longer red or green.
function renderRunSummary() {
  const s = $('#run-summary'), answer = S.lastRun;
  if (!answer) { s.textContent = ''; s.title = ''; s.className = 'summary'; return; }
  const failed = answer.cases.filter(c => c.fails).length;
  const failing = [...new Set(answer.cases.filter(c => c.fails).map(c => c.spec).concat(answer.tour.map(t => t.spec)))].sort();
  const edited = answer.ran.filter(id => editedSince(id).length);
  const files = [...new Set(edited.flatMap(editedSince))].sort();
  const result = (failed ? `${failed} of ${count(answer.cases.length, 'case')} failed` : `${count(answer.cases.length, 'case')} passed`) +
    (answer.tour.length ? `, tour ${answer.tour.length} of ${count(answer.toured, 'transition')} failing` : `, tour of ${count(answer.toured, 'transition')} passed`) +
    (answer.unreached ? `, ${answer.unreached} not reached (the way to them diverged first)` : '') +
    (failing.length ? ` (in ${failing.join(', ')})` : '') +
    (answer.notRun.length ? `; not run, for lint errors in them or in a file they use: ${answer.notRun.join(', ')}` : '') +
    `; ${count(answer.ran.length, 'spec')} (${answer.milliseconds} ms)`;
  s.textContent = edited.length
    ? `run: out of date, ${files.join(', ')} edited since (${count(edited.length, 'spec')} of the run): Run again; it found ${result}`
    : `run: ${result}`;
  s.title = s.textContent + '\nran: ' + (answer.ran.join(', ') || 'none');
  s.className = 'summary ' + (edited.length ? 'stale' : failed || answer.tour.length || answer.notRun.length ? 'bad' : 'ok');
}

async function review() {
  try {
    S.review = await api('/api/diff', { buffers: buffers() });
    S.view = 'review';
    banner(null);
  } catch (e) { banner(e.message, true); }
  render();
}

// ---- findings at cells ----
const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);
function place(spec, findings) {
  const at = { cells: {}, rows: {}, header: [] };
  const rows = spec.table ? spec.table.rows.flatMap(r => (r.steps ? r.steps.rows.map(s => [s, r.steps.path]) : []).concat([[r, spec.table.path]])) : [];
  const values = (spec.values || []).flatMap(v => Object.values(v.cells));
  for (const f of findings) {
    const pos = { line: f.line, column: f.column };
    let placed = false;
    for (const cell of values) {
      if (cell.start.line === f.line || (before(cell.start, pos) && before(pos, cell.end))) { (at.cells[JSON.stringify(cell.path)] ||= []).push(f); placed = true; break; }
    }
    for (const [row, path] of rows) {
      for (const [key, cell] of Object.entries(row.cells)) {
        if (before(cell.start, pos) && before(pos, cell.end)) { (at.cells[cellKey(path, row.index, key)] ||= []).push(f); placed = true; break; }
      }
      if (placed) break;
    }
    if (!placed) for (const [row, path] of rows) {
      const key = Object.keys(row.cells).find(k => row.cells[k].start.line === f.line);
      if (key) { (at.cells[cellKey(path, row.index, key)] ||= []).push(f); placed = true; break; }
      if (row.start.line <= f.line && f.line <= row.end.line) { (at.rows[JSON.stringify(path.concat([row.index]))] ||= []).push(f); placed = true; break; }
    }
    if (!placed) {
      const key = Object.keys(spec.header).find(k => spec.header[k].start.line === f.line && !spec.header[k].multiline);
      if (key) (at.cells[JSON.stringify([key])] ||= []).push(f);
      at.header.push([f, key ? [key] : null, key ? spec.header[key] : null]);
    }
  }
  return at;
}
const cellKey = (path, index, key) => JSON.stringify(path.concat([index, key]));

// ---- rendering ----
function render() {
  keepDrafts();
  dropStaleSaved();
  renderBar();
  renderNav();
  const main = $('#main');
  const scrollY = window.scrollY, box = $('#main .scroll'), inside = box ? [box.scrollTop, box.scrollLeft] : null;
  // The cell being typed in keeps its focus and text only when the same spec is drawn again: a cell of another file
  // (the same path in another spec) must not take what was typed here.
  const same = [S.view, S.current, S.tab].join('\n') === S.shown;
  const focus = same && document.activeElement && document.activeElement.dataset && document.activeElement.dataset.cell;
  const caret = focus ? [document.activeElement.selectionStart, document.activeElement.selectionEnd, document.activeElement.value] : null;
  S.rendering = true;
  try {
    main.replaceChildren(S.view === 'review' ? renderReview() : S.view === 'new' ? renderNew() : renderSpec());
    if (focus) {
      const input = main.querySelector(`[data-cell="${CSS.escape(focus)}"]`);
      const typed = S.typed && S.typed.file === S.current && S.typed.cell === focus && S.typed.text === caret[2];
      // A prose box keeps what is typed in it: what is not sent yet goes after a pause.
      if (input) { if (S.pending.length || S.inflight || typed || input.tagName === 'TEXTAREA') input.value = caret[2]; input.focus(); input.setSelectionRange(caret[0], caret[1]); }
    }
  } finally { S.rendering = false; }
  keepUnderTop();
  // The same view drawn again keeps its place, and its table's; another view, file or tab starts at its top.
  const shown = [S.view, S.current, S.tab].join('\n');
  window.scrollTo(0, shown === S.shown ? scrollY : 0);
  const again = $('#main .scroll');
  if (again && inside && shown === S.shown) { again.scrollTop = inside[0]; again.scrollLeft = inside[1]; }
  S.shown = shown;
}

function renderBar() {
  const a = S.analysis;
  if (!a) return;
  // Counted as lint counts them: a note is neither an error nor a warning, and is counted apart when there is one.
  const errors = a.findings.filter(f => f.severity === 'error').length, warnings = a.findings.filter(f => f.severity === 'warning').length;
  const notes = a.findings.filter(f => f.severity === 'note').length;
  // As lint's closing count: errors that only follow from a used spec's errors are counted apart.
  const following = a.findings.filter(f => f.id === 'spec.uses-broken-spec').length;
  const s = $('#lint-summary');
  const unread = a.unreadableFiles || [];
  // The bar has room for one file's name; the others are counted, and all are in the tooltip. As lint's counts line,
  // the files with no error of their own were left out because a file they use has errors (a broken product file).
  const others = a.leftOutBecauseOfOthers || [], own = unread.filter(f => !others.includes(f));
  const named = files => files.length ? `${files[0]}${files.length > 1 ? ` and ${files.length - 1} more` : ''}` : null;
  const parts = [named(own), others.length ? `${named(others)} (a file ${others.length === 1 ? 'it uses' : 'they use'} has errors)` : null].filter(p => p);
  const notRead = parts.length ? '; left out: ' + parts.join('; ') : '';
  s.textContent = `lint: ${count(errors, 'error')}${following ? ` (${following} only because a spec ${following === 1 ? 'it uses has' : 'they use has'} errors)` : ''}, ${count(warnings, 'warning')}${notes ? ', ' + count(notes, 'note') : ''}; ${count(a.specCount, 'spec')}, ${count(a.rowCount, 'row')}${notRead} (${a.milliseconds} ms)`;
  s.title = s.textContent + (unread.length ? '\nleft out: ' + unread.join(', ') : '');
  s.className = 'summary ' + (errors ? 'bad' : 'ok');
  const n = dirty().length;
  $('#save').disabled = n === 0 && !S.pending.length && !S.inflight;
  $('#undo').disabled = S.undo.length === 0;
  $('#save').textContent = n ? `Save (${n})` : 'Save';
  renderRunSummary();
}

function renderNav() {
  const nav = $('#specs');
  const groups = {};
  for (const spec of S.analysis.specs) {
    const doc = spec.document || (spec.kind === 'product' ? 'product values' : 'other files');
    ((groups[doc] ||= {})[spec.fixture || '—'] ||= []).push(spec);
  }
  const kids = [el('a', { href: '#', class: S.view === 'review' ? 'current' : '', onclick: e => { e.preventDefault(); review(); } }, 'Review changes against HEAD'),
    el('a', { href: '#', id: 'new-spec', class: S.view === 'new' ? 'current' : '', onclick: e => { e.preventDefault(); openNew(); } }, 'New spec…')];
  for (const doc of Object.keys(groups).sort()) {
    kids.push(el('h3', {}, doc));
    for (const fixture of Object.keys(groups[doc]).sort()) {
      kids.push(el('h4', {}, 'fixture ' + fixture));
      for (const spec of groups[doc][fixture]) {
        const errors = S.analysis.findings.filter(f => f.file === spec.file && f.severity === 'error').length;
        // Warnings are marked too: an edit here can make a spec elsewhere warn (a scenario that now contradicts its machine).
        const warnings = S.analysis.findings.filter(f => f.file === spec.file && f.severity === 'warning').length;
        const failing = !outdated(spec) && (S.failedSpecs.has(spec.id) ||
          (spec.table && allRows(spec.table).some(r => r.id && S.rows[r.id] && S.rows[r.id].status === 'failed')));
        const f = S.files[spec.file];
        kids.push(el('a', { href: '#' + encodeURIComponent(spec.file), class: spec.file === S.current && S.view === 'spec' ? 'current' : '',
          dataset: { spec: spec.id || spec.file }, onclick: e => { e.preventDefault(); showSpec(spec.file); } },
          el('span', {}, spec.id || spec.file),
          f && f.text !== f.saved ? el('span', { class: 'badge dirty', title: 'unsaved' }, '●') : null,
          errors ? el('span', { class: 'badge bad', title: count(errors, 'lint error') }, errors)
            : failing ? el('span', { class: 'badge bad', title: 'failing rows' }, '✗')
            : warnings ? el('span', { class: 'badge warn', title: count(warnings, 'lint warning') }, '⚠ ' + warnings) : null));
      }
    }
  }
  nav.replaceChildren(...kids);
}

function renderSpec() {
  const spec = S.analysis.specs.find(s => s.file === S.current);
  if (!spec) return el('p', { class: 'muted' }, 'Choose a spec.');
  const findings = S.analysis.findings.filter(f => f.file === spec.file);
  const at = place(spec, findings);
  const f = S.files[spec.file];
  const box = el('div', { id: 'spec', dataset: { file: spec.file } });
  box.append(el('h1', {}, spec.title.replace(/^"|"$/g, '') || spec.file));
  if (f && f.disk) box.append(el('div', { class: 'finding error', id: 'disk-changed' },
    `${spec.file} changed on disk since the page read it (another page's save, an editor or git): Save would not write your unsaved edits over that change. `,
    el('button', { type: 'button', class: 'apply', id: 'merge-disk', onclick: () => mergeWithDisk(spec.file) }, 'Merge your edits into it'), ' ',
    el('button', { type: 'button', class: 'apply', id: 'load-disk', onclick: () => loadFromDisk(spec.file) }, 'Load it from disk (drops your edits to it)')));
  if (f && f.gone) box.append(el('div', { class: 'finding error', id: 'file-gone' },
    `${spec.file} is no longer on disk (deleted, or renamed in another tab, an editor or git): your unsaved text of it is only in this page. `,
    el('button', { type: 'button', class: 'apply', id: 'keep-as-new', onclick: () => keepAsNew(spec.file) }, `Make ${spec.file} again with your text (at Save)`), ' ',
    el('button', { type: 'button', class: 'apply', id: 'drop-gone', onclick: () => dropGone(spec.file) }, 'Drop your text'), ' ',
    el('span', { class: 'muted' }, 'to move your edits into a renamed file, copy them from the YAML tab first')));
  if (f && f.version === '') box.append(el('div', { class: 'finding', id: 'new-file-notice' },
    `${spec.file} is new: it is made in the folder when you save. `,
    el('button', { type: 'button', class: 'apply', onclick: () => discardNew(spec.file) }, 'Discard this new file')));
  box.append(el('div', { class: 'meta' },
    el('span', {}, el('b', {}, 'file '), spec.file, f && f.text !== f.saved ? ' (unsaved)' : ''),
    el('span', {}, el('b', {}, 'kind '), spec.kind || '?'), spec.fixture ? el('span', {}, el('b', {}, 'fixture '), spec.fixture) : null,
    spec.hit ? el('span', { id: 'hit' }, el('b', {}, 'hit policy '), spec.hit) : null,
    f && f.version ? el('button', { type: 'button', id: 'rename-file', class: 'apply', onclick: () => renameFile(spec.file) }, 'Rename…') : null,
    f && f.version ? el('button', { type: 'button', id: 'delete-file', class: 'apply', onclick: () => deleteFile(spec.file) }, 'Delete this file…') : null));
  const header = el('div', { class: 'meta' });
  for (const key of spec.headerKeys) {
    const cell = spec.header[key];
    if (!cell || ['kind', 'states', 'events', 'variables', 'effects', 'inputs', 'outputs', 'observe', 'axes'].includes(key)) continue;
    // A text of several lines (`notes: >`) is shown as it reads; it is edited in the YAML.
    if (cell.multiline) header.append(el('label', { class: 'multiline' }, el('b', {}, key), several(spec, cell)));
    else header.append(el('label', {}, el('b', {}, key), input(spec, [key], cell, at.cells[JSON.stringify([key])] || [])));
  }
  addNotes(spec, header);
  box.append(header);
  for (const [f, path, cell] of at.header) box.append(findingLine(f, path, spec, cell));
  const broken = spec.kind === 'product' ? elsewhere(spec) : null;
  if (broken) box.append(broken);
  const declarations = (spec.values || []).filter(v => !['product', 'given'].includes(v.key));
  for (const v of (spec.values || []).filter(v => ['product', 'given'].includes(v.key))) box.append(valuesTable(spec, v, at));
  const tabs = [['table', spec.kind === 'scenarios' ? 'Scenarios' : spec.table ? 'Rows' : 'Values']];
  if (spec.grid.length || spec.states.length) tabs.push(['grid', 'State × event'], ['diagram', 'Diagram']);
  if (declarations.length) tabs.push(['declarations', 'Declarations']);
  tabs.push(['sections', 'Document sections']);
  if (spec.vocabulary) tabs.push(['vocabulary', 'Fixture vocabulary']);
  tabs.push(['yaml', 'YAML']);
  if (!tabs.some(t => t[0] === S.tab)) S.tab = 'table';
  box.append(el('div', { class: 'tabs', role: 'tablist' }, tabs.map(([id, label]) =>
    el('button', { type: 'button', class: S.tab === id ? 'current' : '', dataset: { tab: id }, onclick: () => { S.tab = id; render(); } }, label))));
  const view = { table: () => renderTable(spec, at), grid: () => renderGrid(spec), diagram: () => renderDiagram(spec),
    vocabulary: () => el('pre', { class: 'vocab', id: 'vocabulary' }, spec.vocabulary),
    declarations: () => el('div', {}, declarations.map(v => valuesTable(spec, v, at))),
    sections: () => renderSections(spec), yaml: () => el('pre', { class: 'review' }, (S.files[spec.file] || {}).text || '') }[S.tab];
  box.append(el('div', { class: 'scroll' }, view()));
  return box;
}

// On a product file's page: the errors in the specs of its fixture, each a link to its spec, so a value changed
// here shows what it broke there.
function elsewhere(spec) {
  const files = new Set(S.analysis.specs.filter(s => s.fixture === spec.fixture && s.file !== spec.file).map(s => s.file));
  const found = S.analysis.findings.filter(f => files.has(f.file) && f.severity === 'error');
  if (!found.length) return null;
  return el('div', { class: 'finding error', id: 'elsewhere' }, el('b', {}, `${found.length} error${found.length === 1 ? '' : 's'} in the specs of fixture ${spec.fixture}:`),
    found.slice(0, 30).map(f => el('div', {}, el('a', { href: '#' + encodeURIComponent(f.file), onclick: e => { e.preventDefault(); showSpec(f.file); } }, f.file),
      ` line ${f.line}: ${f.message} [${f.id}]`)),
    found.length > 30 ? el('div', { class: 'muted' }, `and ${found.length - 30} more`) : null);
}
// Shows a spec of the folder, as the sidebar does.
function showSpec(file) {
  S.view = 'spec';
  history.replaceState(null, '', location.search + '#' + encodeURIComponent(file));
  return analyze(file).catch(e => banner(e.message, true));
}
// What the page says of an address whose name after # is no file and no spec of the folder (it shows another).
function nothingNamed(asked) {
  const meant = S.meant[asked];
  return `No spec here is named '${asked}' (after # in the address)${meant ? `: did you mean ${meant}?` : '.'} The page shows ${S.current || 'the first spec'}. A spec's id or its file's name after # shows that spec.`;
}

function valuesTable(spec, v, at) {
    // A product file's values have beside them what the design document says of each (`documented:`), as the server
    // held the two against each other.
    const said = v.key === 'product' ? new Map((spec.documented || []).map(d => [d.name, d])) : new Map();
    const t = el('table', { class: 'rows values', dataset: { path: JSON.stringify([v.key]) } }, el('tr', {}, el('th', {}, v.key), el('th', {}, 'value'),
      said.size ? el('th', {}, 'the design document says') : null));
    for (const name of v.names) {
      const cell = v.cells[name];
      const fs = at.cells[JSON.stringify(cell.path)] || [];
      t.append(el('tr', { dataset: { row: name } }, el('td', {}, name),
        el('td', { class: cellClass(fs), dataset: { key: name } },
          cell.multiline ? several(spec, cell) : input(spec, cell.path, cell, fs)),
        said.size ? documentedCell(said.get(name)) : null));
      if (fs.length) t.append(el('tr', { class: 'finding' }, el('td', {}), el('td', { colspan: said.size ? 2 : null }, fs.map(f => findingLine(f, cell.path, spec, cell)))));
    }
    return t;
}

// What the design document says of a product value: its value, the section and the words that state it; where the
// product's value differs, the reports' sentence for it (with the decision that says why, or that none does).
function documentedCell(d) {
  if (!d) return el('td', { class: 'documented muted', title: 'this value has no documented: entry' }, '—');
  return el('td', { class: 'documented' + (d.agrees ? '' : ' differs'), dataset: { documented: d.name }, title: d.text },
    el('b', {}, d.documented), ' ', el('span', { class: 'muted' }, d.source), ` "${d.quote}"`,
    d.agrees ? null : el('div', { class: 'finding ' + (d.decision ? 'note' : 'warning') }, d.text));
}

// A cell's class by its worst finding: a note marks it apart from a warning.
function cellClass(findings) {
  for (const s of ['error', 'warning', 'note']) if (findings.some(f => f.severity === s)) return 'has-' + s;
  return '';
}

function input(spec, path, cell, findings) {
  const worst = ['error', 'warning', 'note'].find(s => findings.some(f => f.severity === s)) || null;
  const text = cell ? cell.text : '';
  const i = el('input', { type: 'text', value: text, spellcheck: 'false', size: Math.max(4, Math.min(90, text.length + 1)), list: listFor(spec, path[path.length - 1]),
    dataset: { cell: JSON.stringify(path) }, 'aria-invalid': worst === 'error' ? 'true' : null,
    title: findings.map(f => f.message).join('\n') || (text.length > 89 ? text : null) });
  // Emptying a cell removes its key, so an empty cell is sent only when left empty (on leaving it, or Enter): one
  // emptied on the way to a new value keeps its key where it is.
  const send = () => edit(spec.file, { op: 'set', path, text: i.value });
  const id = { file: spec.file, cell: JSON.stringify(path) };
  // What the cell held when it was entered (drawing the page again while typing keeps it).
  i.addEventListener('focus', () => { if (!S.rendering) S.entered = { ...id, text: i.value }; });
  i.addEventListener('input', () => {
    if (i.value.trim() !== '') send(); else S.typed = { file: spec.file, cell: JSON.stringify(path), text: i.value };
  });
  // (A cell replaced while the page is drawn again is not being left.)
  i.addEventListener('change', () => { if (!S.rendering && i.value.trim() === '' && text !== '') send(); });
  // Escape puts back what the cell held when it was entered; Enter leaves it for the same cell of the next row (on
  // the last row it stays, its text selected, an emptied cell sent as on leaving it).
  i.addEventListener('keydown', e => {
    const entered = S.entered && S.entered.file === id.file && S.entered.cell === id.cell ? S.entered.text : null;
    if (e.key === 'Escape' && entered !== null && i.value !== entered) {
      e.preventDefault();
      i.value = entered;
      send();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const td = i.closest('td'), key = td ? td.dataset.key || '' : '';
      let next = td && td.closest('tr').nextElementSibling, below = null;
      while (next && !(below = next.querySelector(`td[data-key="${CSS.escape(key)}"] input`))) next = next.nextElementSibling;
      if (below && key) below.focus();
      else { if (i.value.trim() === '' && text !== '') send(); i.select(); }
    }
  });
  return i;
}

// A value of several lines as it reads (a `>` block folded, a `|` block as written), else its YAML text.
const shownText = cell => typeof cell.reads === 'string' ? cell.reads.trimEnd() : cell.text;

// A text of several lines (a note written as a `>` block) is edited as prose: sent when left, written back as a
// folded block (a line break is a paragraph's end). A list or mapping over several lines is edited as its YAML.
// A list or mapping over several lines (a step's expect:) is edited as its YAML, as the server gives it (from its
// column): sent on leaving the box and written back under its key, each line's indent kept; the server refuses YAML
// that does not read as a list or mapping. Left empty, the key goes, as a cell's does; Escape puts back what it held.
// It is sent on blur, not on change: a box drawn again while typed in (the window focused again, a file read again)
// holds the typed text as its value, so leaving it is no change to the browser, and the text would be lost.
function yamlBox(spec, cell) {
  const entered = cell.text;
  // What the server refused for this box, kept to be mended (a reload asks first, as for any unsent text).
  const refused = S.refusedYAML && S.refusedYAML.file === spec.file && S.refusedYAML.cell === JSON.stringify(cell.path) ? S.refusedYAML.text : null;
  const t = el('textarea', { class: 'yaml', rows: Math.min(16, entered.split('\n').length + 1), spellcheck: 'false', dataset: { cell: JSON.stringify(cell.path), entered },
    title: 'YAML: a name: value (or - item) a line, nested lines indented; leaving the box makes the edit, Escape puts back what it held' });
  t.value = refused === null ? entered : refused;
  t.addEventListener('input', () => { $('#save').disabled = false; });
  t.addEventListener('blur', () => { if (!S.rendering && t.value !== entered && (t.value.trim() !== '' || entered.trim() !== '')) edit(spec.file, { op: 'set', path: cell.path, text: t.value }); });
  // Escape puts back the file's text, and drops a refused text kept for the box.
  t.addEventListener('keydown', e => { if (e.key === 'Escape') { e.preventDefault(); if (refused !== null) S.refusedYAML = null; t.value = entered; t.blur(); } });
  return t;
}

function several(spec, cell) {
  if (typeof cell.reads !== 'string') return yamlBox(spec, cell);
  const text = shownText(cell);
  const t = el('textarea', { class: 'prose', rows: Math.min(10, Math.max(2, Math.ceil(text.length / 90) + (text.match(/\n/g) || []).length)),
    spellcheck: 'true', dataset: { cell: JSON.stringify(cell.path) }, title: 'a line break ends a paragraph; leaving the box makes the edit' });
  t.value = text;
  // Sent after a pause in typing, and on leaving the box: then a reload or Save has it, as a cell's text.
  let sent = text, pause = null;
  const send = () => { clearTimeout(pause); if (!S.rendering && t.value !== sent && t.value.trim() !== '') { sent = t.value; edit(spec.file, { op: 'set', path: cell.path, text: t.value }); } };
  t.addEventListener('input', () => { clearTimeout(pause); pause = setTimeout(send, 400); $('#save').disabled = false; });
  // Left empty, the key goes, as a cell's does (Undo brings it back).
  t.addEventListener('change', () => {
    if (S.rendering) return;
    if (t.value.trim() === '' && sent.trim() !== '') { clearTimeout(pause); sent = ''; edit(spec.file, { op: 'set', path: cell.path, text: '' });
      const again = cell.path.length === 1 && cell.path[0] === 'notes' ? ', or Add notes starts them again' : '';
      settled().then(() => { if (!$('#banner').className.includes('bad')) banner(`${cell.path[cell.path.length - 1]} removed, as its box was left empty: Undo brings it back${again}.`); }); }
    else send();
  });
  // Escape puts back what the box held when it was entered (drawing the page again while typing keeps that).
  const id = { file: spec.file, cell: JSON.stringify(cell.path) };
  t.addEventListener('focus', () => { if (!S.rendering) S.entered = { ...id, text: t.value }; });
  t.addEventListener('keydown', e => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    const entered = S.entered && S.entered.file === id.file && S.entered.cell === id.cell ? S.entered.text : text;
    t.value = entered;
    send();
    t.blur();
  });
  return t;
}

// A spec without notes (never written, or a box left empty) gets them from "Add notes" in its header: an empty box,
// whose text is sent as a box's is, which adds the key.
function addNotes(spec, header) {
  if (!spec.kind || spec.headerKeys.includes('notes')) { if (S.addingNotes === spec.file) S.addingNotes = null; return; }
  if (S.addingNotes !== spec.file) {
    header.append(el('button', { type: 'button', class: 'apply', id: 'add-notes', title: 'add a note to this spec',
      onclick: () => { S.addingNotes = spec.file; render(); const box = $('#spec .meta label.multiline textarea'); if (box) box.focus(); } }, 'Add notes'));
  } else header.append(el('label', { class: 'multiline' }, el('b', {}, 'notes'), several(spec, { path: ['notes'], reads: '', text: '' })));
}

function listFor(spec, key) {
  const names = spec.completions[key];
  if (!names || !names.length) return null;
  const id = 'complete-' + key;
  let list = document.getElementById(id);
  if (!list) { list = el('datalist', { id }); document.body.append(list); }
  list.replaceChildren(...names.map(n => el('option', { value: n })));
  return id;
}

function findingLine(f, cellPath, spec, cell) {
  const line = el('div', { class: 'finding ' + f.severity, dataset: { findingId: f.id } },
    `${f.severity}: ${f.message} [${f.id}] (line ${f.line})`);
  if (f.hint) line.append(el('div', {}, 'hint: ' + f.hint));
  const fixed = cellPath && spec && didYouMean(f, cell);
  if (fixed) line.append(el('button', { type: 'button', class: 'apply', onclick: () => edit(spec.file, { op: 'set', path: cellPath, text: fixed.text }) }, `use '${fixed.guess}'`));
  for (const n of f.notes) line.append(el('div', { class: 'muted' }, 'note: ', ...linked(n)));
  return line;
}

// A note's text with each `<path>/<file>:<line>:<column>` of a file the page holds written as the file's name and line,
// a link to that spec.
function linked(text) {
  const out = [];
  let rest = text;
  for (const m of text.matchAll(/(\S*\/)?([^\s\/:]+\.ya?ml):(\d+)(?::\d+)?/g)) {
    if (!S.files[m[2]]) continue;
    const at = rest.indexOf(m[0]);
    out.push(rest.slice(0, at), el('a', { href: '#' + encodeURIComponent(m[2]), onclick: e => { e.preventDefault(); showSpec(m[2]); } }, `${m[2]} line ${m[3]}`));
    rest = rest.slice(at + m[0].length);
  }
  out.push(rest);
  return out;
}

// The cell's text with the hint's did-you-mean in place of the word the finding points at, or null. The word is the
// one of the message's quoted names that is written where the finding points (a message may quote other names
// first: "the condition on 'prompt' in row R: 'nope' is not one of …"); positions count Unicode scalars, as lint's.
function didYouMean(f, cell) {
  const guess = f.hint && /did you mean '([^']+)'/.exec(f.hint);
  if (!guess || !cell || cell.multiline || cell.start.line !== f.line) return null;
  const chars = Array.from(cell.text);
  let at = f.column - cell.start.column;
  if (chars[at] === '"' || chars[at] === "'") at += 1;
  if (at < 0 || at >= chars.length) return null;
  const rest = chars.slice(at).join('');
  const wrong = [...f.message.matchAll(/'([^']+)'/g)].map(m => m[1]).find(w => rest.startsWith(w));
  return wrong ? { guess: guess[1], text: chars.slice(0, at).join('') + guess[1] + rest.slice(wrong.length) } : null;
}

function renderTable(spec, at) {
  if (!spec.table) return el('p', { class: 'muted' }, 'This file has no rows: its values are above.');
  if (!spec.table.rows.length) return el('p', { class: 'muted' }, 'No rows yet: add one in the YAML.');
  // Side by side in the scrolling box (its sticky columns are the table's own).
  const both = document.createDocumentFragment();
  both.append(tableOf(spec, spec.table, at, spec.kind === 'scenarios'));
  const tour = unplacedTour(spec);
  if (tour) both.append(tour);
  return both;
}

// The tour's failing transitions that no row of the table is answerable for (the situation falls to `otherwise`),
// listed under it, so a red tour count always has its failures somewhere on the page.
function unplacedTour(spec) {
  const rows = new Set(allRows(spec.table).map(r => r.id).filter(Boolean));
  const mine = S.tour.filter(t => t.spec === spec.id && !(t.row && rows.has(t.row)));
  if (!mine.length || outdated(spec)) return null;
  const out = [el('h3', {}, `Tour: ${mine.length} failing transition${mine.length === 1 ? '' : 's'} that no row decides (what the machine does otherwise)`)];
  mine.forEach((t, n) => {
    out.push(el('div', {}, el('b', {}, 'tour ' + t.id), ` from ${t.situation}, on ${t.event}`));
    if (n < 5) out.push(divergence(t.divergence));
  });
  if (mine.length > 5) out.push(el('div', { class: 'muted' }, `the first 5 are shown in full; Review explains every situation that changed`));
  return el('div', { class: 'failure detail', id: 'tour-unplaced' }, out);
}

const ORDER = ['id', 'title', 'from', 'on', 'event', 'advance', 'setClock', 'count', 'when', 'given', 'with', 'then', 'expect', 'expectEach', 'effects', 'to'];
const LAST = ['source', 'decision', 'notes'];
function tableOf(spec, table, at, scenarios) {
  const rank = c => ORDER.includes(c) ? ORDER.indexOf(c) : LAST.includes(c) ? 1000 + LAST.indexOf(c) : 500;
  // A column added from the header's list shows an empty cell in every row; typing in one adds the key to that row.
  const added = (S.columns[spec.file + ' ' + JSON.stringify(table.path)] ||= []);
  const shown = table.columns.concat(added.filter(c => !table.columns.includes(c)));
  const columns = [...shown].sort((a, b) => rank(a) - rank(b) || shown.indexOf(a) - shown.indexOf(b));
  const offered = (table.keys || []).filter(k => !shown.includes(k));
  const adder = offered.length ? el('select', { class: 'add-column', title: 'add a column', 'aria-label': 'add a column',
    onchange: e => { if (e.target.value) { added.push(e.target.value); render(); } } },
    el('option', { value: '' }, '+ column'), offered.map(k => el('option', { value: k }, k))) : '';
  const t = el('table', { class: 'rows', dataset: { path: JSON.stringify(table.path) } });
  t.append(el('tr', {}, el('th', { class: 'status' }, ''), columns.map(c => el('th', { dataset: { key: c } }, c)), el('th', {}, adder)));
  const n = table.rows.length;
  for (const row of table.rows) {
    const rowPath = table.path.concat([row.index]);
    const result = row.id && S.rows[row.id];
    const status = result ? (outdated(spec) ? 'stale' : result.status) : null;
    const tr = el('tr', { class: status ? 'status-' + status : '', dataset: { row: row.id || '', index: row.index, status: status || '' } });
    tr.append(el('td', { class: 'status', title: status || 'not run' }, status === 'passed' ? '✓' : status === 'failed' ? '✗' : ''));
    const notes = [];
    for (const key of columns) {
      const cell = row.cells[key];
      const path = rowPath.concat([key]);
      const fs = at.cells[JSON.stringify(path)] || [];
      const td = el('td', { class: cellClass(fs), dataset: { key } });
      if (cell && cell.multiline) td.append(several(spec, cell));
      else td.append(input(spec, path, cell, fs));
      tr.append(td);
      for (const f of fs) notes.push(findingLine(f, path, spec, cell));
    }
    tr.append(el('td', { class: 'tools' },
      el('button', { type: 'button', title: 'move up', disabled: row.index === 0, onclick: () => edit(spec.file, { op: 'moveRow', path: table.path, index: row.index, to: row.index - 1 }) }, '▲'),
      el('button', { type: 'button', title: 'move down', disabled: row.index === n - 1, onclick: () => edit(spec.file, { op: 'moveRow', path: table.path, index: row.index, to: row.index + 1 }) }, '▼'),
      el('button', { type: 'button', title: 'add a copy below', onclick: () => edit(spec.file, { op: 'addRow', path: table.path, index: row.index }) }, '+'),
      // The last row stays (the page adds rows by copying one): change it instead, or remove it in the YAML.
      el('button', { type: 'button', title: n === 1 ? 'the last row of a table stays: change it instead' : 'remove', disabled: n === 1,
        onclick: () => { if (confirm('Remove row ' + (row.id || row.index) + '?')) edit(spec.file, { op: 'removeRow', path: table.path, index: row.index }); } }, '✕')));
    t.append(tr);
    for (const f of at.rows[JSON.stringify(rowPath)] || []) notes.push(findingLine(f));
    if (notes.length) t.append(el('tr', { class: 'finding' }, el('td', {}), el('td', { colspan: columns.length + 1 }, el('div', { class: 'detail' }, notes))));
    if (status === 'failed') t.append(el('tr', { class: 'failure', dataset: { failureOf: row.id } }, el('td', {}), el('td', { colspan: columns.length + 1 }, failureOf(row.id))));
    if (scenarios && row.steps) t.append(el('tr', {}, el('td', {}), el('td', { colspan: columns.length + 1 }, el('div', { class: 'steps' }, tableOf(spec, row.steps, at, false)))));
  }
  return t;
}

function failureOf(id) {
  const out = [];
  const result = S.rows[id];
  for (const c of (result ? result.cases : []).filter(c => c.fails)) {
    out.push(el('div', {}, el('b', {}, c.id), ` ${c.status}`, c.divergence ? ` at step ${c.divergence.step + 1}: ${c.divergence.action}` : ''));
    if (c.divergence) out.push(divergence(c.divergence));
    // The command runs the files on disk: with unsaved edits it would run other text than the page shows.
    const unsaved = dirty();
    out.push(el('div', { class: 'muted' }, 'rerun: ' + c.rerun + (unsaved.length ? `  (it runs the files on disk: Save your edits to ${unsaved.join(', ')} first)` : '')));
  }
  const tour = S.tour.filter(t => t.row === id);
  tour.forEach((t, n) => {
    out.push(el('div', {}, el('b', {}, 'tour ' + t.id), ` from ${t.situation}, on ${t.event}`));
    if (n < 2) out.push(divergence(t.divergence));
  });
  return el('div', { class: 'detail' }, out);
}

function divergence(d) {
  const box = el('div', {});
  box.append(el('div', { class: 'muted' }, 'shortest path: ' + (d.path.length ? d.path.join(' → ') + ' → ' : '') + d.action));
  // A step on the way diverged: another row's expectation is the one not met, and this row was not reached.
  if (d.onPath) {
    const other = d.row && document.querySelector(`tr[data-row="${CSS.escape(d.row)}"]`);
    box.append(el('div', { class: 'finding error onpath' },
      `not reached: while reaching it, step ${d.step + 1} (${d.action}) diverged, where row ${d.row || '?'} expects otherwise: that row's expectation is the one the core does not meet`,
      other ? el('button', { type: 'button', class: 'apply', onclick: () => other.scrollIntoView({ block: 'center' }) }, 'show row ' + d.row) : null));
  }
  if (d.error) box.append(el('div', { class: 'finding error' }, d.error));
  box.append(el('table', { class: 'cells' }, el('tr', {}, el('th', {}, 'observation'), el('th', {}, 'expected'), el('th', {}, 'actual')),
    d.cells.map(c => el('tr', { class: c.ok ? '' : 'diff' }, el('td', {}, c.name), el('td', {}, c.expected), el('td', {}, c.actual)))));
  for (const c of d.cells) if (c.note) box.append(el('div', { class: 'finding note' }, c.note));
  return box;
}

function renderGrid(spec) {
  const t = el('table', { class: 'grid', id: 'grid' });
  t.append(el('tr', {}, el('th', {}, 'state \\ event'), spec.events.map(e => el('th', {}, e))));
  for (const state of spec.states) {
    t.append(el('tr', {}, el('th', {}, state), spec.events.map(event => {
      const cell = spec.grid.find(g => g.state === state && g.event === event);
      return el('td', {}, cell ? cell.rows.map(r => el('div', { title: r.guardText, class: S.rows[r.row] && S.rows[r.row].status === 'failed' ? 'finding error' : '' },
        r.row, el('span', { class: 'to' }, ' → ' + r.to))) : '');
    })));
  }
  return t;
}

function renderDiagram(spec) {
  const svg = S.diagrams[spec.id] || spec.diagram;
  const box = el('div', { class: 'diagram', id: 'diagram' });
  if (!svg) { box.append(el('p', { class: 'muted' }, 'No diagram: the machine does not compile.')); return box; }
  box.innerHTML = svg;
  return box;
}

function renderSections(spec) {
  if (!spec.sections.length) return el('p', { class: 'muted' }, 'No row of this spec cites a document section.');
  return el('table', { class: 'grid', id: 'sections' }, el('tr', {}, el('th', {}, 'document'), el('th', {}, 'section'), el('th', {}, 'rows')),
    spec.sections.map(s => el('tr', {}, el('td', {}, s.document), el('td', {}, (s.id && s.id !== s.title ? '§' + s.id + ' ' : '') + s.title), el('td', {}, s.rows.join(', ')))));
}

function renderReview() {
  const r = S.review;
  const box = el('div', { id: 'review-view' });
  box.append(el('h1', {}, 'Review: what the working copy changes'));
  if (!r) return box;
  box.append(el('p', {}, r.label + ': ', el('b', {}, r.behaviourChanged ? 'behaviour changed' : 'no behaviour changed'),
    dirty().length ? ` (with ${count(dirty().length, 'unsaved file')} of this page)` : ''));
  box.append(el('pre', { class: 'review' }, r.text));
  // What the text changes, behaviour or not (a note, a source): what Save writes, or what is unsaved.
  box.append(el('h3', {}, 'Text changed'));
  box.append(r.textChanges.length ? el('ul', { id: 'text-changes' }, r.textChanges.map(t => el('li', {}, t))) : el('p', { class: 'muted' }, 'no file differs from HEAD'));
  return box;
}

// ---- a new spec ----
// The form offers every decision and matrix function of every fixture, and a state machine of each fixture that has
// one. The starter the server writes is held by the page as a new file (no version: the save makes it, and only while
// no file has its name), shown like any other.
async function openNew() {
  try {
    if (!S.choices) S.choices = await api('/api/choices');
    S.view = 'new';
    S.draft = S.draft || { choice: S.choices.functions.length ? 'f:0' : 'm:0', observe: null, states: null, events: [], file: '', id: '', title: '', document: null, idTouched: false };
    banner(null);
  } catch (e) { banner(e.message, true); }
  render();
}

function freeName(base) {
  const taken = n => S.files[n] || S.analysis.specs.some(s => s.file === n);
  for (let n = 1; ; n++) { const name = base + (n === 1 ? '' : '-' + n) + '.yaml'; if (!taken(name)) return name; }
}

// The draft's choice: a function ('f:i'), a machine ('m:i') or a scenario set over a machine spec ('s:id'), with what
// the form shows for it.
function chosen(d) {
  const [kind, i] = [d.choice.slice(0, 1), d.choice.slice(2)];
  if (kind === 's') {
    const m = S.analysis.specs.find(s => s.kind === 'machine' && s.id === i);
    return m && { scenarios: true, uses: m.id, fixture: m.fixture, base: m.fixture + '.scenarios' };
  }
  const c = (kind === 'm' ? S.choices.machines : S.choices.functions)[+i];
  return c && Object.assign({ machine: kind === 'm', base: kind === 'm' ? c.fixture + '.machine' : c.table }, c);
}

const field = (label, node, help) => el('label', { class: 'field' }, el('b', {}, label), node, help ? el('span', { class: 'muted' }, help) : null);
const ticks = (id, names, list, bold, titles) => el('div', { id, class: 'choices' }, names.map(n => el('label', { title: (titles || {})[n] || null },
  el('input', { type: 'checkbox', value: n, checked: list.includes(n),
    onchange: e => { const i = list.indexOf(n); if (e.target.checked && i < 0) list.push(n); if (!e.target.checked && i >= 0) list.splice(i, 1); } }),
  bold.includes(n) ? el('b', {}, n) : n)));

function renderNew() {
  const d = S.draft, c = chosen(d);
  const box = el('div', { id: 'new-view' }, el('h1', {}, 'New spec'));
  if (!c) return box;
  if (!d.file) { d.file = freeName(c.base); if (!d.idTouched) d.id = d.file.replace(/\.ya?ml$/, ''); }
  const documents = [...new Set(S.analysis.specs.filter(s => s.fixture === c.fixture && s.document).map(s => s.document))].sort();
  if (d.document === null) d.document = documents[0] || '';
  const select = el('select', { id: 'new-table', onchange: e => { Object.assign(d, { choice: e.target.value, observe: null, states: null, events: [], file: '', document: null }); render(); } });
  const fixtures = [...new Set(S.choices.machines.map(m => m.fixture).concat(S.choices.functions.map(t => t.fixture)))].sort();
  for (const fixture of fixtures) {
    const options = S.choices.machines.map((m, i) => [m, 'm:' + i, 'a state machine']).filter(([m]) => m.fixture === fixture)
      .concat(S.analysis.specs.filter(m => m.kind === 'machine' && m.fixture === fixture).map(m => [m, 's:' + m.id, `scenarios over ${m.id}`]))
      .concat(S.choices.functions.map((t, i) => [t, 'f:' + i, `${t.table} (${t.kind})`]).filter(([t]) => t.fixture === fixture));
    select.append(el('optgroup', { label: 'fixture ' + fixture }, options.map(([, v, label]) => el('option', { value: v, selected: v === d.choice }, label))));
  }
  box.append(field('what', select, 'a state machine of a fixture, scenarios over a machine spec of the folder, or a fixture function the table drives (every input it takes becomes a column)'));
  if (c.scenarios) {
    box.append(el('p', { class: 'muted', id: 'new-inputs' }, `a scenario set drives the machine ${c.uses} step by step: its events, and the fixture's`));
  } else if (c.machine) {
    if (!d.states) d.states = c.states.slice();
    box.append(field('states', ticks('new-states', c.states, d.states, []), 'the first ticked is the initial state'));
    const inputs = Object.fromEntries(c.events.map(e => [e.name, e.inputs.map(i => `${i.name} ${i.domain}`).join('; ') || 'no inputs']));
    box.append(field('events', ticks('new-events', c.events.map(e => e.name), d.events, [], inputs), 'the events its rows answer (hover for their inputs)'));
    box.append(el('p', { class: 'muted', id: 'new-inputs' }, 'effects: ' + (c.effects.join(', ') || 'none')));
  } else {
    if (!d.observe) d.observe = c.observations.filter(o => o.own).map(o => o.name);
    box.append(el('p', { class: 'muted', id: 'new-inputs' }, (c.kind === 'matrix' ? 'axes: ' : 'inputs: ') + c.inputs.map(i => `${i.name} ${i.domain}`).join('; ')));
    const domains = Object.fromEntries(c.observations.map(o => [o.name, o.domain]));
    box.append(field(c.kind === 'matrix' ? 'observe' : 'outputs', ticks('new-observe', c.observations.map(o => o.name), d.observe,
      c.observations.filter(o => o.own).map(o => o.name), domains), 'what each row expects (in bold: what this function itself sets)'));
  }
  const text = (id, key, onInput) => el('input', { type: 'text', id, value: d[key], size: 40, spellcheck: 'false', oninput: e => { d[key] = e.target.value; if (onInput) onInput(e.target.value); } });
  box.append(field('file', text('new-file', 'file', v => { if (!d.idTouched) { d.id = v.replace(/\.ya?ml$/, ''); $('#new-id').value = d.id; } }), 'a new .yaml file in the spec folder'));
  box.append(field('id', text('new-id', 'id', () => { d.idTouched = true; }), 'lowercase words joined by . or -'));
  box.append(field('title', text('new-title', 'title'), c.scenarios ? 'what the scenarios walk through' : c.machine ? 'what the machine is' : 'what the table decides'));
  const doc = el('select', { id: 'new-document', onchange: e => { d.document = e.target.value; } },
    documents.concat(['']).map(n => el('option', { value: n, selected: n === d.document }, n || 'another document (fill it in)')));
  box.append(field('document', doc, 'the design document the rows cite; you name the section in each row'));
  box.append(el('div', {}, el('button', { type: 'button', id: 'new-create', onclick: createNew }, 'Create'),
    el('span', { class: 'muted' }, ' The new file is held in the page until you save it.')));
  return box;
}

async function createNew() {
  const d = S.draft, c = chosen(d);
  if (S.files[d.file]) { banner('there is already a file ' + d.file + ': choose another name', true); return; }
  try {
    const spec = { id: d.id.trim(), title: d.title, fixture: c.fixture, document: d.document || null };
    // A machine's states and events go in the fixture's order, whatever order they were ticked in.
    if (c.scenarios) spec.uses = c.uses;
    else if (c.machine) Object.assign(spec, { states: c.states.filter(n => d.states.includes(n)), events: c.events.map(e => e.name).filter(n => d.events.includes(n)) });
    else Object.assign(spec, { table: c.table, observe: d.observe });
    const sent = ++S.sent;
    const answer = await api('/api/new', { buffers: buffers(), file: d.file.trim(), spec });
    S.files[answer.file] = { text: answer.text, saved: null, version: '' };
    showAnalysis(answer.analysis, sent);
    S.current = answer.file; S.view = 'spec'; S.tab = 'table'; S.draft = null;
    S.changed.add(answer.file);
    history.replaceState(null, '', location.search + '#' + encodeURIComponent(answer.file));
    banner(null);
  } catch (e) { banner('The spec was not made: ' + e.message, true); }
  render();
}

// Deleting asks first, and the server refuses when the file changed on disk since the page read it.
async function deleteFile(name) {
  const f = S.files[name];
  if (!f) return;  // a button of a page drawn before the file was renamed or deleted
  const unsaved = f.text !== f.saved ? ' Your unsaved edits to it are dropped too.' : '';
  if (!confirm('Delete ' + name + ' from the spec folder?' + unsaved)) return;
  try {
    await api('/api/delete', { file: name, version: f.version });
    forget(name);
    banner('Deleted ' + name + '.');
    await analyze();
  } catch (e) { banner('Not deleted: ' + e.message, true); follow(null, true); }
}

// A new name in the folder; unsaved edits move with the file (its text on disk is unchanged, so its version too).
async function renameFile(name) {
  if (!S.files[name]) return;
  const to = (prompt('New name for ' + name + ' (a .yaml file in the spec folder):', name) || '').trim();
  if (!to || to === name) return;
  if (S.files[to]) { banner('there is already a file ' + to + ': ' + name + ' was not renamed', true); return; }
  try {
    await api('/api/rename', { file: name, version: S.files[name].version, to });
    S.files[to] = S.files[name];
    delete S.files[name];
    for (const u of S.undo) if (u.file === name) u.file = to;
    if (S.changed.delete(name)) S.changed.add(to);
    S.current = to;
    history.replaceState(null, '', location.search + '#' + encodeURIComponent(to));
    banner('Renamed ' + name + ' to ' + to + '.');
    await analyze(to);
  } catch (e) { banner('Not renamed: ' + e.message, true); follow(null, true); }
}

function discardNew(name) {
  if (!confirm('Discard the new file ' + name + '? It was never saved.')) return;
  forget(name);
  analyze().catch(e => banner(e.message, true));
}

document.addEventListener('DOMContentLoaded', start);
"""#
}
