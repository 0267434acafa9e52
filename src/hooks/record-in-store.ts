import type { FolderCheckpoint } from '../engine/host';
import { recordBetween } from '../engine/writers/record-between';
import { HookCall, realUnder, writerOf } from './hook-call';
import { openHookStore } from './open-hook-store';
import { pendingCheckpointIds, rememberCall, takeCall } from './pending-calls';

/** The event recorded in the headless store, opened by this process (no owner runs). */
export async function recordInStore(call: HookCall, root: string, args: { store?: string; waitMs: number }): Promise<string | undefined> {
  const logged: string[] = [];
  const opened = await openHookStore(root, args.store, args.waitMs, (line) => logged.push(line));
  if (!opened.ok) return `not recorded: ${opened.failure.message}`;
  const { host, storeDir, close } = opened;
  try {
    // Paths as the checkpoints see them: under the root's real path.
    const paths = call.paths.map((p) => realUnder(p, root, opened.realRoot));
    if (call.event === 'pre') {
      const before = await take(host.checkpoints.takeAll(call.kind === 'shell' ? undefined : paths));
      if (before.length === 0) return `no checkpoint could be taken before ${call.tool}: ${logged.join('; ')}`;
      await rememberCall(storeDir, call.agent, { callId: call.callId, paths: call.kind === 'shell' ? [] : paths, before, created: Date.now() });
      return undefined;
    }
    const pending = await takeCall(storeDir, call.agent, call.callId);
    if (!pending) return `${call.tool}'s changes are not recorded: no pre-tool hook checkpoint of this call was found (is the pre hook configured?)`;
    const after = await take(host.checkpoints.takeAll(pending.paths.length ? pending.paths : undefined));
    if (after.length === 0) return `no checkpoint could be taken after ${call.tool}: ${logged.join('; ')}`;
    const named = new Set(pending.paths);
    const writer = writerOf(call);
    const recorded = await recordBetween(host, pending.before, after, {
      turn: { id: call.sessionId, client: call.agent }, now: Date.now(), writer,
      ...(call.kind === 'shell' && call.command ? { tool: `${call.agent}:shell` } : {}),
      ...(named.size ? { only: (abs: string) => named.has(abs) } : {}),
    });
    await host.checkpoints.prune([...after.map((c) => c.id), ...(await pendingCheckpointIds(storeDir))]);
    return recorded.skipped.length ? `not recorded: ${recorded.skipped.slice(0, 5).map((s) => `${s.path} (${s.reason})`).join('; ')}` : undefined;
  } finally {
    await close();
  }
}

async function take(taking: Promise<FolderCheckpoint[]>): Promise<FolderCheckpoint[]> {
  const taken = await taking;
  const ended = Date.now();
  return taken.map((c) => ({ ...c, ended }));
}
