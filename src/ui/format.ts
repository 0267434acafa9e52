/**
 * Small pure formatting helpers shared by the tree, the status bar and the dashboard state.
 * No `vscode` import, so they behave the same everywhere.
 */
import type { Outcome } from '../history/types';

/** "12:03:09" in local time: the journal's wall-clock time of one change. */
export function clockTime(epochMs: number): string {
  const d = new Date(epochMs);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** "+3 −1" (a real minus sign), the line delta of one change. */
export function lineDelta(added: number, removed: number): string {
  return `+${added} \u2212${removed}`;
}

/** Human wording of a journal outcome, for descriptions and tooltips. */
export function outcomeLabel(outcome: Outcome): string {
  switch (outcome) {
    case 'applied': return 'applied';
    case 'blocked': return 'blocked';
    case 'failed': return 'failed';
    case 'rolled_back': return 'rolled back';
    case 'interrupted': return 'interrupted';
    case 'pending': return 'in progress';
  }
}

/** A codicon id and theme color id for a journal outcome (rollbacks, by the tool or a command, get their own icon). */
export function outcomeIcon(outcome: Outcome, tool: string): { id: string; color?: string } {
  switch (outcome) {
    case 'applied':
      return tool.startsWith('rollback') ? { id: 'history', color: 'charts.blue' } : { id: 'pass', color: 'testing.iconPassed' };
    case 'blocked': return { id: 'shield', color: 'list.warningForeground' };
    case 'failed': return { id: 'error', color: 'list.errorForeground' };
    case 'rolled_back': return { id: 'discard', color: 'charts.blue' };
    case 'interrupted': return { id: 'warning', color: 'list.warningForeground' };
    case 'pending': return { id: 'loading~spin' };
  }
}

/** Last path segment and its folder ("src/a/b.ts" → ["b.ts", "src/a"]); both separators accepted. */
export function splitPath(path: string): { name: string; folder: string } {
  const normalized = path.replace(/\\/g, '/');
  const cut = normalized.lastIndexOf('/');
  return cut < 0 ? { name: normalized, folder: '' } : { name: normalized.slice(cut + 1), folder: normalized.slice(0, cut) };
}
