// Agent Safe Edit dashboard webview. Plain JS, no build step, no innerHTML with data: every
// value from the extension goes into the page through textContent or attributes.
// Protocol: the extension posts { type: 'state', state } (the whole state, see
// src/ui/dashboardState.ts); the page posts { type: 'ready' | 'refresh' | 'resetCounters' }
// and { type: 'rollback' | 'compare', entryId } / { type: 'reveal', path }, which the
// extension validates before it runs anything.
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const STATE_VERSION = 1;
  const root = document.getElementById('root');
  const updated = document.querySelector('[data-testid="updated"]');

  /** Element factory: el('td', { class: 'x', 'data-testid': 'y' }, 'text' | Node | [..]). */
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      node.setAttribute(k, v === true ? '' : String(v));
    }
    append(node, children);
    return node;
  }
  function append(node, children) {
    if (children === undefined || children === null) return;
    for (const c of Array.isArray(children) ? children : [children]) {
      if (c === undefined || c === null || c === false) continue;
      node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
    }
  }
  function icon(name) {
    return el('span', { class: `codicon codicon-${name}`, 'aria-hidden': 'true' });
  }
  function pad(n) { return String(n).padStart(2, '0'); }
  function clock(ms) {
    const d = new Date(ms);
    return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }
  function bytes(n) {
    if (!(n >= 0)) return '0 B';
    if (n < 1024) return `${n} B`;
    const units = ['KB', 'MB', 'GB'];
    let v = n / 1024, u = 0;
    while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
    return `${v.toFixed(1)} ${units[u]}`;
  }
  function ago(ms, now) {
    const s = Math.max(0, Math.round((now - ms) / 1000));
    if (s < 60) return `${s}s ago`;
    const m = Math.round(s / 60);
    if (m < 60) return `${m} min ago`;
    const h = Math.round(m / 60);
    if (h < 48) return `${h} h ago`;
    return `${Math.round(h / 24)} days ago`;
  }
  const OUTCOME = {
    applied: { icon: 'pass', label: 'applied' },
    blocked: { icon: 'shield', label: 'blocked' },
    failed: { icon: 'error', label: 'failed' },
    rolled_back: { icon: 'discard', label: 'rolled back' },
    interrupted: { icon: 'warning', label: 'interrupted' },
    pending: { icon: 'loading', label: 'in progress' },
  };

  /** Outcomes after which the file holds the change (the line counts mean something). */
  function changed(outcome) { return outcome === 'applied' || outcome === 'interrupted'; }

  function section(id, title, iconName, count, body, open) {
    const heading = el('h2', { id: `${id}-title` }, [icon(iconName), ` ${title} `, count === undefined ? null : el('span', { class: 'badge', 'data-testid': `${id}-count` }, String(count))]);
    return el('section', { class: 'card', 'aria-labelledby': `${id}-title`, 'data-testid': `section-${id}`, 'data-open': open ? 'true' : null }, [heading, body]);
  }
  function table(headers, rows, emptyText, testid) {
    if (rows.length === 0) return el('p', { class: 'muted', 'data-testid': `${testid}-empty` }, emptyText);
    return el('table', { 'data-testid': testid }, [
      el('thead', {}, el('tr', {}, headers.map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rows),
    ]);
  }
  function button(label, iconName, action, data, testid, title) {
    const attrs = { type: 'button', 'data-action': action, 'data-testid': testid, title: title || null, 'aria-label': title || null };
    for (const [k, v] of Object.entries(data || {})) attrs[`data-${k}`] = v;
    return el('button', attrs, [icon(iconName), ` ${label}`]);
  }

  function stat(id, label, value, tone, hint) {
    return el('div', { class: `stat ${tone || ''}`, title: hint || null }, [
      el('div', { class: 'stat-value', 'data-testid': `stat-${id}` }, String(value)),
      el('div', { class: 'stat-label' }, label),
    ]);
  }

  function summary(s) {
    const t = s.totals;
    return el('section', { class: 'stats', 'aria-label': 'Session totals', 'data-testid': 'totals' }, [
      stat('edits', 'edits', t.edits, 'good', 'Successful edits by the agent this session'),
      stat('blocked', 'blocked', t.blocked, t.blocked ? 'warn' : '', 'Writes a guard refused (size, duplicates, validation, stale hash, sensitive file)'),
      stat('failed', 'failed', t.failed, t.failed ? 'bad' : '', 'Edits that failed (no match, invalid patch, …)'),
      stat('loops', 'loops', t.loops + t.limits, t.loops + t.limits ? 'bad' : '', 'Failure loops and patch-limit detections'),
      stat('rollbacks', 'rollbacks', t.rollbacks, '', 'Rollbacks performed'),
      stat('calls', 'tool calls', t.calls, '', `${t.successes} succeeded, ${t.failures} failed`),
      stat('bytes-returned', 'returned to the model', bytes(t.bytes_returned), '', `${t.bytes_returned} bytes of tool results went into the agent's context`),
      stat('backups', 'backups', `${s.backups.entries}`, '', `${bytes(s.backups.bytes)} on disk`),
    ]);
  }

  /** Per-minute bars: edits (up) and failures (stacked on top), inline SVG, no library. */
  function chart(s) {
    const tl = s.timeline;
    const n = tl.edits.length;
    const max = Math.max(1, ...tl.edits.map((e, i) => e + tl.failures[i]));
    const W = 600, H = 110, top = 8, bottom = 18, barW = W / n;
    const svgNs = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(svgNs, 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('class', 'chart');
    svg.setAttribute('role', 'img');
    const totalE = tl.edits.reduce((a, b) => a + b, 0), totalF = tl.failures.reduce((a, b) => a + b, 0);
    svg.setAttribute('aria-label', `Last ${n} minutes: ${totalE} edits, ${totalF} failures`);
    svg.setAttribute('data-testid', 'chart');
    const scale = (H - top - bottom) / max;
    const base = H - bottom;
    const rect = (x, y, h, cls, title) => {
      const r = document.createElementNS(svgNs, 'rect');
      r.setAttribute('x', String(x + 1)); r.setAttribute('y', String(y)); r.setAttribute('width', String(Math.max(1, barW - 2))); r.setAttribute('height', String(h));
      r.setAttribute('class', cls);
      const t = document.createElementNS(svgNs, 'title'); t.textContent = title; r.appendChild(t);
      svg.appendChild(r);
    };
    const line = document.createElementNS(svgNs, 'line');
    line.setAttribute('x1', '0'); line.setAttribute('x2', String(W)); line.setAttribute('y1', String(base)); line.setAttribute('y2', String(base)); line.setAttribute('class', 'axis');
    svg.appendChild(line);
    for (let i = 0; i < n; i++) {
      const x = i * barW;
      const when = clock(tl.start + i * tl.bucket_ms).slice(0, 5);
      const eh = tl.edits[i] * scale, fh = tl.failures[i] * scale;
      if (eh > 0) rect(x, base - eh, eh, 'bar-edit', `${when}: ${tl.edits[i]} edits`);
      if (fh > 0) rect(x, base - eh - fh, fh, 'bar-fail', `${when}: ${tl.failures[i]} failures`);
    }
    for (const i of [0, Math.floor(n / 2), n - 1]) {
      const label = document.createElementNS(svgNs, 'text');
      label.setAttribute('x', String(i === n - 1 ? W : i * barW)); label.setAttribute('y', String(H - 4));
      label.setAttribute('text-anchor', i === n - 1 ? 'end' : 'start');
      label.setAttribute('class', 'tick');
      label.textContent = i === n - 1 ? 'now' : clock(tl.start + i * tl.bucket_ms).slice(0, 5);
      svg.appendChild(label);
    }
    const legend = el('div', { class: 'legend' }, [el('span', { class: 'swatch edit' }), ' edits ', el('span', { class: 'swatch fail' }), ' failures, blocked writes and loops (per minute)']);
    return section('chart', 'Activity, last 30 minutes', 'graph', undefined, el('div', {}, [svg, legend]));
  }

  function counters(s) {
    const rows = s.counters.map((c) => el('tr', { 'data-testid': 'counter-row', 'data-path': c.path, class: c.in_loop ? 'alert' : null }, [
      el('td', {}, el('code', {}, c.path)),
      el('td', { class: 'num', 'data-testid': 'counter-edit' }, `${c.edit_failures} / ${c.edit_failure_limit}`),
      el('td', { class: 'num', 'data-testid': 'counter-patch' }, `${c.patch_failures} / ${c.patch_failure_limit}`),
      el('td', {}, c.in_loop ? el('span', { class: 'pill bad' }, [icon('sync'), ' loop']) : el('span', { class: 'muted' }, '—')),
      el('td', {}, c.last_error ? [el('code', {}, c.last_error.error_type), ` ${c.last_error.tool}`, c.last_error.message ? el('div', { class: 'muted small' }, c.last_error.message) : null] : '—'),
    ]));
    for (const b of s.bad_inputs) {
      rows.push(el('tr', { 'data-testid': 'bad-input-row' }, [el('td', {}, `${b.tool} (invalid input)`), el('td', { class: 'num' }, `${b.count} / ${b.threshold}`), el('td', {}, '—'), el('td', {}, '—'), el('td', {}, '—')]));
    }
    return section('counters', 'Failure counters', 'pulse', s.counters.length, table(['File', 'Edit failures', 'Invalid patches', 'State', 'Last error'], rows, 'No failures being counted. Counters reset after a successful edit.', 'counters-table'));
  }

  function detections(s) {
    const rows = s.detections.map((d) => el('tr', { 'data-testid': 'detection-row', 'data-kind': d.kind }, [
      el('td', { class: 'time' }, clock(d.time)),
      el('td', {}, el('span', { class: `pill ${d.kind === 'repeated_call_warning' ? 'warn' : 'bad'}` }, d.kind.replace(/_/g, ' '))),
      el('td', {}, d.file ? el('code', {}, d.file) : d.tool || ''),
      el('td', {}, d.detail),
    ]));
    return section('detections', 'Loop and repetition detections', 'sync', s.detections.length, table(['Time', 'Kind', 'Where', 'Detail'], rows, 'No loops detected.', 'detections-table'));
  }

  function eventRows(list, testid) {
    return list.map((e) => el('tr', { 'data-testid': testid }, [
      el('td', { class: 'time' }, clock(e.time)),
      el('td', {}, e.tool),
      el('td', {}, e.path ? el('code', {}, e.path) : ''),
      el('td', {}, [e.error_type ? el('code', { class: 'etype' }, e.error_type) : null, e.error_type ? ' ' : null, e.message]),
    ]));
  }

  function entries(s) {
    const rows = s.entries.map((e) => {
      const o = OUTCOME[e.outcome] || { icon: 'circle', label: e.outcome };
      const actions = e.restorable
        ? [button('Roll Back', 'discard', 'rollback', { 'entry-id': e.id }, 'rollback-btn', `Roll back ${e.path} to before this change by ${e.writer || e.tool}`),
           button('Compare', 'diff', 'compare', { 'entry-id': e.id }, 'compare-btn', `Compare the backup from before this change with the current ${e.path}`)]
        : [];
      return el('tr', { 'data-testid': 'entry-row', 'data-entry-id': e.id, 'data-outcome': e.outcome, 'data-path': e.path, 'data-tool': e.tool, 'data-writer': e.writer }, [
        el('td', { class: 'time' }, clock(e.time)),
        el('td', {}, el('button', { type: 'button', class: 'link', 'data-action': 'reveal', 'data-path': e.path, title: `Reveal ${e.path}` }, e.path)),
        el('td', { 'data-testid': 'entry-writer' }, e.writer || e.tool),
        el('td', { class: 'num delta' }, changed(e.outcome)
          ? [el('span', { class: 'add' }, `+${e.lines_added}`), ' ', el('span', { class: 'del' }, `\u2212${e.lines_removed}`)]
          : el('span', { class: 'muted', title: 'The file was not changed' }, '—')),
        el('td', { title: e.message || null }, el('span', { class: `pill outcome-${e.outcome}` }, [icon(o.icon), ` ${o.label}`])),
        el('td', { class: 'actions' }, actions),
      ]);
    });
    const note = s.entries_truncated ? el('p', { class: 'muted small' }, 'Showing the newest 100 changes; the Edit History view lists all.') : null;
    return section('entries', 'Agent changes', 'history', s.backups.entries, el('div', {}, [table(['Time', 'File', 'Writer', 'Lines', 'Outcome', 'Actions'], rows, 'No agent changes yet.', 'entries-table'), note]), true);
  }

  function tools(s) {
    const rows = s.tools.map((t) => el('tr', { 'data-testid': 'tool-row', 'data-tool': t.tool }, [
      el('td', {}, el('code', {}, t.tool)),
      el('td', { class: 'num', 'data-testid': 'tool-calls' }, String(t.calls)),
      el('td', { class: 'num', 'data-testid': 'tool-successes' }, String(t.successes)),
      el('td', { class: 'num', 'data-testid': 'tool-failures' }, String(t.failures)),
      el('td', { class: 'num', 'data-testid': 'tool-bytes', title: `${t.bytes_returned} bytes` }, bytes(t.bytes_returned)),
    ]));
    // Who called: the chat, an MCP client by its name, or another caller of vscode.lm.
    const who = (s.clients || []).map((c) => `${c.client.startsWith('mcp:') ? `MCP: ${c.client.slice(4)}` : c.client} (${c.calls})`).join(' · ');
    const clients = who ? el('p', { class: 'muted small', 'data-testid': 'tool-clients' }, `Clients: ${who}`) : null;
    return section('tools', 'Tools this session', 'tools', s.tools.length, el('div', {}, [table(['Tool', 'Calls', 'Succeeded', 'Failed', 'Returned to model'], rows, 'No tool calls yet.', 'tools-table'), clients]));
  }

  function backups(s) {
    const b = s.backups;
    return section('backups', 'Backups', 'archive', undefined, el('dl', { class: 'facts' }, [
      el('dt', {}, 'Snapshots'), el('dd', { 'data-testid': 'backups-entries' }, `${b.entries} in ${b.files} file${b.files === 1 ? '' : 's'}`),
      el('dt', {}, 'Disk used'), el('dd', { 'data-testid': 'backups-bytes', title: `${b.bytes} bytes` }, diskUsed(b)),
      el('dt', {}, 'Oldest'), el('dd', { 'data-testid': 'backups-oldest' }, b.oldest === null ? '—' : `${new Date(b.oldest).toLocaleString()} (${ago(b.oldest, s.generated_at)})`),
      el('dt', {}, 'Evicted'), el('dd', { 'data-testid': 'backups-evicted' }, evicted(s)),
    ]));
  }

  /** The store's size against its cap, the checkpoints' part, and why it is over the cap when it is. */
  function diskUsed(b) {
    if (b.max_bytes === undefined) return bytes(b.bytes);
    const part = b.checkpoints ? ` (workspace checkpoints: ${bytes(b.checkpoint_bytes)} in ${b.checkpoints})` : '';
    const used = `${bytes(b.bytes)} of ${bytes(b.max_bytes)}${part}`;
    if (!b.over_cap) return used;
    return el('div', {}, [
      el('div', {}, used),
      el('div', { class: 'pill warn', 'data-testid': 'backups-over-cap' }, `Over the cap by ${bytes(b.over_cap.bytes)}: ${b.over_cap.why}`),
    ]);
  }

  /** What retention dropped: versions (restorable texts) named per file, attempts only counted, pruned checkpoints per folder. */
  function evicted(s) {
    const ev = s.evictions || [];
    if (!ev.length) return 'nothing';
    const items = ev.slice(0, 5).map((r) => {
      const why = r.reason === 'size_budget' ? 'size budget' : 'count limit';
      const what = [r.versions ? `${r.versions} version${r.versions === 1 ? '' : 's'}` : '', r.attempts ? `${r.attempts} attempt${r.attempts === 1 ? '' : 's'}` : '', r.checkpoints ? `${r.checkpoints} workspace checkpoint${r.checkpoints === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
      return el('div', { 'data-testid': 'eviction-row', title: `${new Date(r.from_time).toLocaleString()} – ${new Date(r.to_time).toLocaleString()}` }, `${what} of ${r.path} (${why}, ${ago(r.time, s.generated_at)})`);
    });
    if (ev.length > 5) items.push(el('div', {}, `and ${ev.length - 5} earlier`));
    return el('div', {}, items);
  }

  function render(s) {
    const focused = document.activeElement && document.activeElement.getAttribute('data-focus-key');
    const blocked = section('blocked', 'Blocked writes', 'shield', s.blocked.length, table(['Time', 'Tool', 'File', 'Reason'], eventRows(s.blocked, 'blocked-row'), 'No writes blocked.', 'blocked-table'));
    const rollbacks = section('rollbacks', 'Rollbacks performed', 'discard', s.rollbacks.length, table(['Time', 'Tool', 'File', 'Result'], eventRows(s.rollbacks, 'rollback-row'), 'No rollbacks yet.', 'rollbacks-table'));
    root.replaceChildren(
      summary(s),
      el('div', { class: 'grid' }, [chart(s), backups(s)]),
      entries(s),
      el('div', { class: 'grid' }, [counters(s), detections(s)]),
      el('div', { class: 'grid' }, [blocked, rollbacks]),
      tools(s),
    );
    root.setAttribute('data-generated-at', String(s.generated_at));
    updated.textContent = `Updated ${clock(s.generated_at)}`;
    // Keep keyboard focus on the same control across a re-render.
    for (const b of root.querySelectorAll('button')) b.setAttribute('data-focus-key', `${b.getAttribute('data-action')}:${b.getAttribute('data-entry-id') || b.getAttribute('data-path') || ''}`);
    if (focused) {
      const again = root.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('button[data-action]') : null;
    if (!target) return;
    const action = target.getAttribute('data-action');
    if (action === 'rollback' || action === 'compare') vscode.postMessage({ type: action, entryId: target.getAttribute('data-entry-id') });
    else if (action === 'reveal') vscode.postMessage({ type: 'reveal', path: target.getAttribute('data-path') });
    else if (action === 'resetCounters') vscode.postMessage({ type: 'resetCounters' });
  });

  window.addEventListener('message', (event) => {
    const msg = event.data;
    if (!msg || msg.type !== 'state' || !msg.state || msg.state.version !== STATE_VERSION) return;
    vscode.setState(msg.state);
    render(msg.state);
  });

  // A re-shown panel (its page was reloaded) draws the saved state at once, then asks for a fresh one.
  const saved = vscode.getState();
  if (saved && saved.version === STATE_VERSION) render(saved);
  vscode.postMessage({ type: 'ready' });
})();
