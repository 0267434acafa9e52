/**
 * Runs one fuzz case against the code it targets. A case passes when the call returns (any
 * result: applied or refused); a throw or a hang is the failure the fuzz exists to find.
 * Each call also reads its result's main fields, so a lazily built result is built too.
 */
import { applyUnifiedDiff, applySearchReplace, findElisionMarkers, isElisionMarker, planApplyPatch, planPatchFiles, planReplaceEdits } from '../../src/engine';
import { applyLineEdit } from '../../src/core/lines/edit-lines';
import { applyHtmlPatches } from '../../src/core/html';
import type { HtmlPatch } from '../../src/core/html';
import { parseIdSelector } from '../../src/core/html/selector';
import { parseValidatorOutput } from '../../src/validate/external/parse-output';
import { stripLineNumbers } from '../../src/core/replace/lineNumbers';
import { isSensitivePath } from '../../src/core/sensitive/is-sensitive';
import { checkPathSyntax } from '../../src/core/paths/path-syntax';
import { checkSizeReduction } from '../../src/core/size-guard';
import { summarizeJsonChanges } from '../../src/core/sensitive/json-changes';
import { buildConsentView } from '../../src/core/sensitive/consent-view';
import { createUnifiedDiff } from '../../src/core/diff';
import { findRiskyArguments } from '../../src/exec/risky-args';
import type { FuzzCase } from './generate';

/** Returns a short summary of the outcome ("ok", or the refusal's type). */
export function runCase(c: FuzzCase): string {
  switch (c.kind) {
    case 'unified_diff': {
      const r = applyUnifiedDiff(c.base, c.patch, { fuzzy: c.fuzzy, noFastPath: c.noFastPath });
      return r.ok ? `ok ${r.text.length}` : r.error.type;
    }
    case 'search_replace': {
      const r = applySearchReplace(c.base, c.oldText, c.newText, { expectedReplacements: c.expected, noFastPath: c.noFastPath });
      return r.ok ? `ok ${r.text.length}` : r.error.type;
    }
    case 'edit_lines': {
      const r = applyLineEdit(c.base, { mode: c.mode, start_line: c.start, end_line: c.end, new_lines: c.newLines, check_duplicates: true });
      return r.ok ? `ok ${r.text.length}` : r.failure.error_type;
    }
    case 'html': {
      const r = applyHtmlPatches(c.base, c.patches as HtmlPatch[]);
      return r.ok ? `ok ${r.text.length}` : r.error.reason;
    }
    case 'elision':
      return `${c.lines.filter((l) => isElisionMarker(l)).length} ${findElisionMarkers(c.text, c.text.slice(0, c.text.length >> 1)).length}`;
    case 'selector': {
      const r = parseIdSelector(c.selector);
      return r.ok ? `ok ${r.id.length}` : r.reason;
    }
    case 'validator_output':
      return String(parseValidatorOutput(c.output, c.name).length);
    case 'line_numbers':
      return String(stripLineNumbers(c.lines)?.length ?? 'null');
    case 'sensitive_path':
      return String(isSensitivePath(c.path, c.globs, { caseInsensitive: c.path.length % 2 === 0 }).sensitive);
    case 'path_syntax': {
      const r = checkPathSyntax(c.path);
      return r.ok ? 'ok' : r.failure.error_type;
    }
    case 'size_guard':
      return String(checkSizeReduction(c.base, c.next, { minBytes: 1000, maxShrinkPercent: 90 }).ok);
    case 'consent_view': {
      const json = summarizeJsonChanges(c.oldText, c.newText);
      const view = buildConsentView({ tool: 'write_file', displayPath: 'x.json', glob: '**/x.json', diff: createUnifiedDiff(c.oldText, c.newText), json, reviewed: c.oldText.length % 2 === 0 });
      return `${json.changes.length} ${view.cut} ${view.choices.length}`;
    }
    case 'exec_args':
      return String(findRiskyArguments({ programPath: c.program, args: c.args, cwd: '/ws/sub', workspaceRoots: ['/ws'], hasStdin: c.stdin }).length);
    case 'apply_patch': {
      const files = new Map(c.files);
      const r = planApplyPatch(c.patch, (p) => files.get(p));
      return r.ok ? `ok ${r.files.reduce((n, f) => n + (f.text?.length ?? 0), 0)}` : r.error.type;
    }
    case 'multi_unified': {
      const files = new Map(c.files);
      const r = planPatchFiles(c.patch, (p) => files.get(p), 'unified');
      return r.ok ? `ok ${r.files.length}` : r.error.type;
    }
    case 'replace_edits': {
      const files = new Map(c.files);
      const r = planReplaceEdits(c.edits, (p) => files.get(p));
      return r.ok ? `ok ${r.files.length}` : r.error.type;
    }
    case 'many_hunks': {
      if (c.entry === 'single') {
        const r = applyUnifiedDiff(c.base, c.patch);
        return r.ok ? `ok ${r.text.length}` : r.error.type;
      }
      const read = (p: string) => (p === 'big.txt' ? c.base : undefined);
      const r = c.entry === 'multi' ? planPatchFiles(c.patch, read, 'unified') : planApplyPatch(c.patch, read);
      return r.ok ? `ok ${r.files.reduce((n, f) => n + (f.text?.length ?? 0), 0)}` : r.error.type;
    }
    case 'many_edits': {
      const files = new Map(c.files);
      const r = planReplaceEdits(c.edits, (p) => files.get(p));
      return r.ok ? `ok ${r.files.reduce((n, f) => n + (f.text?.length ?? 0), 0)}` : r.error.type;
    }
    case 'spin':
      for (;;) {
        // the harness's self-test: a case that never returns
      }
  }
}
