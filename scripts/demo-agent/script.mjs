// The Demo agent's script (`npm start`): on every prompt, replays the incidents this extension
// exists for on the demo workspace, through the real tools in Copilot's agent loop, and ends
// with a message that says what the user just watched. The model server
// (test/runner/scripted-model.mjs) calls demoAnswer(messages) for each agent request.
//
// Stateless on purpose: the next call is worked out from the calls and results of the current
// turn alone (the conversation after the last user message), so a second prompt replays again
// on the files as they are then, and a restarted server loses nothing.
//
// The demo files are never left changed: the refusals change nothing, the one edit that is
// meant to land is rolled back, and any step that lands although it was meant to be refused
// (a user's settings can loosen a guard, a user can edit the file) is rolled back at once.

import { turnCalls } from '../../test/runner/scripted-model.mjs';

const CALC = 'calculate.c';
const STATS = 'stats.py';

/** The one edit meant to land (then rolled back): a comment above everything else. */
export const DEMO_COMMENT = '/* Added by the Demo agent; the next step rolls it back. */';

/**
 * A diff written against a version of stats.py that never existed (a `mean` that sums in a
 * loop): its context is not in the file, so safe_patch refuses it, as it refused the diffs an
 * agent sent again and again in the incident.
 */
export const STALE_DIFF = [
  '--- a/stats.py',
  '+++ b/stats.py',
  '@@ -6,4 +6,5 @@',
  ' def mean(values):',
  '     total = 0',
  '-    for v in values: total += v',
  '+    for v in values:',
  '+        total += v',
  '     return total / len(values)',
  '',
].join('\n');

const call = (name, args) => ({ name, arguments: args });
/** True when a result says its change was written (and so can be rolled back by its backup_id). */
const landed = (result) => result?.success === true && typeof result.backup_id === 'string';

/**
 * The `if (argc != 2) { … }` block of main, as lines, and the 1-based line just after it;
 * undefined when the file has no such block (the user changed it: that step is skipped).
 */
export function usageCheckBlock(text) {
  const lines = String(text ?? '').split(/\r?\n/);
  const first = lines.findIndex((l) => /^\s*if \(argc != 2\) \{\s*$/.test(l));
  if (first < 0) return undefined;
  const indent = lines[first].match(/^\s*/)[0];
  const last = lines.findIndex((l, i) => i > first && l === `${indent}}`);
  if (last < 0) return undefined;
  return { lines: lines.slice(first, last + 1), after: last + 2 };
}

/** A step that rolls back the change of step `id` if it landed although it was meant to be refused. */
function undoIfLanded(id) {
  return {
    id: `undo-${id}`,
    call: (ctx) => (landed(ctx.results[id]) ? call('rollback_file', { path: ctx.calls[id].arguments.path, backup_id: ctx.results[id].backup_id }) : undefined),
  };
}

/**
 * The replay, in order. Each step's call is computed from what the earlier steps returned
 * (`ctx.sha`: the latest sha256 per path; `ctx.results`/`ctx.calls` by step id), or is
 * undefined when the step does not apply. `end`, when it returns text, ends the turn there.
 */
const STEPS = [
  {
    id: 'readCalc',
    call: () => call('safe_read_file', { path: CALC }),
    end: (ctx) => (ctx.results.readCalc?.success === true ? undefined : cannotRead(CALC, ctx.results.readCalc, ctx.texts.readCalc)),
  },
  // The incident: a whole-file write of `}` over the ~3.4 KB calculator.
  { id: 'wipe', call: (ctx) => call('write_file', { path: CALC, content: '}\n', base_sha256: ctx.sha[CALC] }) },
  undoIfLanded('wipe'),
  // The incident: the same `if (argc != 2)` block inserted a second time, right below the first.
  {
    id: 'duplicate',
    call: (ctx) => {
      const block = usageCheckBlock(ctx.results.readCalc.content);
      return block && call('edit_lines', { path: CALC, base_sha256: ctx.sha[CALC], mode: 'insert', start_line: block.after, new_lines: block.lines });
    },
  },
  undoIfLanded('duplicate'),
  // The incident: an invalid diff sent again and again (on another file, so calculate.c's
  // failures above do not add up with these into a failure loop).
  { id: 'readStats', call: () => call('safe_read_file', { path: STATS }) },
  { id: 'patch1', call: (ctx) => ctx.sha[STATS] && call('safe_patch', { path: STATS, base_sha256: ctx.sha[STATS], unified_diff: STALE_DIFF }) },
  undoIfLanded('patch1'),
  { id: 'patch2', call: (ctx) => ctx.results.patch1?.success === false && call('safe_patch', { path: STATS, base_sha256: ctx.sha[STATS], unified_diff: STALE_DIFF }) },
  undoIfLanded('patch2'),
  // An edit that lands, with its backup, then rollback_file restores the file from it.
  { id: 'edit', call: (ctx) => call('edit_lines', { path: CALC, base_sha256: ctx.sha[CALC], mode: 'insert', start_line: 1, new_lines: [DEMO_COMMENT] }) },
  { id: 'rollback', call: (ctx) => landed(ctx.results.edit) && call('rollback_file', { path: CALC, backup_id: ctx.results.edit.backup_id }) },
];

/** The tools the replay calls; a chat mode without them (Ask, Plan) cannot run it. */
export const DEMO_TOOLS = ['safe_read_file', 'write_file', 'edit_lines', 'safe_patch', 'rollback_file'];

/**
 * The Demo agent's answer to one agent request: the next tool call of the replay, or the
 * closing message once every step has its result.
 * @param {any[]} messages the request's messages, as Copilot sent them
 * @param {string[]} [toolNames] the tools the request offers (all of them when not given)
 * @returns {{ text: string } | { tool_calls: { name: string, arguments: object }[] }}
 */
export function demoAnswer(messages, toolNames = DEMO_TOOLS) {
  const missing = DEMO_TOOLS.filter((t) => !toolNames.includes(t));
  if (missing.length > 0) {
    return { text: `The Demo agent replays its incidents with the Agent Safe Edit tools, and this request does not offer ${missing.map((t) => `\`${t}\``).join(', ')}. Switch the chat's mode picker to **Agent** (and keep the Agent Safe Edit tools ticked in its tools picker), then send your prompt again.` };
  }
  const done = turnCalls(messages);
  const ctx = { sha: {}, results: {}, calls: {}, texts: {} };
  let next = 0;
  for (const step of STEPS) {
    const wanted = step.call(ctx) || undefined;
    if (!wanted) continue;
    if (next >= done.length) return { tool_calls: [wanted] };
    const made = done[next++];
    if (made.name !== wanted.name) {
      return { text: `The Demo agent lost its place: call ${next} of this turn was ${made.name}, expected ${wanted.name}. Send the prompt again in a new chat.` };
    }
    ctx.calls[step.id] = made;
    ctx.results[step.id] = made.result;
    ctx.texts[step.id] = made.text;
    if (made.result?.success === true && typeof made.result.sha256 === 'string') ctx.sha[made.arguments?.path] = made.result.sha256;
    const end = step.end?.(ctx);
    if (end) return { text: end };
  }
  return { text: closingMessage(ctx) };
}

