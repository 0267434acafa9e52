/**
 * old_text as a pattern of whole lines: its lines without a leading or trailing empty element
 * (old_text starting or ending with a line break), which say the span starts at the end of
 * the line above, or ends at the start of the line below.
 */
export interface LinePattern {
  core: string[];
  leadingNL: boolean;
  trailingNL: boolean;
}

export function linePattern(lines: string[]): LinePattern {
  let core = lines;
  const leadingNL = core.length > 1 && core[0] === '';
  if (leadingNL) core = core.slice(1);
  const trailingNL = core.length > 1 && core[core.length - 1] === '';
  if (trailingNL) core = core.slice(0, -1);
  return { core, leadingNL, trailingNL };
}
