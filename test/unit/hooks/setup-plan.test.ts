import { strict as assert } from 'node:assert';
import { parse } from 'jsonc-parser';
import { DIALECTS } from '../../../src/hooks/agents';
import { AGENTS, AgentName } from '../../../src/hooks/hook-call';
import { AGENT_FILES, Scope } from '../../../src/hooks/setup/agent-files';
import { FileEdit, planSetup } from '../../../src/hooks/setup/plan';

const HOOK = (agent: AgentName, strict = false) => `node /opt/ase/dist/cli.js hook ${agent}${strict ? ' --strict' : ''}`;
const STDIO = { command: 'node', args: ['/opt/ase/dist/cli.js', 'mcp', '--root', '/w'] };

function plan(agent: AgentName, scope: Scope, o: { remove?: boolean; strict?: boolean; only?: 'mcp' | 'hooks' } = {}): FileEdit[] {
  return planSetup({ agents: [agent], scope, remove: !!o.remove, only: o.only, hookCommand: (a) => HOOK(a, o.strict), mcpEntry: () => STDIO });
}

/** Runs every file edit of a plan on the given current texts; the new texts by file. */
function run(files: FileEdit[], current: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const f of files) {
    const r = f.edit(current[f.rel]);
    assert.ok(r.ok, !r.ok ? r.message : '');
    out[f.rel] = r.text;
  }
  return out;
}

/** `whole` holds every value of `part` (objects: their keys; lists: their items, in order, among others). */
function assertIncludes(whole: unknown, part: unknown, where: string): void {
  if (Array.isArray(part)) {
    assert.ok(Array.isArray(whole), where);
    let at = 0;
    for (const item of part) {
      while (at < whole.length && JSON.stringify(whole[at]) !== JSON.stringify(item)) at++;
      assert.ok(at < whole.length, `${where}: ${JSON.stringify(item)} is kept`);
    }
  } else if (part !== null && typeof part === 'object') {
    for (const [k, v] of Object.entries(part)) assertIncludes((whole as Record<string, unknown>)?.[k], v, `${where}.${k}`);
  } else assert.equal(whole, part, where);
}

const group = (matcher: string, command: string) => ({ matcher, hooks: [{ type: 'command', command }] });

/** What each agent's new files hold, written out from the agents' documented formats. */
const EXPECTED: Record<AgentName, (scope: Scope, cmd: string) => Record<string, unknown>> = {
  'claude-code': (scope, cmd) => ({
    [scope === 'user' ? '.claude.json' : '.mcp.json']: { mcpServers: { 'agent-safe-edit': STDIO } },
    '.claude/settings.json': { hooks: { PreToolUse: [group('Edit|MultiEdit|Write|NotebookEdit|Bash', cmd)], PostToolUse: [group('Edit|MultiEdit|Write|NotebookEdit|Bash', cmd)] } },
  }),
  codex: (_scope, cmd) => ({
    '.codex/config.toml': `[mcp_servers.agent-safe-edit]\ncommand = "node"\nargs = ["/opt/ase/dist/cli.js", "mcp", "--root", "/w"]\n`,
    '.codex/hooks.json': { hooks: { PreToolUse: [group('apply_patch|Bash|shell', cmd)], PostToolUse: [group('apply_patch|Bash|shell', cmd)] } },
  }),
  cursor: (_scope, cmd) => ({
    '.cursor/mcp.json': { mcpServers: { 'agent-safe-edit': STDIO } },
    '.cursor/hooks.json': {
      version: 1,
      hooks: {
        preToolUse: [{ command: cmd, matcher: 'Edit|StrReplace|MultiEdit|Write|Delete|EditNotebook' }],
        postToolUse: [{ command: cmd, matcher: 'Edit|StrReplace|MultiEdit|Write|Delete|EditNotebook' }],
        beforeShellExecution: [{ command: cmd }],
        afterShellExecution: [{ command: cmd }],
      },
    },
  }),
  'gemini-cli': (_scope, cmd) => ({
    '.gemini/settings.json': {
      mcpServers: { 'agent-safe-edit': STDIO },
      hooks: { BeforeTool: [group('^(replace|write_file|run_shell_command)$', cmd)], AfterTool: [group('^(replace|write_file|run_shell_command)$', cmd)] },
    },
  }),
  copilot: (scope, cmd) => ({
    [scope === 'user' ? '.copilot/hooks/agent-safe-edit.json' : '.github/hooks/agent-safe-edit.json']: { hooks: { PreToolUse: [{ type: 'command', command: cmd }], PostToolUse: [{ type: 'command', command: cmd }] } },
  }),
};

