/**
 * A 1-based inclusive range of lines of the NEW text after an edit: what the edit tools
 * report as `changed` and what an excerpt is cut around. A pure deletion is a zero-length
 * range at the deletion point: end_line = start_line - 1.
 */
export interface LineRange {
  start_line: number;
  end_line: number;
}
