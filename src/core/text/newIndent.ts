/**
 * Where new_text's indentation is written from, when old_text matched the file only after an
 * indentation shift (old_text dedented or over-indented relative to the file).
 *
 * Two readings: new_text was written at old_text's indentation (then it takes the same shift),
 * or it was already written at the file's indentation (then it is kept as written). Applying
 * the shift to a new_text that already had the file's indentation indents it twice, and
 * keeping one written at old_text's indentation leaves it dedented: both are silent wrong
 * writes, so when the texts do not say which reading holds, the edit is refused.
 *
 * Evidence, strongest first:
 * 1. lines new_text keeps from old_text (same trimmed content, once in old_text): their
 *    indentation equals old_text's (shift) or the file's (keep);
 * 2. otherwise new_text's first non-blank line: at old_text's first line's indentation
 *    (shift) or at the file's (keep).
 */
import { leadingWs } from './indent';

export type NewIndentReading = 'shift' | 'keep' | 'ambiguous';

/**
 * `oldCore[k]` matched `fileLines[k]`; `newLines` is new_text. Linear: one map of old_text's
 * trimmed lines.
 */
export function readNewIndent(oldCore: string[], fileLines: string[], newLines: string[]): NewIndentReading {
  const at = new Map<string, number>();
  for (let k = 0; k < oldCore.length; k++) {
    const t = oldCore[k].trim();
    if (!t) continue;
    at.set(t, at.has(t) ? -1 : k); // -1: occurs twice, no evidence
  }
  let common = 0;
  let asOld = true;
  let asFile = true;
  for (const l of newLines) {
    const k = at.get(l.trim());
    if (k === undefined || k < 0 || fileLines[k] === undefined) continue;
    common++;
    const ws = leadingWs(l);
    if (ws !== leadingWs(oldCore[k])) asOld = false;
    if (ws !== leadingWs(fileLines[k])) asFile = false;
  }
  if (common && asOld !== asFile) return asOld ? 'shift' : 'keep';
  const o = oldCore.findIndex((l) => l.trim() !== '');
  const n = newLines.find((l) => l.trim() !== '');
  if (o < 0 || n === undefined || fileLines[o] === undefined) return 'shift';
  const ws = leadingWs(n);
  if (ws === leadingWs(oldCore[o])) return 'shift';
  if (ws === leadingWs(fileLines[o])) return 'keep';
  return 'ambiguous';
}

export const AMBIGUOUS_NEW_INDENT =
  "old_text needed an indentation shift to match the file, and new_text's indentation fits neither old_text's nor the file's, so where its lines belong cannot be told; send old_text and new_text with the file's indentation.";

const cols = (ws: string): number => {
  let w = 0;
  for (let i = 0; i < ws.length; i++) w += ws[i] === '\t' ? 4 - (w % 4) : 1;
  return w;
};

/**
 * For a refusal when no indentation mapping fits: the first two non-blank pairs whose shifts
 * (file columns minus edit columns, a tab to the next multiple of 4) differ, as "line K is
 * shifted by A columns, line J by B", so the message names the lines that disagree.
 */
export function describeIndentConflict(pairs: Array<[string, string]>, lineLabel: (k: number) => string): string {
  let first = -1;
  let d0 = 0;
  for (let k = 0; k < pairs.length; k++) {
    const [e, f] = pairs[k];
    if (!e.trim() || !f.trim()) continue;
    const d = cols(leadingWs(f)) - cols(leadingWs(e));
    if (first < 0) {
      first = k;
      d0 = d;
    } else if (d !== d0) {
      return `${lineLabel(first)} is ${shift(d0)} in the file, but ${lineLabel(k)} is ${shift(d)}`;
    }
  }
  return 'the indentation of its lines differs from the file\'s by different amounts';
}

const shift = (d: number): string => (d === 0 ? 'at the same indentation' : d > 0 ? `indented ${d} column${d === 1 ? '' : 's'} deeper` : `indented ${-d} column${d === -1 ? '' : 's'} less`);
