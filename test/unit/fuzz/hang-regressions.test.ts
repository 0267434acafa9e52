import { strict as assert } from 'node:assert';
import { runFuzz } from '../../fuzz/pool';
import type { FuzzCase } from '../../fuzz/generate';

// The hangs the hardening review reproduced (issue 19, item 1), each run on a worker thread
// with a deadline so that a regression fails this test instead of freezing the test run.
// Outcomes are asserted too: every input gets an answer, applied or refused.

const PY = 'import sys\n\nprint(sys.argv)';
const PHPUNIT = (dots: number) => '.'.repeat(dots) + '  63 / 120 ( 52%)';

const cases: Array<{ name: string; c: FuzzCase; outcome: RegExp }> = [
  {
    name: 'delete the blank line of a file with no final newline',
    c: { kind: 'unified_diff', base: PY, patch: '@@ -2,1 +2,0 @@\n-\n', fuzzy: true, noFastPath: false },
    outcome: /^ok /,
  },
  {
    name: 'the same with CRLF',
    c: { kind: 'unified_diff', base: PY.replace(/\n/g, '\r\n'), patch: '@@ -2,1 +2,0 @@\r\n-\r\n', fuzzy: true, noFastPath: false },
    outcome: /^ok /,
  },
  {
    name: 'a hunk whose only context is one blank line',
    c: { kind: 'unified_diff', base: PY, patch: '@@\n \n+x\n', fuzzy: true, noFastPath: false },
    outcome: /^(ok |[A-Z_]+$)/,
  },
  {
    name: 'a "\\ No newline at end of file" hunk on a blank line',
    c: { kind: 'unified_diff', base: PY, patch: '@@ -2,2 +2,1 @@\n-\n print(sys.argv)\n\\ No newline at end of file\n', fuzzy: true, noFastPath: false },
    outcome: /^(ok |[A-Z_]+$)/,
  },
  {
    name: 'an empty-needle scan at the end of a file with a final newline',
    c: { kind: 'unified_diff', base: 'a\n\nb\n', patch: '@@ -2,1 +2,1 @@\n-\n+x\n', fuzzy: true, noFastPath: false },
    outcome: /^ok /,
  },
  {
    name: 'a PHPUnit progress line in write_file content (48 dots took 1.7 s, doubling every 2)',
    c: { kind: 'elision', lines: [PHPUNIT(48), PHPUNIT(100), PHPUNIT(140)], text: [PHPUNIT(60), PHPUNIT(120)].join('\n') },
    outcome: /^0 0$/,
  },
  {
    name: 'a patch_html selector padded with 400,000 spaces',
    c: { kind: 'selector', selector: ' '.repeat(200_000) + '#a' + ' '.repeat(200_000) },
    outcome: /^ok 1$/,
  },
  {
    name: 'a selector with 400,000 spaces inside',
    c: { kind: 'selector', selector: '#a' + ' '.repeat(400_000) + 'b' },
    outcome: /^unsupported_selector$/,
  },
  {
    name: 'a validator line of a compiler echoing a very long line',
    c: { kind: 'validator_output', name: 'main.c', output: 'Sorry: SyntaxError: ' + ' ('.repeat(100_000) + 'x' },
    outcome: /^0$/,
  },
  {
    name: 'search/replace of "  }" + 7,589 \'@\' over runs of 7,589 \'@\' (native indexOf took 11.7 s on 8.7 MB)',
    c: { kind: 'search_replace', base: ('@'.repeat(7589) + '\n').repeat(1113), oldText: '  }' + '@'.repeat(7589), newText: 'x', expected: 1, noFastPath: false },
    outcome: /^NO_MATCH$/,
  },
  {
    name: 'the same old side as a unified-diff hunk and as an apply_patch chunk',
    c: { kind: 'unified_diff', base: ('@'.repeat(7589) + '\n').repeat(300), patch: '@@\n-  }' + '@'.repeat(7589) + '\n+x\n', fuzzy: false, noFastPath: false },
    outcome: /^[A-Z_]+$/,
  },
  {
    name: 'an apply_patch chunk whose removed line is a long run over a file of runs',
    c: { kind: 'apply_patch', files: [['a.txt', ('@'.repeat(7589) + '\n').repeat(300)]], patch: '*** Begin Patch\n*** Update File: a.txt\n@@\n-  }' + '@'.repeat(7589) + '\n+x\n*** End Patch\n' },
    outcome: /^[A-Z_]+$/,
  },
];

describe('hang regressions (issue 19): each answers on a worker thread within the deadline', function () {
  this.timeout(120_000);
  let outcomes: string[] = [];
  before(async () => {
    const r = await runFuzz({ seed: 0, cases: 0, explicit: cases.map((x) => x.c), workers: 2, chunk: 1, deadlineMs: 5_000 });
    outcomes = r.outcomes;
  });
  cases.forEach((x, i) => {
    it(x.name, () => {
      assert.notEqual(outcomes[i], 'hang', 'the call did not return within 5 s');
      assert.notEqual(outcomes[i], 'threw');
      assert.match(outcomes[i], x.outcome);
    });
  });
});
