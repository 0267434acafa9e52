// Entry of the in-host benchmarks (loads *.bench.js from this folder). Run with `node bench/host/run.mjs`.
import { runMochaFolder } from '../../test/runner/mocha-suite';

export function run(): Promise<void> {
  return runMochaFolder(__dirname, '.bench.js', 900_000);
}
