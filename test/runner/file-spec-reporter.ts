// A mocha reporter for tests that run inside the VS Code extension host. There, console
// output reaches only the browser console and the window log, so besides printing
// spec-style lines it appends every line to a report file and keeps a small JSON summary
// next to it (`<file>.summary.json`), which the runner outside reads and prints.
// Lines are written as they happen, so a run that hangs still leaves its progress on disk.

import * as fs from 'node:fs';
import Mocha from 'mocha';

/** What the runner reads to print `N passed, N failed`. `done` is false while tests run. */
export interface ReportSummary {
  passed: number;
  failed: number;
  pending: number;
  done: boolean;
  durationMs: number;
}

/** Path of the JSON summary kept beside a report file. */
export function summaryPathFor(reportFile: string): string {
  return `${reportFile}.summary.json`;
}

const {
  EVENT_RUN_BEGIN,
  EVENT_RUN_END,
  EVENT_SUITE_BEGIN,
  EVENT_SUITE_END,
  EVENT_TEST_PASS,
  EVENT_TEST_FAIL,
  EVENT_TEST_PENDING,
} = Mocha.Runner.constants;

/**
 * Builds a reporter class bound to `reportFile` (undefined: console only). The file is
 * truncated when the run begins. Write errors are swallowed after the first warning: a
 * report that cannot be written must not turn passing tests into a crash.
 */
export function createFileSpecReporter(reportFile: string | undefined): Mocha.ReporterConstructor {
  return class FileSpecReporter extends Mocha.reporters.Base {
    private depth = 0;
    private readonly failedTests: Array<{ title: string; err: Error }> = [];
    private readonly counts = { passed: 0, failed: 0, pending: 0 };
    private readonly startedAt = Date.now();
    private writeFailed = false;

    constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
      super(runner, options);
      runner.once(EVENT_RUN_BEGIN, () => {
        this.write('', true);
        this.saveSummary(false);
      });
      runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
        if (!suite.root) this.line(suite.title);
        this.depth++;
      });
      runner.on(EVENT_SUITE_END, () => {
        this.depth--;
        if (this.depth === 1) this.line('');
      });
      runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => {
        this.counts.passed++;
        this.line(`  ✔ ${test.title} (${test.duration ?? 0} ms)`);
        this.saveSummary(false);
      });
      runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => {
        this.counts.pending++;
        this.line(`  - ${test.title} (pending)`);
        this.saveSummary(false);
      });
      // Also fires for failing hooks (before/after), which then count as failures.
      runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, err: Error) => {
        this.counts.failed++;
        this.failedTests.push({ title: test.fullTitle(), err });
        this.line(`  ✘ ${this.failedTests.length}) ${test.title}`);
        this.saveSummary(false);
      });
      runner.once(EVENT_RUN_END, () => {
        this.depth = 0;
        this.line(`${this.counts.passed} passing, ${this.counts.failed} failing, ${this.counts.pending} pending`);
        this.failedTests.forEach((f, i) => {
          this.line('');
          this.line(`${i + 1}) ${f.title}`);
          this.line(formatError(f.err));
        });
        this.saveSummary(true);
      });
    }

    /** Prints one line indented to the current suite depth and appends it to the file. */
    private line(text: string): void {
      const indented = text === '' ? '' : '  '.repeat(Math.max(0, this.depth - 1)) + text;
      console.log(indented);
      this.write(`${indented}\n`, false);
    }

    private write(text: string, truncate: boolean): void {
      if (!reportFile || this.writeFailed) return;
      try {
        if (truncate) fs.writeFileSync(reportFile, text);
        else fs.appendFileSync(reportFile, text);
      } catch (error) {
        this.writeFailed = true;
        console.error(`[file-spec-reporter] cannot write ${reportFile}: ${String(error)}`);
      }
    }

    private saveSummary(done: boolean): void {
      if (!reportFile || this.writeFailed) return;
      const summary: ReportSummary = { ...this.counts, done, durationMs: Date.now() - this.startedAt };
      try {
        fs.writeFileSync(summaryPathFor(reportFile), JSON.stringify(summary));
      } catch {
        // the text report already warned, or will
      }
    }
  };
}

/** Message, expected/actual for assertion errors, and stack, each line indented. */
function formatError(err: Error & { actual?: unknown; expected?: unknown; showDiff?: boolean }): string {
  const parts = [trimStack(err.stack ?? `${err.name}: ${err.message}`)];
  if (err.showDiff !== false && ('expected' in err || 'actual' in err)) {
    parts.push(`expected: ${safeStringify(err.expected)}`, `actual:   ${safeStringify(err.actual)}`);
  }
  return parts.join('\n').split('\n').map((l) => `   ${l}`).join('\n');
}

function safeStringify(value: unknown): string {
  try {
    // mocha has usually stringified actual/expected already; print such strings as they are.
    return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Drops stack frames of VS Code's own bundles, mocha and Node internals: in the extension
 * host they are dozens of minified lines that say nothing about the failing test.
 * The message lines (before the first frame) are always kept.
 */
function trimStack(stack: string): string {
  const noise = /\/lib\/vscode\/out\/|[\\/]node_modules[\\/]mocha[\\/]|\(node:internal|at node:internal/;
  const lines = stack.split('\n');
  const kept = lines.filter((l) => !(/^\s+at /.test(l) && noise.test(l)));
  const dropped = lines.length - kept.length;
  if (dropped === 0) return stack;
  return `${kept.join('\n')}\n    (${dropped} frame${dropped === 1 ? '' : 's'} of VS Code, mocha or Node omitted)`;
}
