import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { manifestSections, withManifestSections } from '../../../../src/core/catalog/manifest';

// package.json's tools, settings, commands, menus and views are generated from the catalog:
// editing one side only (package.json by hand, or the catalog without `npm run manifest`)
// fails here.
const PACKAGE_JSON = path.resolve(__dirname, '../../../../../package.json');

describe('catalog: package.json', () => {
  const committed = fs.readFileSync(PACKAGE_JSON, 'utf8');

  it('the committed package.json is byte-identical to the generated one (run npm run manifest)', () => {
    assert.equal(withManifestSections(committed), committed);
  });

  it('generates every contributed section but none of the others', () => {
    const contributes = Object.keys(JSON.parse(committed).contributes);
    assert.deepEqual(Object.keys(manifestSections()).sort(), contributes.sort());
  });

  it('notices a hand edit of a generated section', () => {
    const pkg = JSON.parse(committed);
    pkg.contributes.configuration.properties['safeEdit.patchFailureLimit'].default = 3;
    const edited = JSON.stringify(pkg, null, 2) + '\n';
    assert.notEqual(withManifestSections(edited), edited);
  });
});
