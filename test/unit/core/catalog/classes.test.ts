import { strict as assert } from 'node:assert';
import { classify } from '../../../../src/core/activity';
import { GUARD_ERROR_TYPES, NEUTRAL_ERROR_TYPES } from '../../../../src/core/catalog/errors';
import { EDITING_TOOLS, RECOVERY_TOOLS, TOOL_NAMES, TOOL_NAMES_READER_ORDER } from '../../../../src/core/catalog/tool-sets';

// The sets the guard, the activity log and the journal read off the catalog.
describe('catalog: tool sets and error classes', () => {
  it('derives the editing and recovery tools from the categories', () => {
    assert.deepEqual([...EDITING_TOOLS], ['safe_patch', 'replace_in_file', 'edit_lines', 'write_file', 'patch_html']);
    assert.deepEqual([...RECOVERY_TOOLS], ['rollback_file']);
  });

  it('lists the tools for a reader: read, edit, history, exec', () => {
    assert.deepEqual(TOOL_NAMES_READER_ORDER, ['safe_read_file', 'safe_patch', 'replace_in_file', 'edit_lines', 'write_file', 'patch_html', 'rollback_file', 'list_backups', 'execute_program']);
    assert.deepEqual([...TOOL_NAMES_READER_ORDER].sort(), [...TOOL_NAMES].sort());
  });

  it('counts a stale write (HASH_MISMATCH) and user refusals as blocked, guard refusals as their own kinds', () => {
    assert.equal(classify('write_file', false, 'HASH_MISMATCH'), 'blocked');
    assert.equal(classify('write_file', false, 'PERMISSION_DENIED'), 'blocked');
    assert.equal(classify('safe_patch', false, 'INVALID_PATCH_LIMIT_EXCEEDED'), 'limit');
    assert.equal(classify('safe_patch', false, 'NO_MATCH'), 'failed');
    assert.equal(classify('safe_patch', false, 'NOT_A_KNOWN_TYPE'), 'failed');
    assert.deepEqual([...GUARD_ERROR_TYPES].sort(), ['EDIT_FAILURE_LOOP', 'INVALID_PATCH_LIMIT_EXCEEDED', 'REPEATED_BAD_INPUT', 'REPEATED_CALL']);
    assert.deepEqual([...NEUTRAL_ERROR_TYPES].sort(), ['CANCELLED', 'PERMISSION_DENIED']);
  });

  it('classifies successes by the tool category', () => {
    assert.equal(classify('rollback_file', true), 'rollback');
    assert.equal(classify('patch_html', true), 'edit');
    assert.equal(classify('execute_program', true), 'exec');
    assert.equal(classify('list_backups', true), 'read');
  });
});