/** What a failed call answered, in a few words: its error type, or the text the agent got. */
function answered(result, text) {
  if (result?.error_type) return `\`${result.error_type}\`: ${result.message ?? ''}`.trim();
  return (text || 'no answer').slice(0, 300);
}

function cannotRead(path, result, text) {
  return [
    `The Demo agent could not read ${path} (${answered(result, text)}).`,
    '',
    `It replays its incidents on the demo workspace's ${CALC} and ${STATS}. If they were deleted or renamed, stop \`npm start\`, delete \`.vscode-test/demo-workspace\` and start again for a fresh copy.`,
  ].join('\n');
}

/**
 * One line per incident: what the agent tried and what the tools answered, as it happened.
 * `told` says in plain words what the expected answer means.
 */
function outcomeLine(what, ctx, id, expected, told) {
  const result = ctx.results[id];
  if (result === undefined && ctx.calls[id] === undefined) return `- ${what}: skipped (the file no longer has what this step needs).`;
  if (result?.error_type === expected) return `- ${what}: ${told} (\`${expected}\`). Nothing was written.`;
  if (landed(result)) {
    const undone = ctx.results[`undo-${id}`]?.success === true;
    return `- ${what}: it **landed** (a setting or a change of yours let it through)${undone ? ', and was rolled back at once' : ''}.`;
  }
  return `- ${what}: answered ${answered(result, ctx.texts[id])}`;
}

function closingMessage(ctx) {
  const size = ctx.results.readCalc?.content ? ` (${Buffer.byteLength(ctx.results.readCalc.content)} bytes)` : '';
  const lines = [
    'That was a replay of real agent incidents, on this workspace, through the Agent Safe Edit tools. Expand the steps above to see each call and the answer the agent got.',
    '',
    outcomeLine(`A whole-file write of \`}\` over ${CALC}${size}`, ctx, 'wipe', 'SIZE_REDUCTION_BLOCKED', '**refused**: the file would have lost almost everything'),
    outcomeLine('The same `if (argc != 2)` block inserted a second time', ctx, 'duplicate', 'DUPLICATE_CONTENT', '**refused** as a duplicate, with the lines already there'),
    outcomeLine(`An invalid diff for ${STATS}`, ctx, 'patch1', 'INVALID_PATCH', 'not applied: the answer names the line that does not match'),
  ];
  if (ctx.calls.patch2) {
    lines.push(outcomeLine('The same diff again', ctx, 'patch2', 'INVALID_PATCH_LIMIT_EXCEEDED', 'not applied, and now the answer tells the agent to stop patching this file and use `write_file`'));
  }
  const edit = ctx.results.edit;
  if (landed(edit)) {
    const restored = ctx.results.rollback?.success === true;
    lines.push(`- An edit that landed (a comment at the top of ${CALC}), backed up first: ${restored ? `**\`rollback_file\` restored it**, so ${CALC} is exactly what it was.` : `the rollback answered ${answered(ctx.results.rollback, ctx.texts.rollback)}`}`);
  } else {
    lines.push(`- An edit meant to land on ${CALC}: answered ${answered(edit, ctx.texts.edit)}`);
  }
  lines.push(
    '',
    'Where to look: the shield in the status bar (`N edits · M blocked`) counted these calls; click it for the dashboard (or run **Agent Safe Edit: Open Dashboard**). The shield in the activity bar opens the Edit History: every attempt, with Compare and Roll Back.',
    '',
    'Send any prompt to replay it. To work with a real model, pick one in the model picker below: sign in to GitHub Copilot, or add your own (for example a local OpenAI-compatible server) with **Chat: Manage Language Models**.',
  );
  return lines.join('\n');
}
