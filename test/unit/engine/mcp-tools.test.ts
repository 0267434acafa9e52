import { strict as assert } from 'node:assert';
import { mcpCallResult, mcpToolListings } from '../../../src/engine/mcp-tools';
import { manifestSections } from '../../../src/core/catalog/manifest';

// Issue 17: an MCP client sees the contract Copilot sees, in MCP's shape.
describe('MCP tool bridge', () => {
  it('lists every contributed tool with the manifest\'s description and input schema', () => {
    const manifest = manifestSections().languageModelTools as Array<{ name: string; modelDescription: string; inputSchema: unknown }>;
    const listed = mcpToolListings();
    assert.deepEqual(listed.map((t) => t.name), manifest.map((t) => t.name));
    for (const t of manifest) {
      const l = listed.find((x) => x.name === t.name)!;
      assert.equal(l.description, t.modelDescription);
      assert.deepEqual(l.inputSchema, t.inputSchema);
    }
  });

  it('annotations follow the catalog: reads are read-only, edits destructive and idempotent, rollback and programs not idempotent', () => {
    const a = new Map(mcpToolListings().map((t) => [t.name, t.annotations]));
    assert.deepEqual(a.get('safe_read_file'), { title: a.get('safe_read_file')!.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.equal(a.get('list_backups')!.readOnlyHint, true);
    for (const edit of ['safe_patch', 'replace_in_file', 'edit_lines', 'write_file', 'patch_html']) {
      assert.equal(a.get(edit)!.readOnlyHint, false, edit);
      assert.equal(a.get(edit)!.destructiveHint, true, edit);
      assert.equal(a.get(edit)!.idempotentHint, true, edit);
    }
    assert.equal(a.get('rollback_file')!.idempotentHint, false);
    assert.equal(a.get('execute_program')!.readOnlyHint, false);
    assert.equal(a.get('execute_program')!.openWorldHint, true);
  });

  it('a result becomes text and structured content of the same JSON, isError on failure', () => {
    const ok = { success: true, message: 'done', sha256: 'ab' };
    assert.deepEqual(mcpCallResult(ok, JSON.stringify(ok)), { content: [{ type: 'text', text: JSON.stringify(ok) }], structuredContent: ok, isError: false });
    const bad = { success: false, error_type: 'HASH_MISMATCH', message: 'changed' };
    assert.equal(mcpCallResult(bad, JSON.stringify(bad)).isError, true);
  });
});
