/**
 * A PatchContext for search/replace: besides the line model, keys and indexes, the text the
 * exact tier searches (searchText) and where its lines start, made once for every replacement
 * of the same base.
 */
import { PatchContext } from '../patch/patch-context';
import { WorkMeter } from '../patch/work-meter';
import { searchText } from './exact';

export class ReplaceContext extends PatchContext {
  private searched?: string;
  private starts?: Float64Array;

  constructor(raw: string, meter: WorkMeter) {
    super(raw, {}, meter);
  }

  /** searchText(model): the lines joined by "\n", each terminated. */
  get hay(): string {
    return (this.searched ??= searchText(this.model));
  }

  /** The offset in `hay` where each line starts (one pass over the line lengths). */
  get hayStarts(): Float64Array {
    if (!this.starts) {
      const lines = this.model.lines;
      const starts = new Float64Array(lines.length);
      let at = 0;
      for (let i = 0; i < lines.length; i++) {
        starts[i] = at;
        at += lines[i].length + 1;
      }
      this.starts = starts;
    }
    return this.starts;
  }
}
