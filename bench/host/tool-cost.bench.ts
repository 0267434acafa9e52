// Runs inside the real extension host (see bench/host/run.mjs); a benchmark, not a test: it
// asserts nothing about time. It writes its measurements as JSON to ASE_BENCH_OUT.
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

const CALLS = 50;

async function invoke(name: string, input: object): Promise<{ json: any; bytes: number }> {
  const r = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = (r.content[0] as vscode.LanguageModelTextPart).value;
  return { json: JSON.parse(text), bytes: Buffer.byteLength(text, 'utf8') };
}

function sourceLines(n: number): string[] {
  return Array.from({ length: n }, (_, i) => (i % 10 === 0 ? `function f${i}(a, b) {` : i % 10 === 9 ? '}' : `  const v${i} = a * ${i} + b; // line ${i + 1}`));
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: q(0.5), p95: q(0.95), min: s[0], max: s[s.length - 1] };
}

describe('bench: tool cost in the extension host', () => {
  it('safe_patch vs bare applyEdit+save, validation on/off, result sizes', async function () {
    this.timeout(600_000);
    const ext = vscode.extensions.getExtension('agent-safe-edit.agent-safe-edit')!;
    await ext.activate();
    const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const dir = path.join(root, 'bench');
    fs.mkdirSync(dir, { recursive: true });
    const lines = sourceLines(2000);
    const text = lines.join('\n') + '\n';
    const safeFile = path.join(dir, 'safe.js');
    const bareFile = path.join(dir, 'bare.js');
    const offFile = path.join(dir, 'off.c');
    const onFile = path.join(dir, 'on.c');
    fs.writeFileSync(safeFile, text);
    fs.writeFileSync(bareFile, text);
    const cText = lines.map((l) => l.replace(/^function (\w+)\(a, b\) \{$/, 'int $1(int a, int b) {').replace(/const/, 'int').replace('//', '/*') + (l.includes('/*') || l.includes('//') ? ' */' : '')).join('\n') + '\n';
    fs.writeFileSync(offFile, cText);
    fs.writeFileSync(onFile, cText);

    const bareDoc = await vscode.workspace.openTextDocument(vscode.Uri.file(bareFile));
    const config = vscode.workspace.getConfiguration('safeEdit');
    const safeMs: number[] = [];
    const safeNoDiagMs: number[] = [];
    const bareMs: number[] = [];
    // Series 1: safe_patch with the diagnostics wait off (the safety layer alone), versus bare.
    // Series 2 (below): default settings, which wait for the language server's diagnostics.
    await config.update('diagnostics.maxWaitMs', 0, vscode.ConfigurationTarget.Workspace);
    fs.writeFileSync(path.join(dir, 'safe2.js'), text);
    let sha = (await invoke('safe_read_file', { path: 'bench/safe.js' })).json.sha256;
    for (let i = 0; i < CALLS; i++) {
      const lineNo = 22 + i * 40; // a different line each time, never a function header/footer
      const old = lines[lineNo - 1];
      const neu = old.replace('+ b', '- b');
      const diff = `@@ -${lineNo - 1},3 +${lineNo - 1},3 @@\n ${lines[lineNo - 2]}\n-${old}\n+${neu}\n ${lines[lineNo]}\n`;
      let t = performance.now();
      const r = await invoke('safe_patch', { path: 'bench/safe.js', base_sha256: sha, unified_diff: diff, skip_validation: true });
      safeNoDiagMs.push(performance.now() - t);
      if (!r.json.success) throw new Error(JSON.stringify(r.json));
      sha = r.json.sha256;
      t = performance.now();
      const edit = new vscode.WorkspaceEdit();
      edit.replace(bareDoc.uri, new vscode.Range(lineNo - 1, 0, lineNo - 1, old.length), neu);
      await vscode.workspace.applyEdit(edit);
      await bareDoc.save();
      bareMs.push(performance.now() - t);
    }
    if (fs.readFileSync(safeFile, 'utf8') !== fs.readFileSync(bareFile, 'utf8')) throw new Error('safe and bare results differ');
    await config.update('diagnostics.maxWaitMs', undefined, vscode.ConfigurationTarget.Workspace);
    let sha2 = (await invoke('safe_read_file', { path: 'bench/safe2.js' })).json.sha256;
    for (let i = 0; i < CALLS; i++) {
      const lineNo = 22 + i * 40;
      const diff = `@@ -${lineNo - 1},3 +${lineNo - 1},3 @@\n ${lines[lineNo - 2]}\n-${lines[lineNo - 1]}\n+${lines[lineNo - 1].replace('+ b', '- b')}\n ${lines[lineNo]}\n`;
      const t = performance.now();
      const r = await invoke('safe_patch', { path: 'bench/safe2.js', base_sha256: sha2, unified_diff: diff, skip_validation: true });
      safeMs.push(performance.now() - t);
      if (!r.json.success) throw new Error(JSON.stringify(r.json));
      sha2 = r.json.sha256;
    }

    // Validation on (tree-sitter C) vs off, on the same kind of edit (no diagnostics wait: no C language server here anyway).
    await config.update('diagnostics.maxWaitMs', 0, vscode.ConfigurationTarget.Workspace);
    const cLines = cText.split('\n');
    const valMs: Record<'off' | 'on', number[]> = { off: [], on: [] };
    const shas: Record<'off' | 'on', string> = {
      off: (await invoke('safe_read_file', { path: 'bench/off.c' })).json.sha256,
      on: (await invoke('safe_read_file', { path: 'bench/on.c' })).json.sha256,
    };
    for (let i = 0; i < CALLS; i++) {
      const lineNo = 22 + i * 40;
      for (const mode of ['off', 'on'] as const) {
        const old = cLines[lineNo - 1];
        const t = performance.now();
        const r = await invoke('replace_in_file', { path: `bench/${mode}.c`, base_sha256: shas[mode], old_text: old, new_text: old.replace('+ b', '- b'), skip_validation: mode === 'off' });
        valMs[mode].push(performance.now() - t);
        if (!r.json.success) throw new Error(JSON.stringify(r.json));
        shas[mode] = r.json.sha256;
      }
    }

    await config.update('diagnostics.maxWaitMs', undefined, vscode.ConfigurationTarget.Workspace);
    // Result sizes for a one-hunk edit, success and failure, per tool.
    const sizeFile = path.join(dir, 'size.js');
    fs.writeFileSync(sizeFile, text);
    const htmlFile = path.join(dir, 'size.html');
    fs.writeFileSync(htmlFile, `<html><body>\n${Array.from({ length: 200 }, (_, i) => `<p id="p${i}">paragraph ${i}</p>`).join('\n')}\n</body></html>\n`);
    const sizes: Record<string, { success?: number; failure?: number }> = {};
    const note = (tool: string, kind: 'success' | 'failure', r: { json: any; bytes: number }) => {
      if ((kind === 'success') !== (r.json.success === true)) throw new Error(`${tool} ${kind}: ${JSON.stringify(r.json).slice(0, 300)}`);
      (sizes[tool] ??= {})[kind] = r.bytes;
    };
    let s = (await invoke('safe_read_file', { path: 'bench/size.js' })).json.sha256;
    sizes.safe_read_file = { success: (await invoke('safe_read_file', { path: 'bench/size.js' })).bytes };
    let r = await invoke('safe_patch', { path: 'bench/size.js', base_sha256: s, unified_diff: `@@ -99,3 +99,3 @@\n ${lines[98]}\n-${lines[99]}\n+${lines[99]} // x\n ${lines[100]}\n` });
    note('safe_patch', 'success', r);
    s = r.json.sha256;
    note('safe_patch', 'failure', await invoke('safe_patch', { path: 'bench/size.js', base_sha256: s, unified_diff: `@@ -99,3 +99,3 @@\n not in the file\n-${lines[99]}zzz\n+y\n` }));
    r = await invoke('replace_in_file', { path: 'bench/size.js', base_sha256: s, old_text: lines[201], new_text: `${lines[201]} // y` });
    note('replace_in_file', 'success', r);
    s = r.json.sha256;
    note('replace_in_file', 'failure', await invoke('replace_in_file', { path: 'bench/size.js', base_sha256: s, old_text: 'no such text here', new_text: 'x' }));
    r = await invoke('edit_lines', { path: 'bench/size.js', base_sha256: s, mode: 'replace', start_line: 300, new_lines: [`${lines[299]} // z`] });
    note('edit_lines', 'success', r);
    s = r.json.sha256;
    note('edit_lines', 'failure', await invoke('edit_lines', { path: 'bench/size.js', base_sha256: s, mode: 'delete', start_line: 5000 }));
    note('write_file', 'failure', await invoke('write_file', { path: 'bench/size.js', base_sha256: s, content: '}\n' }));
    const current = fs.readFileSync(sizeFile, 'utf8');
    note('write_file', 'success', await invoke('write_file', { path: 'bench/size.js', base_sha256: s, content: current.replace('line 402', 'line four hundred and two') }));
    const hs = (await invoke('safe_read_file', { path: 'bench/size.html' })).json.sha256;
    r = await invoke('patch_html', { path: 'bench/size.html', base_sha256: hs, patches: [{ selector: '#p50', op: 'inner', html: 'changed' }] });
    note('patch_html', 'success', r);
    note('patch_html', 'failure', await invoke('patch_html', { path: 'bench/size.html', base_sha256: r.json.sha256, patches: [{ selector: '#nope', op: 'remove' }] }));

    const out = {
      file_lines: 2000,
      calls: CALLS,
      safe_patch_ms: stats(safeNoDiagMs),
      safe_patch_with_diagnostics_wait_ms: stats(safeMs),
      bare_apply_save_ms: stats(bareMs),
      replace_validation_off_ms: stats(valMs.off),
      replace_validation_on_ms: stats(valMs.on),
      result_bytes: sizes,
      file_bytes: Buffer.byteLength(text),
    };
    fs.writeFileSync(process.env.ASE_BENCH_OUT ?? path.join(root, 'bench-result.json'), JSON.stringify(out, null, 2));
  });
});
