// The large inputs of the "planning freezes the window" finding, built deterministically (no
// corpus needed): each case is one call of dist/engine.js with its arguments, and what a
// correct answer is (the expected new text, or the refusal's type).

/** A source-like line, unique per index, ~33 characters (100,000 of them ≈ 3.3 MB). */
const line = (i) => `  const value${i} = compute(${i % 97}, "k${i}");`;

/** The file of `n` unique lines, LF, final newline. */
export function uniqueFile(n) {
  const lines = Array.from({ length: n }, (_, i) => line(i));
  return { lines, text: lines.join('\n') + '\n' };
}

/**
 * `count` one-line changes spread evenly over `lines`, each with 3 context lines on each side:
 * the changed line i becomes `line(i) + ' // edited'`. `drift` puts trailing blanks on the
 * context lines of every hunk (the exact fast path cannot take them; the whitespace tier places them).
 */
export function spreadChanges(lines, count, { drift = false } = {}) {
  const step = Math.floor(lines.length / count);
  const at = Array.from({ length: count }, (_, k) => k * step + (step >> 1));
  const out = lines.slice();
  for (const i of at) out[i] = lines[i] + ' // edited';
  const ctx = (t) => (drift ? t + '  ' : t);
  const hunks = at.map((i) => ({
    oldStart: i - 2,
    before: lines.slice(i - 3, i).map(ctx),
    removed: lines[i],
    added: out[i],
    after: lines.slice(i + 1, i + 4).map(ctx),
  }));
  return { hunks, expected: out.join('\n') + '\n' };
}

/** A unified diff of those hunks for `path` (with ---/+++ headers and correct @@ numbers). */
export function unifiedDiff(path, hunks, { headers = true } = {}) {
  const parts = headers ? [`--- a/${path}`, `+++ b/${path}`] : [];
  for (const h of hunks) {
    parts.push(`@@ -${h.oldStart},7 +${h.oldStart},7 @@`);
    for (const t of h.before) parts.push(' ' + t);
    parts.push('-' + h.removed, '+' + h.added);
    for (const t of h.after) parts.push(' ' + t);
  }
  return parts.join('\n') + '\n';
}

/** The same hunks as an apply_patch (V4A) text: one chunk per hunk, no anchors. */
export function applyPatchText(path, hunks) {
  const parts = ['*** Begin Patch', `*** Update File: ${path}`];
  for (const h of hunks) {
    parts.push('@@');
    for (const t of h.before) parts.push(' ' + t);
    parts.push('-' + h.removed, '+' + h.added);
    for (const t of h.after) parts.push(' ' + t);
  }
  parts.push('*** End Patch');
  return parts.join('\n') + '\n';
}

/**
 * `count` pure insertions spread evenly over `lines`: 3 context lines, then one added line.
 * A multi-file plan checks each such chunk for "already applied" (placed alone, and reversed),
 * the shape that cost the most before.
 */
export function spreadInsertions(lines, count) {
  const step = Math.floor(lines.length / count);
  const at = Array.from({ length: count }, (_, k) => k * step + (step >> 1));
  const out = [];
  let next = 0;
  for (let k = 0; k < count; k++) {
    for (; next <= at[k]; next++) out.push(lines[next]);
    out.push(`  inserted${k}();`);
  }
  for (; next < lines.length; next++) out.push(lines[next]);
  const hunks = at.map((i, k) => ({ oldStart: i - 1, newStart: i - 1 + k, context: lines.slice(i - 2, i + 1), added: `  inserted${k}();` }));
  return { hunks, expected: out.join('\n') + '\n' };
}

/** Those insertions as a unified diff (headers, correct @@ numbers) or as apply_patch chunks. */
export function insertionPatch(path, hunks, format) {
  if (format === 'apply_patch') {
    return ['*** Begin Patch', `*** Update File: ${path}`, ...hunks.flatMap((h) => ['@@', ...h.context.map((t) => ' ' + t), '+' + h.added]), '*** End Patch'].join('\n') + '\n';
  }
  return [`--- a/${path}`, `+++ b/${path}`, ...hunks.flatMap((h) => [`@@ -${h.oldStart},3 +${h.newStart},4 @@`, ...h.context.map((t) => ' ' + t), '+' + h.added])].join('\n') + '\n';
}

/** `count` replace_in_file edits of one file: each changed line as old_text → new_text. */
export function replaceEdits(path, hunks) {
  return hunks.map((h) => ({ path, old_text: h.removed, new_text: h.added }));
}

/**
 * A file of `n` identical lines and one hunk of `size` of them with the middle one changed:
 * with a git-style header (`hint`) the hunk is applied at its stated line (the exact-at-stated-
 * line rule); without one it matches everywhere and must be refused as ambiguous.
 */
export function identicalLines(n, size, { hint }) {
  const same = '    counter += step;';
  const text = (same + '\n').repeat(n);
  const start = 1000; // 1-based line of the hunk's first line
  const mid = size >> 1;
  const body = [];
  for (let k = 0; k < size; k++) {
    if (k === mid) body.push('-' + same, '+' + same + ' // edited');
    else body.push(' ' + same);
  }
  const header = hint ? `@@ -${start},${size} +${start},${size} @@` : '@@ @@';
  const patch = ['--- a/same.js', '+++ b/same.js', header, ...body].join('\n') + '\n';
  const expected = hint
    ? (same + '\n').repeat(start - 1 + mid) + same + ' // edited\n' + (same + '\n').repeat(n - start + 1 - mid - 1)
    : undefined;
  return { text, patch, expected };
}

