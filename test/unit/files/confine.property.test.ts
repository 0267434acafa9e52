import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import fc from 'fast-check';
import { resolveInWorkspace } from '../../../src/files/confine';
import { isInsideOrEqual } from '../../../src/core/paths/containment';

/**
 * Property: whatever path is built from hostile pieces (traversals, links that leave,
 * separators of both kinds, drive letters, look-alikes, device names, NULs, URIs), either
 * it is refused with a PATH_DENIED/FILE_NOT_FOUND value, or both its lexical and its real
 * path lie inside the workspace — and nothing is ever thrown or created.
 */
describe('resolveInWorkspace (property: hostile paths never resolve outside)', () => {
  let base: string;
  let ws: string;

  before(() => {
    base = fs.realpathSync(fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ase-confine-prop-')));
    ws = nodePath.join(base, 'ws');
    fs.mkdirSync(nodePath.join(ws, 'src', 'deep'), { recursive: true });
    fs.mkdirSync(nodePath.join(base, 'outside'));
    fs.writeFileSync(nodePath.join(ws, 'src', 'a.ts'), '');
    fs.writeFileSync(nodePath.join(base, 'outside', 'secret'), '');
    fs.symlinkSync('../outside', nodePath.join(ws, 'out'));
    fs.symlinkSync('..', nodePath.join(ws, 'up'));
    fs.symlinkSync('src', nodePath.join(ws, 'in'));
    fs.symlinkSync('../../outside/new', nodePath.join(ws, 'src', 'dangle'));
  });

  after(() => fs.rmSync(base, { recursive: true, force: true }));

  function safeEncodeUri(r: string): string {
    try {
      return encodeURI(r);
    } catch {
      return r; // lone surrogates cannot be encoded; send them raw
    }
  }

  function listAll(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = nodePath.join(dir, e.name);
      return e.isDirectory() && !e.isSymbolicLink() ? [p, ...listAll(p)] : [p];
    });
  }

  it('holds for 3,000 generated paths under every option set', async function () {
    this.timeout(180_000);
    const before = listAll(base).sort();
    const piece = fc.constantFrom(
      '..', '.', '', 'src', 'deep', 'a.ts', 'out', 'up', 'in', 'dangle', 'outside', 'secret', 'ws', '.git', 'config',
      '~', 'C:', 'c:', '\\\\?\\', '//', 'CON', 'aux.txt', 'x:y', '%2e%2e', '\uff0e\uff0e', '\u2025', '\u0000', '\n', ' ', 'x.',
      'file://', 'http:', '\ud800', '\u202e', 'é', '日本',
    );
    const sep = fc.constantFrom('/', '\\', '//');
    const rel = fc.array(fc.tuple(piece, sep), { maxLength: 8 }).map((parts) => parts.map(([p, s]) => p + s).join('').replace(/[\\/]+$/, ''));
    const path = fc.oneof(rel, rel.map((r) => `${ws}/${r}`), rel.map((r) => `${base}/${r}`), rel.map((r) => `file://${ws}/${safeEncodeUri(r)}`), fc.string());
    const realWs = fs.realpathSync(ws);
    let resolved = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(path, async (p) => {
        for (const opts of [{}, { allowCreate: true }, { forWrite: true, allowCreate: true }]) {
          const r = await resolveInWorkspace(p, [ws], opts);
          if (r.ok) {
            resolved++;
            assert.ok(isInsideOrEqual(ws, r.absPath, false), `${JSON.stringify(p)} → ${r.absPath}`);
            assert.ok(isInsideOrEqual(realWs, r.realPath, false), `${JSON.stringify(p)} → real ${r.realPath}`);
            if (Object.prototype.hasOwnProperty.call(opts, 'forWrite')) assert.ok(!/(^|\/)\.git(\/|$)/i.test(r.realRelPath));
          } else {
            refused++;
            assert.ok(['PATH_DENIED', 'FILE_NOT_FOUND'].includes(r.failure.error_type), r.failure.error_type);
          }
        }
      }),
      { numRuns: 3000 },
    );
    assert.deepEqual(listAll(base).sort(), before, 'resolving must never create anything');
    assert.ok(resolved > 500 && refused > 500, `degenerate generator: ${resolved} resolved, ${refused} refused`);
  });
});
