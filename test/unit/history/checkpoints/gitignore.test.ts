import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { matchSegment, matchSegments } from '../../../../src/history/checkpoints/globSegment';
import { parseGitignore } from '../../../../src/history/checkpoints/gitignoreRules';
import { ExcludeGlobs, expandBraces } from '../../../../src/history/checkpoints/excludeGlobs';
import { walkWorkspace } from '../../../../src/history/checkpoints/workspaceWalk';

/** The files our walk records (not left out), relative, sorted. */
function walkedFiles(root: string, excludes: string[] = []): string[] {
  const out: string[] = [];
  walkWorkspace(root, { excludes: new ExcludeGlobs(excludes), useGitignore: true, skipDirs: new Set() }, (w) => { if (w.kind === 'file') out.push(w.path); });
  return out.sort();
}

/** The files git would add: untracked and not ignored (no global or system excludes). */
function gitFiles(root: string): string[] {
  const env = { ...process.env, HOME: root, XDG_CONFIG_HOME: path.join(root, '.xdg'), GIT_CONFIG_NOSYSTEM: '1' };
  execFileSync('git', ['init', '-q', root], { env });
  const listed = execFileSync('git', ['-C', root, 'ls-files', '-o', '--exclude-standard', '-z'], { env, encoding: 'utf8' });
  return listed.split('\0').filter((p) => p !== '').sort();
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

const NAMES = ['a', 'b', 'ab', 'ba', 'a.txt', 'b.log', 'c.log', 'x.txt'];
const PATTERN_SEGMENTS = ['a', 'b', 'ab', '*', '?', '[ab]', 'a*', '*.txt', '*.log', '**', '[!a]*', 'b?', '*a*'];

function randomPattern(random: () => number): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
  const n = 1 + Math.floor(random() * 3);
  const segs = Array.from({ length: n }, () => pick(PATTERN_SEGMENTS));
  let p = segs.join('/');
  if (random() < 0.25) p = `/${p}`;
  if (random() < 0.25) p = `${p}/`;
  if (random() < 0.25) p = `!${p}`;
  return p;
}

describe('history/checkpoints: .gitignore and exclude globs', () => {
  it('matchSegment: *, ?, classes, ranges, negation, escapes, unclosed [', () => {
    assert.ok(matchSegment('*.ts', 'a.ts'));
    assert.ok(!matchSegment('*.ts', 'a.tsx'));
    assert.ok(matchSegment('a?c', 'abc'));
    assert.ok(matchSegment('[a-c]x', 'bx'));
    assert.ok(!matchSegment('[!a-c]x', 'bx'));
    assert.ok(matchSegment('[^a]x', 'zx'));
    assert.ok(matchSegment('\\*', '*'));
    assert.ok(!matchSegment('\\*', 'a'));
    assert.ok(matchSegment('[a', '[a'));
    assert.ok(matchSegment('[]]', ']'));
    assert.ok(matchSegment('a*b*c', 'aXbYbZc'));
    assert.ok(!matchSegment('a*b*c', 'aXbYbZ'));
  });

  it('matchSegments: ** spans folders (zero included); many stars on a long path stay fast (no backtracking blow-up)', () => {
    assert.ok(matchSegments(['**', 'x'], ['x']));
    assert.ok(matchSegments(['a', '**', 'x'], ['a', 'b', 'c', 'x']));
    assert.ok(!matchSegments(['a', '**', 'x'], ['b', 'x']));
    // the shape that makes a backtracking matcher exponential: it must answer (the suite's timeout bounds it)
    const pattern = Array.from({ length: 30 }, () => '**').join('/').split('/').flatMap((s) => [s, 'a']);
    assert.ok(!matchSegments(pattern, [...Array.from({ length: 200 }, () => 'a'), 'b']));
    assert.ok(!matchSegment('*a'.repeat(50) + 'b', 'a'.repeat(5000)));
  });

  it('parseGitignore: comments, negation, escapes, trailing spaces, dir-only, anchoring, trailing /**', () => {
    const rules = parseGitignore('# c\n\n\\#lit\n!keep\n\\!bang\nspace\\ \ntrail   \ndir/\n/root\na/b\nx/**\n**/y\n');
    assert.deepEqual(rules.map((r) => [r.segments.join('/'), r.negated, r.dirOnly]), [
      ['**/#lit', false, false], ['**/keep', true, false], ['**/!bang', false, false], ['**/space\\ ', false, false], ['**/trail', false, false],
      ['**/dir', false, true], ['root', false, false], ['a/b', false, false], ['x/*/**', false, false], ['**/y', false, false],
    ]);
  });

  it('expandBraces and exclude globs: alternatives, folders exclude their contents, a glob that explodes is refused', () => {
    assert.deepEqual(expandBraces('**/*.{ts,js}'), ['**/*.ts', '**/*.js']);
    assert.deepEqual(expandBraces('{a,{b,c}}x'), ['ax', 'bx', 'cx']);
    const globs = new ExcludeGlobs(['**/node_modules', 'out/**', '{a,b}'.repeat(12)]);
    assert.equal(globs.refused.length, 1);
    assert.ok(globs.excludes(['pkg', 'node_modules']));
    assert.ok(globs.excludes(['out', 'x.js']));
    assert.ok(!globs.excludes(['src', 'x.js']));
  });

  it('the walk leaves out exactly what git ignores (generated trees and .gitignore files, checked against git ls-files)', function () {
    this.timeout(120_000);
    const random = prng(2027);
    for (let round = 0; round < 100; round++) {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-ignore-'));
      try {
        const dirs = [''];
        for (let i = 0; i < 40; i++) {
          const parent = dirs[Math.floor(random() * dirs.length)];
          const name = NAMES[Math.floor(random() * NAMES.length)];
          const rel = parent ? `${parent}/${name}` : name;
          const abs = path.join(root, rel);
          if (fs.existsSync(abs)) continue;
          if (random() < 0.35 && rel.split('/').length < 4) { fs.mkdirSync(abs); dirs.push(rel); } else fs.writeFileSync(abs, rel);
        }
        for (const dir of dirs) {
          if (random() < (dir === '' ? 0.9 : 0.3)) {
            const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, () => randomPattern(random));
            fs.writeFileSync(path.join(root, dir, '.gitignore'), lines.join('\n') + '\n');
          }
        }
        const ours = walkedFiles(root);
        const theirs = gitFiles(root);
        const ignores = dirs.filter((d) => fs.existsSync(path.join(root, d, '.gitignore'))).map((d) => `${d || '.'}: ${fs.readFileSync(path.join(root, d, '.gitignore'), 'utf8').trim().split('\n').join(' | ')}`);
        assert.deepEqual(ours, theirs, `round ${round}\n${ignores.join('\n')}`);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    }
  });
});
