import type { AgentName } from '../hook-call';
import { AGENT_FILES, Scope } from './agent-files';
import { editCodexToml } from './codex-toml';
import { editHooks, editMcpServer } from './json-hooks';
import { JsonText, TextResult } from './json-text';

/** The name our MCP server gets in every agent's configuration. */
export const SERVER_NAME = 'agent-safe-edit';

export interface SetupRequest {
  agents: readonly AgentName[];
  scope: Scope;
  /** true: take our entries out instead of putting them in. */
  remove: boolean;
  /** Only our MCP server entries, or only our hooks (default: both). */
  only?: 'mcp' | 'hooks';
  /** The hook command line for an agent (setting only). */
  hookCommand(agent: AgentName): string;
  /**
   * Our MCP server's entry for an agent (setting only): a JSON value for the JSON files, a stdio
   * `{command, args}` for Codex's TOML; undefined when there is none to write (then the file's
   * MCP entry is left as it is).
   */
  mcpEntry(agent: AgentName): unknown;
}

/** One configuration file the setup changes: its path under the scope's folder and how its new text comes from its current one. */
export interface FileEdit {
  /** Relative to the home folder (user scope) or the workspace root, with `/`. */
  rel: string;
  agents: AgentName[];
  /**
   * The new text from the current one (undefined: the file does not exist, and a removal leaves
   * it so), or why the file is left alone.
   */
  edit(current: string | undefined): FileResult;
}

type Step = (current: string | undefined) => TextResult;
export type FileResult = { ok: true; text: string | undefined } | { ok: false; message: string };

/**
 * The files a setup (or removal) changes for these agents in this scope, each with the function
 * that computes its new text from whatever it holds when it is written (the writers call it
 * again under the file's lock, so a change made meanwhile is merged, not overwritten). Several
 * edits of one file (gemini-cli keeps hooks and MCP servers in one settings.json) are chained.
 * Pure.
 */
export function planSetup(req: SetupRequest): FileEdit[] {
  const byFile = new Map<string, { agents: AgentName[]; steps: Step[] }>();
  const add = (rel: string, agent: AgentName, step: Step) => {
    const f = byFile.get(rel) ?? { agents: [], steps: [] };
    if (!f.agents.includes(agent)) f.agents.push(agent);
    f.steps.push(step);
    byFile.set(rel, f);
  };
  for (const agent of req.agents) {
    const files = AGENT_FILES[agent];
    if (files.mcp && req.only !== 'hooks') {
      const rel = files.mcp.file[req.scope];
      const entry = req.remove ? undefined : req.mcpEntry(agent);
      if (req.remove || entry !== undefined) {
        add(rel, agent, files.mcp.format === 'codex-toml'
          ? (current) => editCodexToml(current, rel, SERVER_NAME, entry as { command: string; args: string[] } | undefined)
          : jsonStep(rel, (doc) => editMcpServer(doc, rel, SERVER_NAME, entry)));
      }
    }
    if (req.only !== 'mcp') {
      const { file, shape, events } = files.hooks;
      const rel = file[req.scope];
      const command = req.remove ? undefined : req.hookCommand(agent);
      add(rel, agent, jsonStep(rel, (doc) => {
        const done = editHooks(doc, rel, agent, shape, events, command);
        // Cursor reads hooks.json only with its schema version; a file we create gets it.
        if (done.ok && shape === 'cursor' && command !== undefined && doc.value(['version']) === undefined) doc.set(['version'], 1);
        return done;
      }));
    }
  }
  return [...byFile].map(([rel, f]) => ({
    rel,
    agents: f.agents,
    edit(current): FileResult {
      if (current === undefined && req.remove) return { ok: true, text: undefined };
      let text = current;
      for (const step of f.steps) {
        const r = step(text);
        if (!r.ok) return r;
        text = r.text;
      }
      return { ok: true, text };
    },
  }));
}

function jsonStep(rel: string, change: (doc: JsonText) => { ok: true } | { ok: false; message: string }): Step {
  return (current) => {
    const doc = JsonText.open(current, rel);
    if (!(doc instanceof JsonText)) return doc;
    const done = change(doc);
    return done.ok ? doc.result() : done;
  };
}
