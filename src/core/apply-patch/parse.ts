/**
 * Parser of the apply_patch (V4A) format (grammar and decisions: README.md).
 *
 * One pass over the lines, no regex that can backtrack: linear in the patch's length.
 * Tolerates what models write around and inside the format (prose or a Markdown fence
 * around it, a missing `*** End Patch`, whitespace around marker lines (padded-markers.ts),
 * blank lines after `*** End of File`, CRLF, unified diff `@@ -a,b +c,d @@` headers, blank
 * context lines that lost their space); refuses anything whose meaning would be a guess,
 * naming the patch line.
 */
import type { HunkLine } from '../patch/parse';
import type { Chunk, FileOp, ParsedPatch } from './types';
import { ADD, BEGIN, DELETE, END, EOF_MARK, FileHasLine, isInnerMarker, isOpHeader, MOVE, UPDATE } from './padded-markers';

/** `-a[,b] +c[,d] @@…` after the leading `@@` of a unified-diff hunk header (fixed shape, no nesting). */
const UNIFIED_RANGES = /^\s*-\d+(?:,\d+)?\s+\+\d+(?:,\d+)?\s*@@+/;

/**
 * Parse `patchText`. Contract: never throws; returns the file operations in patch order, or
 * a message (with the 1-based patch line when one line is to blame). Every update section
 * has at least one chunk unless it is a pure move; every chunk has at least one `+` or `-`
 * line; paths are relative, without `..`, and each file is named by one section only.
 * `fileHasLine` decides the padded marker lines that could also be context lines (see
 * padded-markers.ts); without it they read as markers.
 */
export function parseApplyPatch(patchText: string, fileHasLine?: FileHasLine): ParsedPatch {
  const text = patchText.charCodeAt(0) === 0xfeff ? patchText.slice(1) : patchText;
  const raw = text.split('\n');
  const lineAt = (i: number) => (raw[i].charCodeAt(raw[i].length - 1) === 13 ? raw[i].slice(0, -1) : raw[i]);
  const notes: string[] = [];

  // The patch starts at "*** Begin Patch", or (when a model left it out) at the first file header.
  let start = -1;
  for (let i = 0; i < raw.length && start < 0; i++) {
    const m = lineAt(i).trim();
    if (m === BEGIN) start = i + 1;
    else if (isOpHeader(m)) {
      start = i;
      notes.push('the patch has no "*** Begin Patch" line; it was read from its first file header');
    }
  }
  if (start < 0) return { ok: false, message: 'The text has no "*** Begin Patch" line and no "*** Add/Update/Delete File:" header.' };

  const ops: FileOp[] = [];
  let op: FileOp | null = null;
  let chunk: Chunk | null = null;
  let chunkClosed = false; // the current chunk ended with "*** End of File"
  let pendingBlank = 0; // Add File: unprefixed blank lines not yet known to be inside the file
  let ended = false;

  const closeChunk = () => {
    if (chunk && !chunk.atEnd) trimTrailingBlank(chunk.lines);
    chunk = null;
    chunkClosed = false;
  };
  const bad = (i: number, why: string): ParsedPatch => ({ ok: false, message: `Patch line ${i + 1}: ${why}`, line: i + 1 });

  let i = start;
  for (; i < raw.length; i++) {
    const line = lineAt(i);
    const unpadded = line.trimEnd();
    let marker = unpadded;
    if (line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9) {
      const trimmed = unpadded.trimStart();
      if (isInnerMarker(trimmed)) {
        // " *** End Patch" in an update section is also the context line "*** End Patch"
        if (op?.kind === 'update' && line.charCodeAt(0) === 32 && fileHasLine?.(op.path, trimmed)) return ambiguousPadding(i, line, trimmed, op.path);
        marker = trimmed;
      }
    }
    if (marker === END) {
      ended = true;
      break;
    }
    // a closing Markdown fence at column 0 ends a patch whose "*** End Patch" is missing
    if (unpadded.startsWith('```')) break;
    if (isOpHeader(marker)) {
      closeChunk();
      pendingBlank = 0;
      const kind = marker.startsWith(ADD) ? 'add' : marker.startsWith(DELETE) ? 'delete' : 'update';
      const path = marker.slice(kind === 'add' ? ADD.length : kind === 'delete' ? DELETE.length : UPDATE.length).trim();
      op = kind === 'add' ? { kind, path, lines: [] } : kind === 'delete' ? { kind, path } : { kind, path, chunks: [] };
      ops.push(op);
      continue;
    }
    if (marker.startsWith(MOVE)) {
      if (!op || op.kind !== 'update' || op.chunks.length || op.moveTo !== undefined) return bad(i, '"*** Move to:" must directly follow an "*** Update File:" line.');
      op.moveTo = marker.slice(MOVE.length).trim();
      continue;
    }
    if (!op) {
      if (marker === '') continue;
      return bad(i, `expected "*** Add File:", "*** Update File:" or "*** Delete File:", found '${clip(line)}'.`);
    }
    if (op.kind === 'add') {
      if (line.startsWith('+')) {
        for (; pendingBlank > 0; pendingBlank--) op.lines.push('');
        op.lines.push(line.slice(1));
      } else if (marker === '') pendingBlank++;
      else return bad(i, `a line of "*** Add File: ${op.path}" must start with '+'.`);
      continue;
    }
    if (op.kind === 'delete') {
      if (marker === '') continue;
      return bad(i, `"*** Delete File: ${op.path}" takes no lines after it.`);
    }
    // update section
    if (marker === EOF_MARK) {
      if (!chunk || !(chunk as Chunk).lines.length) return bad(i, '"*** End of File" must follow the lines of a chunk.');
      (chunk as Chunk).atEnd = true;
      chunkClosed = true;
      continue;
    }
    if (marker.startsWith('@@')) {
      const anchor = anchorOf(marker.slice(2));
      if (chunk && !chunkClosed && !(chunk as Chunk).lines.length) {
        // consecutive @@ lines: a chain of anchors, outer first
        if (anchor !== undefined) (chunk as Chunk).anchors.push(anchor);
        continue;
      }
      closeChunk();
      chunk = { index: op.chunks.length + 1, anchors: anchor !== undefined ? [anchor] : [], lines: [], atEnd: false, patchLine: i + 1 };
      op.chunks.push(chunk);
      continue;
    }
    const c = line.charCodeAt(0);
    let body: HunkLine | null = null;
    if (c === 32 || c === 43 || c === 45) body = { kind: c === 32 ? ' ' : c === 43 ? '+' : '-', text: line.slice(1) };
    else if (marker === '') body = { kind: ' ', text: line }; // a blank context line whose space was eaten
    if (!body) return bad(i, `expected a line starting with ' ', '-' or '+', "@@", or a "*** " marker in "*** Update File: ${op.path}", found '${clip(line)}'.`);
    // blank lines between "*** End of File" and the next marker separate, they are not context
    if (chunkClosed && marker === '') continue;
    if (chunkClosed) return bad(i, 'lines after "*** End of File" need a new "@@" line first.');
    if (!chunk) {
      // the first chunk of a section may omit its "@@" line
      chunk = { index: op.chunks.length + 1, anchors: [], lines: [], atEnd: false, patchLine: i + 1 };
      op.chunks.push(chunk);
    }
    (chunk as Chunk).lines.push(body);
  }
  closeChunk();
  if (!ended) {
    if (i >= raw.length) notes.push('the patch has no "*** End Patch" line; it was read to the end of the text');
    else notes.push('the patch has no "*** End Patch" line; it was read to the closing ``` fence');
  }
  return validate(ops, notes);
}