/** A file of the user's own in the agent's format: settings, a hook of theirs, comments. */
function usersOwn(rel: string): string {
  if (rel.endsWith('.toml')) return '# my codex settings\nmodel = "o3"\n\n[mcp_servers.github]\ncommand = "gh-mcp"\nargs = ["--stdio"] # the GitHub server\n';
  const event = rel.includes('cursor/hooks') ? 'preToolUse' : rel.includes('gemini') ? 'BeforeTool' : 'PreToolUse';
  const theirs = rel.includes('cursor/hooks') || rel.includes('hooks/agent-safe-edit') ? '{"command": "./lint.sh"}' : '{"matcher": "Bash", "hooks": [{"type": "command", "command": "./lint.sh"}]}';
  // Cursor's hooks file always carries its schema version (the setup adds it to a file without one, and leaves it on removal).
  const version = rel.includes('cursor/hooks') ? '  "version": 1,\n' : '';
  return `{\n  // my settings\n${version}  "theme": "dark",\n  "mcpServers": {\n    "github": { "command": "gh-mcp" }, // mine\n  },\n  "hooks": {\n    "${event}": [${theirs}]\n  }\n}\n`;
}

describe('setup plan: each agent × scope\'s files, merged into what is there', () => {
  for (const agent of AGENTS) {
    for (const scope of ['workspace', 'user'] as const) {
      it(`${agent} (${scope}): absent files get exactly our MCP entry and hooks in the agent's format`, () => {
        const out = run(plan(agent, scope));
        const expected = EXPECTED[agent](scope, HOOK(agent));
        assert.deepEqual(Object.keys(out).sort(), Object.keys(expected).sort());
        for (const [rel, want] of Object.entries(expected)) {
          if (typeof want === 'string') assert.equal(out[rel], want, rel);
          else assert.deepEqual(JSON.parse(out[rel]!), want, rel);
        }
      });

      it(`${agent} (${scope}): the user's own settings, servers, hooks and comments are kept; a second run changes nothing; removal gives back the same bytes`, () => {
        const files = plan(agent, scope);
        const before = Object.fromEntries(files.map((f) => [f.rel, usersOwn(f.rel)]));
        const once = run(files, before);
        for (const f of files) {
          const text = once[f.rel]!;
          assert.notEqual(text, before[f.rel], `${f.rel} changed`);
          // Everything of the user's is still there: the values (ours are only added) and the comments.
          if (f.rel.endsWith('.toml')) for (const line of before[f.rel]!.split('\n')) assert.ok(text.includes(line), `${f.rel}: ${JSON.stringify(line)} is kept`);
          else assertIncludes(parse(text), parse(before[f.rel]!), f.rel);
          for (const comment of ['// my settings', '// mine', '# my codex settings', '# the GitHub server']) {
            if (before[f.rel]!.includes(comment)) assert.ok(text.includes(comment), `${f.rel}: ${comment} is kept`);
          }
          assert.ok(text.includes(HOOK(agent)) || (f.rel.endsWith('.toml') && text.includes('[mcp_servers.agent-safe-edit]')) || f.rel.includes('mcp.json') || f.rel === '.claude.json');
        }
        assert.deepEqual(run(files, once), once, 'the second run changes nothing');
        assert.deepEqual(run(plan(agent, scope, { remove: true }), once), before, 'removal leaves every file as it was, byte for byte');
      });

      it(`${agent} (${scope}): strict mode adds --strict to every hook command; setting it again replaces ours, never duplicates them`, () => {
        const plain = run(plan(agent, scope));
        const strict = run(plan(agent, scope, { strict: true }), plain);
        const all = Object.values(strict).join('\n');
        const count = (s: string, what: string) => s.split(what).length - 1;
        const events = AGENT_FILES[agent].hooks.events.length;
        assert.equal(count(all, `${HOOK(agent)} --strict"`), events, 'one strict hook per event');
        assert.equal(count(all, `${HOOK(agent)}"`), 0, 'no plain hook left');
        assert.deepEqual(run(plan(agent, scope), strict), plain, 'and back');
      });
    }

    it(`${agent}: a file that does not parse is refused with its name, never overwritten`, () => {
      for (const f of plan(agent, 'workspace')) {
        const broken = f.rel.endsWith('.toml') ? '[mcp_servers.x\ncommand = "y"\n' : '{ "hooks": { "PreToolUse": [ }\n';
        const r = f.edit(broken);
        assert.equal(r.ok, false);
        assert.match((r as { message: string }).message, new RegExp(f.rel.replace(/[.*]/g, '\\$&')));
        assert.match((r as { message: string }).message, /left as it is/);
      }
    });

    it(`${agent}: the hook events and matchers written are the ones its payload parser reads (pre and post, file tools and shell)`, () => {
      const { events } = AGENT_FILES[agent].hooks;
      const kinds = new Set<string>();
      const seen = { pre: 0, post: 0 };
      for (const e of events) {
        const tools = e.matcher ? e.matcher.replace(/^\^\(|\)\$$/g, '').split('|') : [];
        const eventPayload = (tool: string) => ({ hook_event_name: e.event, tool_name: tool, tool_input: { command: 'ls', file_path: 'a.txt', filePath: 'a.txt' }, command: 'ls', session_id: 's', conversation_id: 'c' });
        for (const tool of tools.length ? tools : ['(any)']) {
          const parsed = DIALECTS[agent].parse(eventPayload(tool), '/w');
          assert.ok(parsed.ok, `${agent} reads ${e.event}/${tool}: ${!parsed.ok ? parsed.reason : ''}`);
          seen[parsed.call.event]++;
          if (tools.length) assert.notEqual(parsed.call.kind, 'other', `${tool} is one of ${agent}'s tools the parser knows`);
          kinds.add(parsed.call.kind);
        }
      }
      assert.ok(seen.pre > 0 && seen.post > 0, 'pre and post events');
      if (agent !== 'copilot') assert.ok(kinds.has('shell') && [...kinds].some((k) => k === 'edit' || k === 'write'), [...kinds].join());
    });
  }

  it('Copilot gets hooks only: its MCP is the extension itself', () => {
    assert.deepEqual(plan('copilot', 'workspace').map((f) => f.rel), ['.github/hooks/agent-safe-edit.json']);
    assert.deepEqual(plan('copilot', 'workspace', { only: 'mcp' }), []);
  });

  it('only: "mcp" writes the MCP entries and leaves the hooks files alone; removing from absent files changes nothing', () => {
    assert.deepEqual(plan('claude-code', 'workspace', { only: 'mcp' }).map((f) => f.rel), ['.mcp.json']);
    for (const f of plan('cursor', 'user', { remove: true })) assert.deepEqual(f.edit(undefined), { ok: true, text: undefined });
  });

  it('our hook inside a group the user shares is taken out of the group, the user\'s hook stays; a duplicate of ours goes', () => {
    const cmd = HOOK('claude-code');
    const current = JSON.stringify({ hooks: { PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: './mine.sh' }, { type: 'command', command: cmd }] },
      group('Edit', cmd), group('Write', `${cmd} --strict`),
    ] } }, null, 2);
    const hooksFile = plan('claude-code', 'workspace').find((f) => f.rel === '.claude/settings.json')!;
    const r = hooksFile.edit(current);
    assert.ok(r.ok);
    const pre = parse(r.text!).hooks.PreToolUse;
    assert.deepEqual(pre, [{ matcher: 'Bash', hooks: [{ type: 'command', command: './mine.sh' }] }, group('Edit|MultiEdit|Write|NotebookEdit|Bash', cmd)]);
  });

  it('a tab-indented CRLF file gets our entries indented with tabs and CRLF line ends; removal gives back the same bytes', () => {
    const before = '{\r\n\t"mcpServers": {\r\n\t\t"github": {\r\n\t\t\t"command": "gh"\r\n\t\t}\r\n\t}\r\n}\r\n';
    const [file] = plan('cursor', 'workspace', { only: 'mcp' });
    const added = file.edit(before);
    assert.ok(added.ok);
    assert.ok(!/[^\r]\n/.test(added.text!), 'CRLF only');
    assert.match(added.text!, /\r\n\t\t"agent-safe-edit": \{\r\n\t\t\t"command": "node",/);
    assert.deepEqual(plan('cursor', 'workspace', { only: 'mcp', remove: true })[0].edit(added.text), { ok: true, text: before });
  });

  it('another program\'s hook that merely mentions the agent is not taken for ours', () => {
    const theirs = { hooks: { PreToolUse: [group('Bash', 'my-tool hook claude-code'), group('Bash', 'node cli.js hook claude-code-extra')] } };
    const hooksFile = plan('claude-code', 'workspace', { remove: true }).find((f) => f.rel === '.claude/settings.json')!;
    const text = JSON.stringify(theirs, null, 2) + '\n';
    assert.deepEqual(hooksFile.edit(text), { ok: true, text });
  });
});
