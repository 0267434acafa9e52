import type { ChangedRange, RawProblem } from '../types';

const PAIRS: ReadonlyArray<{ open: string; close: string; name: string }> = [
  { open: '{', close: '}', name: 'braces' },
  { open: '(', close: ')', name: 'parentheses' },
  { open: '[', close: ']', name: 'brackets' },
];

/** How an edit changed one bracket pair's balance, and the first changed line that did. */
export interface BalanceChange {
  /** (opens − closes) in the candidate's changed lines minus the same in the base's. */
  delta: number;
  /** Candidate line where the first changed range with a non-zero delta starts (0 if none). */
  line: number;
}

/**
 * How the edit changed the balance of each bracket pair (keyed by the opener). Positive: the
 * edit added an opener or removed a closer ("leaves '{' unclosed"); negative: the reverse.
 * Brackets inside strings and comments are counted too; that is rare in an edit and only
 * affects the hint.
 */
export function bracketBalanceDelta(baseLines: readonly string[], candidateLines: readonly string[], ranges: readonly ChangedRange[]): Map<string, BalanceChange> {
  const out = new Map<string, BalanceChange>();
  for (const p of PAIRS) out.set(p.open, { delta: 0, line: 0 });
  for (const r of ranges) {
    for (const p of PAIRS) {
      const d = balanceOf(candidateLines, r.candidateStartLine, r.candidateLineCount, p) - balanceOf(baseLines, r.baseStartLine, r.baseLineCount, p);
      const entry = out.get(p.open)!;
      if (d !== 0 && entry.line === 0) entry.line = r.candidateStartLine;
      entry.delta += d;
    }
  }
  return out;
}

function balanceOf(lines: readonly string[], start: number, count: number, pair: { open: string; close: string }): number {
  let n = 0;
  for (let l = start; l < start + count; l++) {
    for (const ch of lines[l - 1] ?? '') {
      if (ch === pair.open) n++;
      else if (ch === pair.close) n--;
    }
  }
  return n;
}

/**
 * A one-line suggestion for a new problem. A missing token names the token and where it is
 * missing; a Python indentation problem says so; otherwise an unbalanced edit (more '{'
 * than '}' added, say) is named; otherwise a language-specific nudge (YAML, JSON) or a
 * generic one.
 */
export function hintFor(problem: RawProblem, balance: Map<string, BalanceChange>): string {
  const pair = PAIRS.find((p) => p.close === problem.missingToken || p.open === problem.missingToken);
  if (pair) {
    // Where the imbalance came from is more useful than where the parser noticed it.
    const origin = imbalance(pair, balance);
    return `unbalanced ${pair.name}: a '${problem.missingToken}' is missing before line ${problem.line}, column ${problem.column}${origin ? `; ${origin}` : ''}`;
  }
  if (problem.missingToken) return `a '${problem.missingToken}' is missing at line ${problem.line}, column ${problem.column}`;
  if (problem.key.startsWith('INDENT:')) return 'check the indentation of this line against the block it belongs to';
  for (const p of PAIRS) {
    const text = imbalance(p, balance);
    if (text) return `unbalanced ${p.name}: ${text}`;
  }
  if (problem.key.startsWith('YAML:')) return 'check indentation and the "key: value" layout on this line';
  if (problem.key.startsWith('JSON:')) return 'check commas, quotes and brackets around this position';
  return 'check for a missing or extra token just before this position';
}

/** "the edit at line 27 leaves 1 '{' unclosed", "… leaves 2 extra ')'", or '' when balanced. */
function imbalance(pair: { open: string; close: string }, balance: Map<string, BalanceChange>): string {
  const b = balance.get(pair.open);
  if (!b || b.delta === 0) return '';
  const where = b.line > 0 ? `the edit at line ${b.line}` : 'the edit';
  return b.delta > 0 ? `${where} leaves ${b.delta} '${pair.open}' unclosed` : `${where} leaves ${-b.delta} extra '${pair.close}'`;
}
