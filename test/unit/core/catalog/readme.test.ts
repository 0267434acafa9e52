import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ERROR_CATALOG, GUARD_ERROR_TYPES } from '../../../../src/core/catalog/errors';
import { failureTypesParagraph } from '../../../../src/core/catalog/readme-failure-types';
import { readmeSections, withReadmeSections } from '../../../../src/core/catalog/readme';
import { settingsTable } from '../../../../src/core/catalog/readme-settings';
import { SETTING_SPECS } from '../../../../src/core/settings/specs';

// README.md's failure types and settings table are generated from the catalog: a new failure
// type or setting without `npm run manifest`, or a hand edit between the markers, fails here.
const README = path.resolve(__dirname, '../../../../../README.md');

describe('catalog: README.md', () => {
  const committed = fs.readFileSync(README, 'utf8');

  it('the committed README is byte-identical to the generated one (run npm run manifest)', () => {
    assert.equal(withReadmeSections(committed), committed);
  });

  it('notices a hand edit between the markers, and leaves the text outside them alone', () => {
    const edited = committed.replace('| `safeEdit.patchFailureLimit` | 2 |', '| `safeEdit.patchFailureLimit` | 3 |');
    assert.notEqual(edited, committed, 'the row to edit is in the README');
    assert.equal(withReadmeSections(edited), committed);
    const outside = committed.replace('## Quick start', '## Quick Start');
    assert.equal(withReadmeSections(outside), outside);
  });

  it('lists every failure type but the guard refusals (those are the steering messages), FILE_EXISTS included', () => {
    const paragraph = failureTypesParagraph();
    for (const type of Object.keys(ERROR_CATALOG)) {
      assert.equal(paragraph.includes(`\`${type}\``), !GUARD_ERROR_TYPES.has(type), type);
    }
    assert.match(paragraph, /`FILE_EXISTS`/);
    assert.ok(
      paragraph.split('\n').every((line) => line.length <= 92),
      'wrapped like the prose around it',
    );
  });

  it('has a row for every setting, the MCP ones included, with the clamp values of the settings specs', () => {
    const table = settingsTable();
    for (const key of Object.keys(SETTING_SPECS)) {
      const short = key.split('.').pop()!;
      assert.ok(table.includes(`\`safeEdit.${key}\``) || table.includes(`/ \`${short}\``), key);
    }
    assert.match(table, /^\| `safeEdit\.mcp\.enabled` \| true \| \| turn off \|/m);
    assert.match(table, /^\| `safeEdit\.mcp\.offerToVSCode` \| false \| \| turn off \|/m);
    assert.match(table, /^\| `safeEdit\.writeGuard\.minBytes` \/ `maxShrinkPercent` \| 1000 \/ 90 \| 0–100000 \/ 1–95 \| lower \|/m);
    assert.match(table, /^\| `safeEdit\.validation\.mode` \| `block` \| \| tighten \(off → warn → block\) \|/m);
  });

  it('takes markers only at the start of a line: prose may quote them', () => {
    const text = 'Parts between `<!-- generated:… -->` markers are written.\n<!-- generated:settings -->\nold\n<!-- /generated -->\n';
    assert.equal(
      withReadmeSections(text, { settings: 'new' }),
      'Parts between `<!-- generated:… -->` markers are written.\n<!-- generated:settings -->\n\nnew\n\n<!-- /generated -->\n',
    );
  });

  it('refuses a README whose markers do not match the generators', () => {
    const sections = readmeSections();
    assert.throws(() => withReadmeSections('# no markers\n', sections), /no marker for the section/);
    assert.throws(() => withReadmeSections('<!-- generated:settings -->\nno end\n', { settings: 'x' }), /has no <!-- \/generated -->/);
    assert.throws(() => withReadmeSections('<!-- generated:nonsense -->\n<!-- /generated -->\n', {}), /no generator for the section "nonsense"/);
    assert.equal(
      withReadmeSections('a\n<!-- generated:settings note -->\nold\n<!-- /generated -->\nb\n', { settings: 'new' }),
      'a\n<!-- generated:settings note -->\n\nnew\n\n<!-- /generated -->\nb\n',
    );
  });
});
