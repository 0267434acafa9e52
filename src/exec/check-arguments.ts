import * as nodePath from 'node:path';
import { realpathOfLongestExisting } from '../files/confine';
import { findRiskyArguments, pathCandidates, ArgRisk, RiskInput, MAX_CHECKED_ARGS } from './risky-args';

/**
 * findRiskyArguments with the filesystem part done: every path-like candidate in the
 * arguments is resolved through symlinks first, so a link named `cfg` pointing at
 * `.vscode/settings.json` is judged by where it leads. Never throws.
 */
export async function checkArguments(input: Omit<RiskInput, 'realPaths'>): Promise<ArgRisk[]> {
  const realPaths = new Map<string, { real: string; exists: boolean }>();
  if (input.args.length <= MAX_CHECKED_ARGS) {
    const all = new Set<string>();
    for (const arg of input.args) for (const c of pathCandidates(arg)) all.add(nodePath.resolve(input.cwd, c));
    await Promise.all([...all].map(async (abs) => {
      const r = await realpathOfLongestExisting(abs).catch(() => undefined);
      if (r && r.ok) realPaths.set(abs, { real: r.path, exists: r.exists });
    }));
  }
  return findRiskyArguments({ ...input, realPaths });
}
