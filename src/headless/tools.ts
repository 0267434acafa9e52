import { promises as fs } from 'node:fs';
import { TOOL_NAMES } from '../core/catalog/tool-sets';
import { checkInputAgainstSchema, JsonSchema } from '../core/input';
import { detectPatchFormat } from '../core/multi-file';
import { parsePatch } from '../core/patch';
import { fail } from '../core/types';
import { mcpToolListings } from '../mcp/tool-bridge';
import { canonicalJson } from '../tools/canonical-json';
import { failureResult, ToolResultJson } from '../tools/tool-result';
import { headlessListBackups, headlessRollback, ListBackupsInput, RollbackInput } from './backups';
import type { HeadlessCall, HeadlessContext } from './context';
import { runHeadlessEdit } from './edit-pipeline';
import { ExecuteProgramInput, headlessExecuteProgram } from './execute-program';
import { editLinesEdit, EditLinesInput, patchHtmlEdit, PatchHtmlInput, replaceEdit, SingleReplaceInput as ReplaceInput, safePatchEdit, SingleSafePatchInput as SafePatchInput, writeFileEdit, WriteFileInput } from '../tools/edit-requests';
import { headlessReadFile, ReadFileInput } from './read-file';
import { resolveHeadless } from './target';

type Handler = (ctx: HeadlessContext, call: HeadlessCall, input: never) => Promise<ToolResultJson>;

/** Each catalog tool's headless implementation (one per name in TOOL_NAMES: a unit test checks). */
export const HEADLESS_TOOLS: Record<string, { isRead?: boolean; run: Handler }> = {
  safe_read_file: { isRead: true, run: (ctx, _call, input: ReadFileInput) => headlessReadFile(ctx, input) },
  safe_patch: { run: (ctx, call, input: SafePatchInput & Record<string, unknown>) => multiFileRefusal('safe_patch', input) ?? runHeadlessEdit(ctx, call, safePatchEdit(input)) },
  replace_in_file: { run: (ctx, call, input: ReplaceInput & Record<string, unknown>) => multiFileRefusal('replace_in_file', input) ?? runHeadlessEdit(ctx, call, replaceEdit(input)) },
  edit_lines: { run: (ctx, call, input: EditLinesInput) => runHeadlessEdit(ctx, call, editLinesEdit(input, ctx.settings.duplicateWindowLines)) },
  write_file: { run: (ctx, call, input: WriteFileInput) => runHeadlessEdit(ctx, call, writeFileEdit(input)) },
  patch_html: { run: (ctx, call, input: PatchHtmlInput) => runHeadlessEdit(ctx, call, patchHtmlEdit(input)) },
  rollback_file: { run: (ctx, call, input: RollbackInput) => headlessRollback(ctx, call, input) },
  list_backups: { isRead: true, run: (ctx, _call, input: ListBackupsInput) => headlessListBackups(ctx, input) },
  execute_program: { run: (ctx, call, input: ExecuteProgramInput) => headlessExecuteProgram(ctx, call, input) },
};

const SCHEMAS = new Map(mcpToolListings().map((t) => [t.name, t.inputSchema as unknown as JsonSchema]));

/**
 * One tool call, as the extension's tool runner makes it (tools/tool-runner.ts): the input
 * checked against the same schema the manifest declares (INVALID_INPUT names the field), the
 * guard asked before and told after (failure counters, loops, repeated calls, bad-input
 * streaks: per file identity), and whatever happens one JSON object back — never a throw.
 */
