/**
 * Converts UTF-16 offsets into 1-based line/column pairs. Lines break on "\n" (a "\r" before
 * it belongs to the previous line), matching VS Code for "\n" and "\r\n" files.
 */
export class PositionIndex {
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** 1-based line and column of `offset` (clamped into the text). */
  at(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: Math.max(0, offset - this.lineStarts[lo]) + 1 };
  }
}
