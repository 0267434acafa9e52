import type { ArgRisk } from './risky-args';

export interface ConfirmationInput {
  /** The program as the agent gave it. */
  program: string;
  /** Its resolved absolute path, when it resolves. */
  resolvedPath?: string;
  args: readonly string[];
  /** The resolved working directory, else the one given. */
  cwd?: string;
  stdinChars?: number;
  risks: readonly ArgRisk[];
}

export interface ConfirmationText {
  /** Fixed wording, safe to render as markdown. */
  intro: string;
  /** Every agent-supplied string, one JSON-quoted per line, for a code block. */
  code: string;
  /** Plain-text notes (may quote agent text): render them as text, never as markdown. */
  notes: string[];
}

/**
 * What execute_program's confirmation says. Everything the agent chose — program, resolved
 * path, cwd, arguments — is JSON-quoted inside one code block (a quote or newline cannot
 * end the line, and no line can start a fence), so none of it is read as markdown.
 */
export function confirmationText(c: ConfirmationInput): ConfirmationText {
  const lines = [
    c.resolvedPath !== undefined ? `program  = ${JSON.stringify(c.resolvedPath)}` : `program  = ${JSON.stringify(c.program)} (not found: the call will fail)`,
    ...(c.cwd !== undefined ? [`cwd      = ${JSON.stringify(c.cwd)}`] : []),
    ...c.args.map((a, i) => `argv[${i + 1}]  = ${JSON.stringify(a)}`),
  ];
  const notes: string[] = [];
  if (c.stdinChars !== undefined) notes.push(`With ${c.stdinChars} characters on standard input.`);
  for (const r of c.risks) notes.push(`Needs your answer every time (${r.kind}): ${r.reason}.`);
  return { intro: 'Run this program without a shell; each argv line is one argument:', code: lines.join('\n'), notes };
}
