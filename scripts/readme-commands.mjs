#!/usr/bin/env node
// The commands of the README's "Quick start", read from README.md itself, so CI types exactly
// what a newcomer reads (issue 12: CI had its own install step and never ran the README's path).
//
//   node scripts/readme-commands.mjs prerequisites|start|test   → prints that command line
//
// Plain Node, no dependencies: CI calls it before `npm install`.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const README = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'README.md');

/** Which command a line of the quick start is, by what it runs. */
const KINDS = {
  prerequisites: (line) => /\bapt-get install\b/.test(line),
  start: (line) => /\bnpm start\b/.test(line),
  test: (line) => /^npm test\b/.test(line),
};

/**
 * The command lines in the ```sh blocks of the "## Quick start" section (up to the next
 * "## " heading), without their trailing `# comments`.
 * @param {string} markdown
 * @returns {string[]}
 */
export function quickStartLines(markdown) {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Quick start'));
  if (!section) throw new Error('README.md has no "## Quick start" section');
  const lines = [];
  for (const block of section.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    for (const raw of block[1].split('\n')) {
      // A ` #` after the command starts its comment (the quick start uses no # inside commands).
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (line && !line.startsWith('#')) lines.push(line);
    }
  }
  return lines;
}

/**
 * The one quick-start line of `kind`; throws when there is none or more than one.
 * @param {keyof typeof KINDS} kind
 */
export function quickStartCommand(kind, markdown = readFileSync(README, 'utf8')) {
  const matches = quickStartLines(markdown).filter(KINDS[kind]);
  if (matches.length !== 1) throw new Error(`README.md's quick start has ${matches.length} "${kind}" commands, expected 1`);
  return matches[0];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const kind = process.argv[2];
  if (!(kind in KINDS)) {
    console.error(`usage: node scripts/readme-commands.mjs ${Object.keys(KINDS).join('|')}`);
    process.exit(2);
  }
  console.log(quickStartCommand(/** @type {keyof typeof KINDS} */ (kind)));
}
