import type { JournalEntry, Writer } from './types';

/** The longest writer label shown; a long command line is cut (with "…") so rows stay readable. */
export const MAX_WRITER_LABEL = 120;

/** Agents whose tool names arrive as "<agent>:<tool>", as people call them. */
const AGENT_NAMES: Readonly<Record<string, string>> = {
  copilot: 'Copilot',
  'claude-code': 'Claude Code',
  codex: 'Codex',
  cursor: 'Cursor',
  cline: 'Cline',
};

/**
 * Who wrote a journal entry, in the words the history, the dashboard, list_backups and the turn
 * rollback's preview show: our tool's name ("replace_in_file") when the entry has no writer;
 * "execute_program: node gen.js" for a program execute_program ran; "Copilot:
 * replace_string_in_file" for an agent's own tool; "outside the tools" for a writer we only saw
 * the effect of. Pure, linear in the entry's fields, bounded by MAX_WRITER_LABEL.
 */
export function writerLabel(entry: Pick<JournalEntry, 'tool' | 'writer'>): string {
  return bounded(entry.writer ? describeWriter(entry.writer) : entry.tool);
}

function describeWriter(writer: Writer): string {
  switch (writer.kind) {
    case 'execute_program': {
      const argv = writer.argv ?? [];
      return argv.length > 0 ? `execute_program: ${commandLine(argv)}` : 'execute_program';
    }
    case 'agent_tool':
      return writer.name ? agentToolName(writer.name) : "an agent's own tool";
    case 'outside':
      return writer.name ? `outside the tools (${writer.name})` : 'outside the tools';
    case 'user':
      return 'you (your own change)';
    default:
      // A journal written by a newer version may name a kind this one does not know.
      return writer.name ?? 'another writer';
  }
}

/** "copilot:replace_string_in_file" → "Copilot: replace_string_in_file"; other names as given. */
function agentToolName(name: string): string {
  const colon = name.indexOf(':');
  if (colon <= 0) return name;
  const agent = name.slice(0, colon);
  const known = Object.prototype.hasOwnProperty.call(AGENT_NAMES, agent) ? AGENT_NAMES[agent] : agent;
  return `${known}: ${name.slice(colon + 1)}`;
}

/**
 * A command line as a person would type it: plain arguments as they are, others in double
 * quotes. Stops building once past the label's bound, so a huge argv costs no more than that.
 */
function commandLine(argv: readonly string[]): string {
  let out = '';
  for (const arg of argv) {
    if (out.length > MAX_WRITER_LABEL) break;
    const shown = arg !== '' && isPlain(arg) ? arg : JSON.stringify(arg.slice(0, MAX_WRITER_LABEL + 1));
    out = out === '' ? shown : `${out} ${shown}`;
  }
  return out;
}

/** True for an argument that needs no quotes: letters, digits and a few path characters. */
function isPlain(arg: string): boolean {
  for (let i = 0; i < arg.length; i++) {
    const c = arg.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!alnum && '_-./:=@%+,'.indexOf(arg[i]) < 0) return false;
  }
  return true;
}

function bounded(label: string): string {
  return label.length <= MAX_WRITER_LABEL ? label : `${label.slice(0, MAX_WRITER_LABEL - 1)}…`;
}
