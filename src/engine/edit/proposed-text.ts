import type { EditRequest } from './edit-pipeline';

/**
 * The text an edit would leave in the file, computed the way invoke will compute it, or
 * undefined when the edit would fail. prepareInvocation uses it to show a sensitive file's
 * change in the chat's confirmation before anything runs; invoke recomputes it under the
 * file's lock, so a preview that went stale never decides what is written.
 */
export function proposedTextOf(request: EditRequest, current: string | undefined): string | undefined {
  const planned = request.plan(current);
  return planned.ok ? planned.plan.newText : undefined;
}
