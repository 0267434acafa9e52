import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A real case-insensitive folder: an NTFS image mounted by ntfs-3g with ignore_case (README.md and readme.md are one file). */
export interface CaseInsensitiveMount {
  dir: string;
  unmount(): void;
}

/** Why this machine cannot mount one, or undefined when it can. */
export function mountUnavailable(): string | undefined {
  const missing = ['lowntfs-3g', 'mkntfs'].filter((tool) => !onPath(tool));
  if (missing.length) return `${missing.join(' and ')} not found (apt-get install -y ntfs-3g fuse3)`;
  if (!fs.existsSync('/dev/fuse')) return '/dev/fuse is missing (FUSE is not available here)';
  return undefined;
}

/**
 * Mounts a fresh 16 MB NTFS image on `at` (created; default a temp folder). In CI a machine that cannot is a failure
 * with the reason (never a silent skip); elsewhere the caller's test is skipped, saying why.
 */
export function mountCaseInsensitive(ctx: Mocha.Context, at?: string): CaseInsensitiveMount {
  const why = mountUnavailable();
  if (why !== undefined) {
    if (process.env.CI === 'true') throw new Error(`A case-insensitive mount is needed for this test and cannot be made: ${why}.`);
    ctx.skip();
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-ntfs-'));
  const image = path.join(work, 'disk.img');
  const dir = at ?? path.join(work, 'mnt');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(image, '');
  fs.truncateSync(image, 16 * 1024 * 1024);
  execFileSync('mkntfs', ['-F', '-Q', '-q', image], { stdio: 'ignore' });
  execFileSync('lowntfs-3g', ['-o', 'ignore_case', image, dir], { stdio: 'pipe' });
  return {
    dir,
    unmount() {
      // lazy: an editor or a file watcher may still hold the folder
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      fs.rmSync(work, { recursive: true, force: true });
      if (at !== undefined) fs.rmSync(at, { recursive: true, force: true });
    },
  };
}

function onPath(tool: string): boolean {
  return (process.env.PATH ?? '').split(':').some((d) => d && fs.existsSync(path.join(d, tool)));
}