/**
 * The refusal of a padded marker line that is also a context line of the section's file: which
 * reading was meant is a guess either way.
 */
function ambiguousPadding(i: number, line: string, trimmed: string, path: string): ParsedPatch {
  return {
    ok: false,
    line: i + 1,
    message:
      `Patch line ${i + 1}: '${clip(line)}' reads two ways: the marker "${clip(trimmed)}" with leading whitespace, or a context line of ${clip(path)}, ` +
      `which has a line '${clip(trimmed)}'. For the marker, write it without leading whitespace; to keep that line as context, choose other context lines or send the change as a unified diff or with replace_in_file.`,
  };
}

/** The anchor text after a chunk's leading `@@`, or undefined for a bare `@@` (or `@@ -1,3 +1,4 @@`). */
function anchorOf(rest: string): string | undefined {
  const u = UNIFIED_RANGES.exec(rest);
  // git puts the enclosing function after a unified header ("@@ -1,3 +1,4 @@ def f():"): an anchor too
  let a = u ? rest.slice(u[0].length) : rest;
  a = a.trimEnd();
  if (a.startsWith(' ')) a = a.slice(1);
  // "@@ @@" or "@@@": no text
  if (a.trim() === '' || /^@+$/.test(a.trim())) return undefined;
  return a;
}

/** Drop blank context lines at a chunk's end: a blank line before the next marker is a separator far more often than context. */
function trimTrailingBlank(lines: HunkLine[]): void {
  while (lines.length && lines[lines.length - 1].kind === ' ' && lines[lines.length - 1].text.trim() === '') lines.pop();
}

function validate(ops: FileOp[], notes: string[]): ParsedPatch {
  if (!ops.length) return { ok: false, message: 'The patch names no file: add an "*** Update File:", "*** Add File:" or "*** Delete File:" section.' };
  const seen = new Set<string>();
  for (const op of ops) {
    for (const p of op.kind === 'update' && op.moveTo !== undefined ? [op.path, op.moveTo] : [op.path]) {
      const why = pathProblem(p);
      if (why) return { ok: false, message: `Path '${clip(p)}': ${why}` };
    }
    const names = op.kind === 'update' && op.moveTo !== undefined && op.moveTo !== op.path ? [op.path, op.moveTo] : [op.path];
    for (const n of names) {
      if (seen.has(n)) return { ok: false, message: `'${clip(n)}' is named by two sections of the patch; put all changes of one file in one section.` };
      seen.add(n);
    }
    if (op.kind !== 'update') continue;
    if (!op.chunks.length && op.moveTo === undefined) return { ok: false, message: `"*** Update File: ${clip(op.path)}" has no chunk: add its lines (' ', '-', '+').` };
    for (const ch of op.chunks) {
      if (!ch.lines.length) return { ok: false, message: `${op.path}, hunk ${ch.index} (patch line ${ch.patchLine}) has no lines.`, line: ch.patchLine };
      if (!ch.lines.some((l) => l.kind !== ' ')) return { ok: false, message: `${op.path}, hunk ${ch.index} (patch line ${ch.patchLine}) changes nothing (it has no + or - line).`, line: ch.patchLine };
    }
  }
  return { ok: true, ops, notes };
}

/** Why a patch path is refused, or undefined: paths are workspace-relative, plain, and stay inside. */
function pathProblem(p: string): string | undefined {
  if (p === '') return 'the path is empty.';
  if (p.indexOf('\0') >= 0) return 'the path holds a NUL character.';
  if (p.startsWith('/') || p.startsWith('\\') || (p.length > 1 && p[1] === ':')) return 'the path must be relative to the workspace.';
  for (const seg of p.split(/[\\/]/)) if (seg === '..') return 'the path must not contain "..".';
  return undefined;
}

const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 120)}…` : s);