/**
 * Every case: name, what it runs (a function of the engine module), and the check of its
 * result. `group` puts the single-file path beside the multi-file ones of the same input.
 */
export function buildCases() {
  const big = uniqueFile(100_000); // ≈ 3.3 MB
  const c200 = spreadChanges(big.lines, 200);
  const i200 = spreadInsertions(big.lines, 200);
  const huge = uniqueFile(160_000);
  const c16k = spreadChanges(huge.lines, 16_000);
  const c16kDrift = spreadChanges(huge.lines, 16_000, { drift: true });
  const same = identicalLines(300_000, 2_000, { hint: true });
  const sameNoHint = identicalLines(300_000, 2_000, { hint: false });
  const read = (path, text) => (p) => (p === path ? text : undefined);
  const textOf = (r) => (r.ok ? r.text : undefined);
  const planText = (r) => (r.ok ? r.files[0].text : undefined);
  return [
    {
      group: '200 chunks, 3.3 MB file', name: 'single-file unified diff (safe_patch path)', bytes: big.text.length,
      run: (e) => e.applyUnifiedDiff(big.text, unifiedDiff('big.js', c200.hunks)),
      check: (r) => textOf(r) === c200.expected,
    },
    {
      group: '200 chunks, 3.3 MB file', name: 'multi-file unified diff', bytes: big.text.length,
      run: (e) => e.planPatchFiles(unifiedDiff('big.js', c200.hunks), read('big.js', big.text), 'unified'),
      check: (r) => planText(r) === c200.expected,
    },
    {
      group: '200 chunks, 3.3 MB file', name: 'apply_patch (V4A)', bytes: big.text.length,
      run: (e) => e.planApplyPatch(applyPatchText('big.js', c200.hunks), read('big.js', big.text)),
      check: (r) => planText(r) === c200.expected,
    },
    {
      group: '200 insertion chunks, 3.3 MB file', name: 'single-file unified diff (safe_patch path)', bytes: big.text.length,
      run: (e) => e.applyUnifiedDiff(big.text, insertionPatch('big.js', i200.hunks, 'unified')),
      check: (r) => textOf(r) === i200.expected,
    },
    {
      group: '200 insertion chunks, 3.3 MB file', name: 'multi-file unified diff', bytes: big.text.length,
      run: (e) => e.planPatchFiles(insertionPatch('big.js', i200.hunks, 'unified'), read('big.js', big.text), 'unified'),
      check: (r) => planText(r) === i200.expected,
    },
    {
      group: '200 insertion chunks, 3.3 MB file', name: 'apply_patch (V4A)', bytes: big.text.length,
      run: (e) => e.planApplyPatch(insertionPatch('big.js', i200.hunks, 'apply_patch'), read('big.js', big.text)),
      check: (r) => planText(r) === i200.expected,
    },
    {
      group: '200 edits, 3.3 MB file', name: 'single replace (one of the 200 edits)', bytes: big.text.length,
      run: (e) => e.applySearchReplace(big.text, c200.hunks[100].removed, c200.hunks[100].added),
      check: (r) => r.ok,
    },
    {
      group: '200 edits, 3.3 MB file', name: 'replace_in_file edits[] (200)', bytes: big.text.length,
      run: (e) => e.planReplaceEdits(replaceEdits('big.js', c200.hunks), read('big.js', big.text)),
      check: (r) => planText(r) === c200.expected,
    },
    {
      group: '16,000 hunks, 5.4 MB file', name: 'single-file, exact', bytes: huge.text.length,
      run: (e) => e.applyUnifiedDiff(huge.text, unifiedDiff('huge.js', c16k.hunks)),
      check: (r) => textOf(r) === c16k.expected,
    },
    {
      group: '16,000 hunks, 5.4 MB file', name: 'single-file, whitespace drift (general path)', bytes: huge.text.length,
      run: (e) => e.applyUnifiedDiff(huge.text, unifiedDiff('huge.js', c16kDrift.hunks)),
      check: (r) => textOf(r) === c16kDrift.expected,
    },
    {
      group: '16,000 hunks, 5.4 MB file', name: 'multi-file unified diff, exact', bytes: huge.text.length,
      run: (e) => e.planPatchFiles(unifiedDiff('huge.js', c16k.hunks), read('huge.js', huge.text), 'unified'),
      check: (r) => planText(r) === c16k.expected,
    },
    {
      group: '300,000 identical lines, 2,000-line hunk', name: 'git header at the right line: applied there', bytes: same.text.length,
      run: (e) => e.applyUnifiedDiff(same.text, same.patch),
      check: (r) => textOf(r) === same.expected,
    },
    {
      group: '300,000 identical lines, 2,000-line hunk', name: 'no line numbers: refused as ambiguous', bytes: sameNoHint.text.length,
      run: (e) => e.applyUnifiedDiff(sameNoHint.text, sameNoHint.patch),
      check: (r) => !r.ok && r.error.type === 'AMBIGUOUS_MATCH',
    },
    {
      group: '300,000 identical lines, 2,000-line hunk', name: 'multi-file unified diff, git header', bytes: same.text.length,
      run: (e) => e.planPatchFiles(same.patch, read('same.js', same.text), 'unified'),
      check: (r) => planText(r) === same.expected,
    },
  ];
}
