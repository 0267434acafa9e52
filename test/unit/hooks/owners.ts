import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Stops the background owners the hooks of a test started (their records under the test's state
 * directory name them) and waits until each has ended, store closed: no owner outlives its test.
 */
export async function stopOwners(state: string): Promise<void> {
  const dir = path.join(state, 'agent-safe-edit', 'connections');
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return;
  }
  const pids = new Set<number>();
  for (const name of names) {
    try {
      const record = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { pid?: number; role?: string };
      if (record.role === 'background' && typeof record.pid === 'number' && record.pid !== process.pid) pids.add(record.pid);
    } catch {
      // Being written or removed meanwhile.
    }
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      continue;
    }
    for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 25));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
