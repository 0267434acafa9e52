// In-host benchmark (issue 15): every editing tool with DEFAULT settings versus a bare
// workspace.applyEdit + save, side by side and interleaved in one run, on three kinds of file:
// a clean JavaScript file, a JavaScript file with errors, and a file in a language without a
// language server. A benchmark, not a test: it asserts nothing about time. Writes JSON to
// `${ASE_BENCH_OUT}.latency.json`; bench/host/run.mjs prints it.
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

const CALLS = 40;
const LINES = 2000;
type Kind = 'clean_js' | 'errors_js' | 'no_language_server';
const FILES: Record<Kind, string> = { clean_js: 'clean.js', errors_js: 'errors.js', no_language_server: 'plain.cfg' };
const TOOLS = ['safe_patch', 'replace_in_file', 'edit_lines', 'write_file'] as const;

async function invoke(name: string, input: object): Promise<any> {
  const r = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return JSON.parse((r.content[0] as vscode.LanguageModelTextPart).value);
}

function textOf(kind: Kind): string[] {
  return Array.from({ length: LINES }, (_, i) => {
    if (kind === 'no_language_server') return `key_${i} = value ${i}`;
    if (i % 10 === 0) return `function f${i}(a, b) {`;
    if (i % 10 === 9) return '}';
    // the file with errors: an undeclared name every 100 lines (and a syntax error once)
    if (kind === 'errors_js' && i % 100 === 5) return i === 5 ? '  const = broken;' : `  const v${i} = a * undefinedName${i};`;
    return `  const v${i} = a * ${i} + b; // line ${i + 1}`;
  });
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: q(0.5), p95: q(0.95) };
}

describe('bench: edit latency with default settings (issue 15)', () => {
  it('bare applyEdit+save vs every editing tool, three kinds of file', async function () {
    this.timeout(900_000);
    await vscode.extensions.getExtension('agent-safe-edit.agent-safe-edit')!.activate();
    const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const dir = path.join(root, 'bench-latency');
    fs.mkdirSync(dir, { recursive: true });
    const ms: Record<string, number[]> = {};
    const note = (k: string, t: number) => (ms[k] ??= []).push(performance.now() - t);
    const state: Record<string, { rel: string; lines: string[]; sha: string }> = {};
    const bareDocs: Partial<Record<Kind, vscode.TextDocument>> = {};
    for (const kind of Object.keys(FILES) as Kind[]) {
      const lines = textOf(kind);
      const text = lines.join('\n') + '\n';
      fs.writeFileSync(path.join(dir, `bare-${FILES[kind]}`), text);
      bareDocs[kind] = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(dir, `bare-${FILES[kind]}`)));
      for (const tool of TOOLS) {
        const rel = `bench-latency/${tool}-${FILES[kind]}`;
        fs.writeFileSync(path.join(root, rel), text);
        // open it so a language server (when there is one) sees the file, like an agent's file
        await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(root, rel)));
        state[`${tool}:${kind}`] = { rel, lines: [...lines], sha: (await invoke('safe_read_file', { path: rel })).sha256 };
      }
    }
    await new Promise((res) => setTimeout(res, 3000)); // let the JS language server report the errors file

    for (let i = 0; i < CALLS; i++) {
      const lineNo = 23 + i * 45; // a different plain line each time
      for (const kind of Object.keys(FILES) as Kind[]) {
        if (kind === 'clean_js') {
          // The floor of any tool: a vscode.lm.invokeTool round trip that edits nothing.
          const t0 = performance.now();
          await invoke('list_backups', { path: 'bench-latency/none.js' });
          note('invoke_floor', t0);
        }
        const doc = bareDocs[kind]!;
        const old = doc.lineAt(lineNo - 1).text;
        let t = performance.now();
        const edit = new vscode.WorkspaceEdit();
        edit.replace(doc.uri, new vscode.Range(lineNo - 1, 0, lineNo - 1, old.length), `${old} // edited`);
        await vscode.workspace.applyEdit(edit);
        await doc.save();
        note(`bare:${kind}`, t);
        // The order rotates every round: the call right after the bare edit's save shares the
        // host with what that save set off (watchers, the language server), so no tool may
        // always be the one that comes first (safe_patch did, and measured ~20 ms slower).
        for (let k = 0; k < TOOLS.length; k++) {
          const tool = TOOLS[(i + k) % TOOLS.length];
          const s = state[`${tool}:${kind}`];
          const before = s.lines[lineNo - 1];
          const after = `${before} // edited`;
          const input =
            tool === 'safe_patch' ? { path: s.rel, base_sha256: s.sha, unified_diff: `@@ -${lineNo - 1},3 +${lineNo - 1},3 @@\n ${s.lines[lineNo - 2]}\n-${before}\n+${after}\n ${s.lines[lineNo]}\n` }
            : tool === 'replace_in_file' ? { path: s.rel, base_sha256: s.sha, old_text: before, new_text: after }
            : tool === 'edit_lines' ? { path: s.rel, base_sha256: s.sha, mode: 'replace', start_line: lineNo, new_lines: [after] }
            : { path: s.rel, base_sha256: s.sha, content: [...s.lines.slice(0, lineNo - 1), after, ...s.lines.slice(lineNo)].join('\n') + '\n' };
          t = performance.now();
          const r = await invoke(tool, input);
          note(`${tool}:${kind}`, t);
          if (!r.success) throw new Error(`${tool} ${kind}: ${JSON.stringify(r).slice(0, 400)}`);
          s.sha = r.sha256;
          s.lines[lineNo - 1] = after;
        }
      }
    }
    const out: Record<string, unknown> = { calls: CALLS, file_lines: LINES, tools: TOOLS, kinds: Object.keys(FILES) };
    for (const [k, v] of Object.entries(ms)) out[k] = stats(v);
    fs.writeFileSync(`${process.env.ASE_BENCH_OUT ?? path.join(root, 'bench-result.json')}.latency.json`, JSON.stringify(out, null, 2));
  });
});
