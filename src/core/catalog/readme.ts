import { failureTypesParagraph } from './readme-failure-types';
import { settingsTable } from './readme-settings';

/**
 * The parts of README.md written from the catalog, by the name of their marker:
 *   <!-- generated:NAME … -->
 *   (the generated text)
 *   <!-- /generated -->
 * scripts/manifest.mjs writes them with package.json's sections; a unit test checks the
 * committed README equals them.
 */
export function readmeSections(): Record<string, string> {
  return {
    'failure-types': failureTypesParagraph(),
    settings: settingsTable(),
  };
}

const START = '<!-- generated:';
const END = '<!-- /generated -->';

/** The offset of `marker` at the start of a line, from `from` on; -1 when there is none. */
function lineStartIndex(text: string, marker: string, from: number): number {
  if (from === 0 && text.startsWith(marker)) return 0;
  const at = text.indexOf(`\n${marker}`, Math.max(0, from - 1));
  return at < 0 ? -1 : at + 1;
}

/**
 * README's text with every generated part replaced; the rest is untouched. Markers count only
 * at the start of a line (prose may quote them). Throws on a marker without its end, a name
 * with no generator, or a generator with no marker, so a section cannot silently stop being
 * written.
 */
export function withReadmeSections(readme: string, sections: Record<string, string> = readmeSections()): string {
  const out: string[] = [];
  const written = new Set<string>();
  let at = 0;
  for (let start = lineStartIndex(readme, START, at); start >= 0; start = lineStartIndex(readme, START, at)) {
    const nameAt = start + START.length;
    const startClose = readme.indexOf('-->', nameAt);
    const end = startClose < 0 ? -1 : lineStartIndex(readme, END, startClose);
    if (end < 0) throw new Error(`README: the marker at offset ${start} has no ${END} line after it`);
    const name = readme.slice(nameAt, startClose).trim().split(/\s/, 1)[0];
    if (!Object.prototype.hasOwnProperty.call(sections, name)) throw new Error(`README: no generator for the section "${name}"`);
    written.add(name);
    // Blank lines around the text, so the markers never join the paragraph or table between them.
    out.push(readme.slice(at, startClose + 3), `\n\n${sections[name]}\n\n`);
    at = end;
  }
  out.push(readme.slice(at));
  const unwritten = Object.keys(sections).filter((name) => !written.has(name));
  if (unwritten.length) throw new Error(`README: no marker for the section(s) ${unwritten.join(', ')}`);
  return out.join('');
}
