import type { ChangedRange, RawProblem } from '../types';

const PAIRS: ReadonlyArray<{ open: string; close: string; name: string }> = [
  { open: '{', close: '}', name: 'braces' },
  { open: '(', close: ')', name: 'parentheses' },
  { open: '[', close: ']', name: 'brackets' },
];

/**
 * How the edit changed the balance of each bracket pair: for each pair, (opens − closes) in
 * the candidate's changed lines minus the same in the base's changed lines. Positive: the edit
 * added an opener or removed a closer ("leaves '{' unclosed"); negative: the reverse. Brackets inside
 * strings and comments are counted too; that is rare in an edit and only affects the hint.
 */
export function bracketBalanceDelta(baseLines: readonly string[], candidateLines: readonly string[], ranges: readonly ChangedRange[]): Map<string, number> {
  const delta = new Map<string, number>();
  for (const p of PAIRS) delta.set(p.open, 0);
  for (const r of ranges) {
    add(delta, candidateLines, r.candidateStartLine, r.candidateLineCount, 1);
    add(delta, baseLines, r.baseStartLine, r.baseLineCount, -1);
  }
  return delta;
}

function add(delta: Map<string, number>, lines: readonly string[], start: number, count: number, sign: number): void {
  for (let l = start; l < start + count; l++) {
    const text = lines[l - 1] ?? '';
    for (const p of PAIRS) {
      let n = 0;
      for (const ch of text) {
        if (ch === p.open) n++;
        else if (ch === p.close) n--;
      }
      delta.set(p.open, (delta.get(p.open) ?? 0) + sign * n);
    }
  }
}

/**
 * A one-line suggestion for a new problem. A missing token names the token and where it is
 * missing; a Python indentation problem says so; otherwise an unbalanced edit (more '{'
 * than '}' added, say) is named; otherwise a language-specific nudge (YAML, JSON) or a
 * generic one.
 */
export function hintFor(problem: RawProblem, balance: Map<string, number>): string {
  const pair = PAIRS.find((p) => p.close === problem.missingToken || p.open === problem.missingToken);
  if (pair) {
    const d = balance.get(pair.open) ?? 0;
    // Where the imbalance came from is more useful than where the parser noticed it.
    const origin = d > 0 ? `; the edit leaves ${d} '${pair.open}' unclosed` : d < 0 ? `; the edit leaves ${-d} extra '${pair.close}'` : '';
    return `unbalanced ${pair.name}: a '${problem.missingToken}' is missing before line ${problem.line}, column ${problem.column}${origin}`;
  }
  if (problem.missingToken) return `a '${problem.missingToken}' is missing at line ${problem.line}, column ${problem.column}`;
  if (problem.key.startsWith('INDENT:')) return 'check the indentation of this line against the block it belongs to';
  for (const p of PAIRS) {
    const d = balance.get(p.open) ?? 0;
    if (d > 0) return `unbalanced ${p.name}: the edit leaves ${d} '${p.open}' unclosed`;
    if (d < 0) return `unbalanced ${p.name}: the edit leaves ${-d} extra '${p.close}'`;
  }
  if (problem.key.startsWith('YAML:')) return 'check indentation and the "key: value" layout on this line';
  if (problem.key.startsWith('JSON:')) return 'check commas, quotes and brackets around this position';
  return 'check for a missing or extra token just before this position';
}
