/**
 * Per tool: the last schema-invalid input and how many times in a row the tool received
 * exactly that input. A different bad input starts again at 1; a valid input clears the tool.
 */
export class BadInputCounter {
  private readonly byTool = new Map<string, { input: string; count: number }>();

  /** Records a bad input and returns its count in a row. */
  record(tool: string, canonicalInput: string): number {
    const entry = this.byTool.get(tool);
    if (entry && entry.input === canonicalInput) {
      entry.count++;
      return entry.count;
    }
    this.byTool.set(tool, { input: canonicalInput, count: 1 });
    return 1;
  }

  /** Clears the tool's count and returns what it was. */
  clear(tool: string): number {
    const previous = this.byTool.get(tool)?.count ?? 0;
    this.byTool.delete(tool);
    return previous;
  }

  clearAll(): void {
    this.byTool.clear();
  }

  entries(): Array<{ tool: string; count: number }> {
    return [...this.byTool].map(([tool, e]) => ({ tool, count: e.count }));
  }
}
