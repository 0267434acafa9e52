import { lineIndexAt, lineStarts } from '../../core/text/offsets';

/**
 * Converts UTF-16 offsets into 1-based line/column pairs. Lines break on "\n" (a "\r" before
 * it belongs to the previous line), matching VS Code for "\n" and "\r\n" files.
 */
export class PositionIndex {
  private readonly lineStarts: number[];

  constructor(text: string) {
    this.lineStarts = lineStarts(text);
  }

  /** 1-based line and column of `offset` (clamped into the text). */
  at(offset: number): { line: number; column: number } {
    const lo = lineIndexAt(this.lineStarts, offset);
    return { line: lo + 1, column: Math.max(0, offset - this.lineStarts[lo]) + 1 };
  }
}
