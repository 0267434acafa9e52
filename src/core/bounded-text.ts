/**
 * The head of a text that fits a character budget, cut at a line boundary when one is near,
 * so results sent to a model stay bounded whatever the file's size. Pure, linear.
 */
export interface BoundedText {
  text: string;
  truncated: boolean;
  /** Lines included (1-based, from the start) when truncated. */
  lines_included?: number;
}

export function boundedHead(text: string, maxChars: number): BoundedText {
  if (text.length <= maxChars) return { text, truncated: false };
  let cut = text.lastIndexOf('\n', maxChars - 1) + 1;
  if (cut < maxChars / 2) cut = maxChars; // one enormous line: cut inside it rather than send almost nothing
  const head = text.slice(0, cut);
  let lines = 0;
  for (let i = head.indexOf('\n'); i >= 0; i = head.indexOf('\n', i + 1)) lines++;
  return { text: head, truncated: true, lines_included: head.endsWith('\n') ? lines : lines + 1 };
}
