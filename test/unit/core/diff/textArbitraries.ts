import fc from 'fast-check';

/** A small pool of lines so random texts share many lines (realistic diffs, not all-different). */
const linePool = ['a', 'b', 'c', '', '  }', 'if (x) {', 'héllo wörld ✓', '日本語', 'emoji 🎉', '\t tab', 'x\r'];

/** One line with its terminator; "\r\n" and "\n" both occur. */
const lineArb = fc.tuple(fc.constantFrom(...linePool), fc.constantFrom('\n', '\n', '\r\n'))
  .map(([text, eol]) => text + eol);

/** A text of 0..30 lines, sometimes without a final newline. */
export const textArb = fc.tuple(fc.array(lineArb, { maxLength: 30 }), fc.boolean(), fc.constantFrom(...linePool))
  .map(([lines, unterminated, tail]) => lines.join('') + (unterminated && tail.length > 0 ? tail.replace(/\r$/, '') : ''));

/** A text and an edited version of it (a few line insertions, deletions, replacements). */
export const editedPairArb = fc.tuple(textArb, fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.array(lineArb, { maxLength: 3 })), { maxLength: 4 }))
  .map(([text, edits]) => {
    const lines = text.split(/(?<=\n)/).filter((l) => l.length > 0);
    for (const [at, del, ins] of edits) {
      const pos = lines.length === 0 ? 0 : at % (lines.length + 1);
      lines.splice(pos, del, ...ins);
    }
    return [text, lines.join('')] as const;
  });
