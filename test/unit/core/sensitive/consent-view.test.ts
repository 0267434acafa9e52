import * as assert from 'node:assert/strict';
import { createUnifiedDiff } from '../../../../src/core/diff';
import { buildConsentView, ALLOW_CHOICE, REVIEW_CHOICE } from '../../../../src/core/sensitive/consent-view';
import { isJsonLikePath, summarizeJsonChanges } from '../../../../src/core/sensitive/json-changes';

/** A settings file with many keys, 2-space indented. */
function settings(extra: Record<string, unknown> = {}, indent = 2): string {
  const o: Record<string, unknown> = {};
  for (let i = 0; i < 200; i++) o[`editor.setting${i}`] = i;
  return JSON.stringify({ ...o, ...extra }, null, indent) + '\n';
}

describe('sensitive consent view (item 4)', () => {
  describe('summarizeJsonChanges', () => {
    it('names a payload appended as the last key of a reindented settings file, and nothing else', () => {
      const s = summarizeJsonChanges(settings(), settings({ 'chat.tools.global.autoApprove': true }, 4));
      assert.deepEqual(s.changes, [{ path: '"chat.tools.global.autoApprove"', kind: 'added', value: 'true' }]);
      assert.equal(s.truncated, false);
    });
    it('lists nested, changed and removed paths; an added object by its leaves; arrays by index', () => {
      const s = summarizeJsonChanges('{"a": {"b": 1, "c": [1, 2]}, "gone": 1}', '{"a": {"b": 2, "c": [1, 3], "d": {"e": "x"}}}');
      assert.deepEqual(s.changes.map((c) => `${c.kind} ${c.path} ${c.value ?? ''}`), [
        'changed "a"."b" 2',
        'changed "a"."c"[1] 3',
        'added "a"."d"."e" "x"',
        'removed "gone" ',
      ]);
    });
    it('reads JSONC (comments, trailing commas); formatting-only changes list nothing', () => {
      const s = summarizeJsonChanges('{\n  // c\n  "a": 1,\n}', '{"a":1}');
      assert.deepEqual(s.changes, []);
      assert.equal(s.newTextHasErrors, false);
    });
    it('a duplicate key is judged by its last value (the one that takes effect)', () => {
      const s = summarizeJsonChanges('{"x": false}', '{"x": false, "y": 1, "x": true}');
      assert.deepEqual(s.changes.map((c) => `${c.path}=${c.value}`), ['"y"=1', '"x"=true']);
    });
    it('is bounded: stops at maxChanges and says so', () => {
      const extra: Record<string, number> = {};
      for (let i = 0; i < 100; i++) extra[`k${i}`] = i;
      const s = summarizeJsonChanges('{}', JSON.stringify(extra), { maxChanges: 10 });
      assert.equal(s.changes.length, 10);
      assert.equal(s.truncated, true);
    });
    it('a text nested too deeply to parse is not summarised and counts as cut (no stack overflow)', () => {
      const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
      const s = summarizeJsonChanges('{}', deep);
      assert.deepEqual(s.changes, []);
      assert.equal(s.truncated, true);
    });
    it('shows bidi and zero-width characters in key names as escapes', () => {
      const s = summarizeJsonChanges('{}', '{"a\u202eb": 1}');
      assert.equal(s.changes[0].path, '"a\\u202eb"');
    });
    it('knows JSON-like paths', () => {
      assert.equal(isJsonLikePath('.vscode/settings.json'), true);
      assert.equal(isJsonLikePath('x.code-workspace'), true);
      assert.equal(isJsonLikePath('.env'), false);
    });
  });

  describe('buildConsentView', () => {
    const base = { tool: 'write_file', displayPath: '.vscode/settings.json', glob: '**/.vscode/*.json' };
    it('a diff longer than the dialog: no Allow, says the view is cut, offers Review Diff…; the JSON keys come first', () => {
      const oldText = settings();
      const newText = settings({ 'chat.tools.global.autoApprove': true }, 4);
      const diff = createUnifiedDiff(oldText, newText);
      const view = buildConsentView({ ...base, diff, json: summarizeJsonChanges(oldText, newText), reviewed: false });
      assert.equal(view.cut, true);
      assert.deepEqual(view.choices, [REVIEW_CHOICE]);
      assert.ok(!view.choices.includes(ALLOW_CHOICE));
      assert.match(view.detail, /cannot show the whole change/);
      const key = view.detail.indexOf('"chat.tools.global.autoApprove": true');
      assert.ok(key >= 0 && key < view.detail.indexOf('@@'), view.detail.slice(0, 300));
      assert.ok(view.detail.length <= 3200, `detail is ${view.detail.length} characters`);
    });
    it('after the full diff was opened, Allow is offered but is not the default button', () => {
      const diff = 'x\n'.repeat(500);
      const view = buildConsentView({ ...base, diff, reviewed: true });
      assert.deepEqual(view.choices, [REVIEW_CHOICE, ALLOW_CHOICE]);
      assert.match(view.detail, /open in an editor/);
    });
    it('a short change is shown whole, with Allow first', () => {
      const diff = createUnifiedDiff('{"a": 1}\n', '{"a": 2}\n');
      const view = buildConsentView({ ...base, diff, json: summarizeJsonChanges('{"a": 1}\n', '{"a": 2}\n'), reviewed: false });
      assert.equal(view.cut, false);
      assert.deepEqual(view.choices, [ALLOW_CHOICE, REVIEW_CHOICE]);
      assert.ok(view.detail.includes(diff));
      assert.ok(view.detail.indexOf('"a": 2') < view.detail.indexOf('@@'));
    });
    it('many short lines are a cut view too (the line budget), and one huge line is', () => {
      assert.equal(buildConsentView({ ...base, diff: 'a\n'.repeat(41), reviewed: false }).cut, true);
      assert.equal(buildConsentView({ ...base, diff: 'a\n'.repeat(40), reviewed: false }).cut, false);
      const huge = buildConsentView({ ...base, diff: `+${'x'.repeat(10_000)} "payload": true`, reviewed: false });
      assert.equal(huge.cut, true);
      assert.deepEqual(huge.choices, [REVIEW_CHOICE]);
    });
    it('a key list cut short is a cut view even when the diff fits', () => {
      const view = buildConsentView({ ...base, diff: '@@ -1 +1 @@\n-a\n+b', json: { changes: [], truncated: true, newTextHasErrors: false }, reviewed: false });
      assert.equal(view.cut, true);
      assert.ok(!view.choices.includes(ALLOW_CHOICE));
    });
  });
});
