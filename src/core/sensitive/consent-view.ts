import type { JsonChangeSummary } from './json-changes';

export const ALLOW_CHOICE = 'Allow This Edit';
export const REVIEW_CHOICE = 'Review Diff…';

export interface ConsentViewInput {
  tool: string;
  displayPath: string;
  /** The protection pattern the path matched. */
  glob: string;
  /** The whole unified diff of the change. */
  diff: string;
  /** For JSON/JSONC files: the key paths the change adds, changes or removes. */
  json?: JsonChangeSummary;
  /** The user has opened the full diff in an editor during this consent. */
  reviewed: boolean;
  /** Most characters of the dialog's detail. Default 3,000. */
  maxDetailChars?: number;
  /** Most lines of the dialog's detail (a modal does not scroll far). Default 40. */
  maxDetailLines?: number;
}

export interface ConsentView {
  message: string;
  detail: string;
  /** True when the detail does not show the whole change (diff or key list shortened). */
  cut: boolean;
  /** Buttons in order; the first one is the dialog's default. Cancel (deny) is always there too. */
  choices: string[];
}

/**
 * What a sensitive-file consent shows and offers. The rule it keeps: Allow is never offered
 * on a view that does not show the whole change. A settings file reindented with the
 * payload as its last key (CVE-2025-53773) puts the payload after any fixed cut, so:
 *
 * - For JSON files the added/changed/removed key paths come first, before any diff text.
 * - When everything fits, the choices are Allow, then Review Diff….
 * - When it does not fit, the detail says so and the only choice is Review Diff… (which
 *   opens the whole change in a diff editor). Once the user has opened it, the view is asked
 *   again with Allow offered, but Review Diff… stays the default button, so Enter on a cut
 *   view never allows.
 *
 * Pure and bounded: only the first `maxDetailChars`/`maxDetailLines` of the diff are read.
 */
export function buildConsentView(input: ConsentViewInput): ConsentView {
  const maxChars = input.maxDetailChars ?? 3000;
  const maxLines = input.maxDetailLines ?? 40;
  const message = `An agent (${input.tool}) wants to change the protected file ${input.displayPath} (matches "${input.glob}").`;
  const parts: string[] = [];
  let cut = false;
  if (input.json) {
    const { changes, truncated, newTextHasErrors } = input.json;
    const lines = changes.map((c) => `  ${c.kind === 'removed' ? '−' : c.kind === 'added' ? '+' : '~'} ${c.path}${c.value !== undefined ? `: ${c.value}` : ''} (${c.kind})`);
    if (truncated) {
      cut = true;
      lines.push('  … and more keys (not all are listed)');
    }
    const head = changes.length === 0 && !truncated ? 'Settings keys changed: none (only formatting or comments).' : 'Settings keys added, changed or removed:';
    parts.push([head, ...lines].join('\n'));
    if (newTextHasErrors) parts.push('The new text is not valid JSON.');
  }
  const used = parts.join('\n\n');
  const budgetChars = Math.max(0, maxChars - used.length);
  const budgetLines = Math.max(0, maxLines - countLines(used));
  const shown = headOf(input.diff, budgetChars, budgetLines);
  if (shown.length < input.diff.length) cut = true;
  if (cut) {
    const total = countLines(input.diff);
    parts.push(`This dialog cannot show the whole change (${total} diff lines, ${input.diff.length} characters). ${input.reviewed ? 'The full diff is open in an editor: read all of it before allowing.' : 'Choose "Review Diff…" to open all of it in a diff editor; you will be asked again.'}`);
    if (shown !== '') parts.push(`Beginning of the diff:\n${shown}\n…`);
  } else {
    parts.push(`Review the change before allowing it:\n\n${shown}`);
  }
  const choices = !cut ? [ALLOW_CHOICE, REVIEW_CHOICE] : input.reviewed ? [REVIEW_CHOICE, ALLOW_CHOICE] : [REVIEW_CHOICE];
  return { message, detail: parts.join('\n\n'), cut, choices };
}

/** The longest prefix of whole lines within both budgets (one pass, stops at the budget). */
function headOf(text: string, maxChars: number, maxLines: number): string {
  if (text.length <= maxChars && countLines(text, maxLines + 1) <= maxLines) return text;
  let end = 0;
  let lines = 0;
  while (lines < maxLines) {
    const nl = text.indexOf('\n', end);
    const next = nl === -1 ? text.length : nl + 1;
    if (next > maxChars) break;
    end = next;
    lines++;
    if (nl === -1) break;
  }
  return text.slice(0, end).replace(/\n$/, '');
}

/** Lines in `text`, counting at most `stopAt`. */
function countLines(text: string, stopAt = Number.MAX_SAFE_INTEGER): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1 && n < stopAt; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