export async function callHeadlessTool(ctx: HeadlessContext, call: HeadlessCall, name: string, rawInput: unknown): Promise<ToolResultJson> {
  const tool = HEADLESS_TOOLS[name];
  const schema = SCHEMAS.get(name);
  if (!tool || !schema) return { success: false, error_type: 'INVALID_INPUT', message: `There is no tool "${name}". The tools are: ${TOOL_NAMES.join(', ')}.` };
  const checked = checkInputAgainstSchema(schema, rawInput);
  const path = pathOf(rawInput);
  if (!checked.ok) {
    const gate = ctx.guard.before({ tool: name, path: path && (await identify(ctx, path)), canonicalInput: canonicalJson(rawInput), inputValid: false });
    return failureResult(gate.proceed ? checked.failure : gate.failure);
  }
  const input = checked.value;
  try {
    const identity: Record<string, unknown> = { input };
    if (tool.isRead && path) identity.current_version = await peekVersion(ctx, path);
    const guardCall = { tool: name, path: path && (await identify(ctx, path)), canonicalInput: canonicalJson(identity), inputValid: true };
    const gate = ctx.guard.before(guardCall);
    if (!gate.proceed) return failureResult(gate.failure, path ? { path } : {});
    if (call.signal?.aborted) return { success: false, error_type: 'CANCELLED', message: 'The call was cancelled before it started; nothing was changed.' };
    const result = await tool.run(ctx, call, input as never);
    const replaced = ctx.guard.after(guardCall, result);
    if (replaced) return failureResult(replaced, { path: result.path ?? path });
    return gate.warning ? { ...result, warning: gate.warning } : result;
  } catch (e) {
    const err = e as Error;
    ctx.log(`[${name}] internal error: ${err?.stack ?? String(e)}`);
    return { success: false, error_type: 'INTERNAL_ERROR', message: `Internal error in ${name}: ${err?.message ?? String(e)}. The file was not knowingly changed; read it again before retrying.` };
  }
}

/**
 * The multi-file forms (safe_patch with an apply_patch text, a diff of several files,
 * base_hashes or no path; replace_in_file with edits[]) are planned by core/multi-file in the
 * extension and written as one group transaction; the headless server does not have that
 * group writer yet, so it refuses them before anything is read and says how to split the call.
 */
function multiFileRefusal(tool: 'safe_patch' | 'replace_in_file', input: Record<string, unknown>): Promise<ToolResultJson> | undefined {
  let why: string | undefined;
  if (tool === 'safe_patch') {
    const text = String(input.unified_diff ?? '');
    const format = input.format ?? detectPatchFormat(text);
    if (format === 'apply_patch') why = 'an apply_patch (*** Begin Patch) text';
    else if (input.base_hashes !== undefined) why = 'base_hashes';
    else if (input.path === undefined) why = 'a patch without path';
    else {
      const parsed = parsePatch(text);
      if (parsed.ok && parsed.files.length > 1) why = 'a unified diff of several files';
    }
  } else if (input.edits !== undefined || input.base_hashes !== undefined) {
    why = 'edits [...]';
  } else {
    const missing = (['path', 'old_text', 'new_text'] as const).filter((k) => input[k] === undefined);
    if (missing.length) return Promise.resolve(failureResult(fail('INVALID_INPUT', `Missing ${missing.map((k) => `\`${k}\``).join(', ')}: pass path, old_text and new_text.`, { field: missing[0] }).failure));
  }
  if (!why) return undefined;
  const how = tool === 'safe_patch' ? 'pass path, base_sha256 and a unified diff of that one file' : 'pass path, old_text, new_text and base_sha256';
  return Promise.resolve(failureResult(fail('INVALID_INPUT', `The headless server (agent-safe-edit-mcp) edits one file per call and does not take ${why}. Nothing was changed. Make one call per file: ${how}.`, { field: tool === 'safe_patch' ? 'unified_diff' : 'edits', reason: 'multi_file_not_supported' }).failure));
}

/** The guard's file identity: the real path relative to the root, as the journal records it. */
async function identify(ctx: HeadlessContext, p: string): Promise<string> {
  const r = await resolveHeadless(ctx, p, { forWrite: false, allowCreate: true });
  return r.ok ? r.target.displayPath : p.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/** A token that changes when the file may have changed (reads of a changed file are not repeats). */
async function peekVersion(ctx: HeadlessContext, p: string): Promise<string> {
  const r = await resolveHeadless(ctx, p, { forWrite: false, allowCreate: false });
  if (!r.ok) return '';
  try {
    const st = await fs.stat(r.target.realPath);
    return `disk:${st.mtimeMs}:${st.size}`;
  } catch {
    return '';
  }
}

function pathOf(input: unknown): string | undefined {
  if (input && typeof input === 'object' && typeof (input as { path?: unknown }).path === 'string') return (input as { path: string }).path;
  return undefined;
}
