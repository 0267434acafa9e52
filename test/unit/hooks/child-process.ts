import { ChildProcess, spawn } from 'node:child_process';

/** A `node -e` child of a test, with its stdout lines awaitable. */
export interface Child {
  proc: ChildProcess;
  pid: number;
  /** Resolves with the first stdout line that matches. */
  line(match: RegExp): Promise<string>;
  exited: Promise<void>;
}

export function child(script: string, args: string[]): Child {
  const proc = spawn(process.execPath, ['-e', script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const waiting: Array<{ match: RegExp; resolve: (l: string) => void }> = [];
  proc.stdout!.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    for (const w of [...waiting]) {
      const l = out.split('\n').find((x) => w.match.test(x));
      if (l !== undefined) { waiting.splice(waiting.indexOf(w), 1); w.resolve(l); }
    }
  });
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  return {
    proc, pid: proc.pid!, exited,
    line: (match) => {
      const l = out.split('\n').find((x) => match.test(x));
      return l !== undefined ? Promise.resolve(l) : new Promise((resolve) => waiting.push({ match, resolve }));
    },
  };
}

/** `p`, or a failure naming `what` once `ms` have passed (so a test that would hang fails instead). */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

