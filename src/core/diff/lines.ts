/** The diff's line splitter is the text kit's (see core/text/split.ts for its contract). */
export { splitLinesKeepEnds } from '../text/split';

/** True when the line carries its '\n' terminator (only a file's last line may not). */
export function hasLineEnd(line: string): boolean {
  return line.endsWith('\n');
}
