import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

// The hardening review's hangs (issue 19, item 1) through the tools, as Copilot calls them.
// Before the fix each of these spun the shared extension host at 100 % for good; a
// regression shows here as a test that never finishes (the runner's overall limit ends it).
describe('hangs: the review reproductions answer through the tools', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('safe_patch: "delete the blank line" on a file with no final newline is applied', async () => {
    const d = freshDir('hang-blank');
    const file = path.join(d.abs, 'args.py');
    writeBytes(file, 'import sys\n\nprint(sys.argv)');
    const r0 = await invoke('safe_read_file', { path: `${d.rel}/args.py` });
    const r = await invoke('safe_patch', { path: `${d.rel}/args.py`, base_sha256: r0.sha256, unified_diff: '@@ -2,1 +2,0 @@\n-\n' });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fs.readFileSync(file, 'utf8'), 'import sys\nprint(sys.argv)');
  });

  it('write_file: content with a PHPUnit progress line (a long run of dots) is written', async () => {
    const d = freshDir('hang-dots');
    const content = `${'.'.repeat(120)}  63 / 120 ( 52%)\n`;
    const r = await invoke('write_file', { path: `${d.rel}/phpunit.log`, content });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fs.readFileSync(path.join(d.abs, 'phpunit.log'), 'utf8'), content);
  });

  it('patch_html: a selector with 200,000 spaces inside is refused as unsupported', async () => {
    const d = freshDir('hang-selector');
    writeBytes(path.join(d.abs, 'page.html'), '<!doctype html>\n<p id="a">x</p>\n');
    const r0 = await invoke('safe_read_file', { path: `${d.rel}/page.html` });
    const r = await invoke('patch_html', { path: `${d.rel}/page.html`, base_sha256: r0.sha256, patches: [{ selector: `#a${' '.repeat(200_000)}b`, op: 'remove' }] });
    assert.equal(r.success, false);
    assert.match(String(r.error_type), /HTML_PATCH_FAILED|INVALID_INPUT/);
  });
});
