// Preloaded (`node -r bench/hooks/hook-phases.cjs dist/cli.js hook …`) into a real hook process by
// bench/hooks/run.mjs: timestamps (performance.now(), ms since the process started) of the hook's
// phases, appended as one JSON line to $BENCH_HOOK_PHASES at exit. Nothing is printed, so the hook
// still answers the agent as it would.
//   start      this preload runs: Node's own start-up is done
//   mainStart / mainEnd   dist/cli.js loaded and run synchronously (the dispatcher, the hook bundle,
//              stdin read, the payload parsed, up to the first await)
//   request    http.request called: the root's real path and the owner's record looked up
//   connected  the socket to the owner is connected
//   response / answered   the owner's answer began / was complete (its work is in between)
//   exit       the process is exiting
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (`node -r`): it must hook require itself */
const { performance } = require('node:perf_hooks');
const fs = require('node:fs');
const Module = require('node:module');
const http = require('node:http');

const t = { start: performance.now() };
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (!isMain) return load.apply(this, arguments);
  t.mainStart = performance.now();
  try {
    return load.apply(this, arguments);
  } finally {
    t.mainEnd = performance.now();
  }
};
const request = http.request;
http.request = function (...args) {
  t.request = performance.now();
  const req = request.apply(this, args);
  req.on('socket', (s) => s.on('connect', () => (t.connected = performance.now())));
  req.on('response', (res) => {
    t.response = performance.now();
    res.on('end', () => (t.answered = performance.now()));
  });
  return req;
};
process.on('exit', () => {
  t.exit = performance.now();
  if (process.env.BENCH_HOOK_PHASES) fs.appendFileSync(process.env.BENCH_HOOK_PHASES, JSON.stringify(t) + '\n');
});
