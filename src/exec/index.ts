export { runProgram, RunProgramOptions, RunOutcome, RunResult, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_KILL_GRACE_MS } from './run-program';
export { resolveProgram, ResolveProgramOptions, ProgramResolution } from './resolve-program';
export { resolveCwd } from './resolve-cwd';
export { HeadTailCapture } from './output-capture';
export { killProcessTree, groupAlive } from './kill-tree';
export { programEnvironment } from './program-environment';
