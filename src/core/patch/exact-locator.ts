/**
 * The fast path's question for every hunk: where does its old side occur verbatim and
 * line-aligned in the raw text (scanExact's answer: none, one at offset X, or several)?
 * The first hunks of a text are answered by native substring search over the whole text; once
 * those searches have read the text a few times over, the text's pieces (cut at the line end
 * in use) are indexed once and every later hunk is answered from the positions of its rarest
 * line. Both give scanExact's answer exactly: a line-aligned occurrence of lines joined by
 * `eol` is a run of equal pieces of the text cut at `eol` (the hunk's lines hold no line end).
 */
import { SequenceIndex } from '../text/sequence-index';
import { findRuns } from '../text/sequence-match';
import { ExactScan, scanExact } from './fastPatch';
import type { WorkMeter } from './work-meter';

/**
 * Whole-text searches allowed before the pieces are indexed (in multiples of the text's length):
 * indexing costs about as much as this many native searches, so a patch of a few hunks never
 * pays for it and a patch of many pays at most twice what it would have known to pay.
 */
const SCANS_BEFORE_INDEX = 16;
/** A native substring search costs about one step per this many characters. */
const CHARS_PER_STEP = 32;

export class ExactLocator {
  private scanned = 0;
  private pieces?: Pieces;

  constructor(
    private readonly raw: string,
    private readonly eol: '\n' | '\r\n',
    private readonly meter: WorkMeter,
    /** Whole-text searches before the pieces are indexed, in multiples of the text's length (0: index at once). */
    private readonly scansBeforeIndex = SCANS_BEFORE_INDEX,
    /** The pieces already indexed elsewhere (the file's line index, for a text without CR). */
    private readonly indexed?: () => Pieces,
  ) {}

  /** scanExact(raw, oldLines, eol). */
  scan(oldLines: string[]): ExactScan {
    if (!this.pieces && this.scanned < this.scansBeforeIndex * (this.raw.length + 1)) {
      this.scanned += this.raw.length + 1;
      this.meter.charge(Math.ceil(this.raw.length / CHARS_PER_STEP) + oldLines.length);
      // characters the search compared one by one (a repetitive text) count too: toward the
      // meter (a tight loop: a quarter of a comparison each), and toward indexing sooner
      return scanExact(this.raw, oldLines, this.eol, (steps) => {
        this.scanned += steps;
        this.meter.charge(Math.ceil(steps / 4));
      });
    }
    const { index, offsetOf } = (this.pieces ??= this.indexed ? this.indexed() : this.indexPieces());
    const runs = findRuns(index, oldLines, 0, index.length, 2, this.meter);
    if (!runs.length) return { count: 0, offset: -1 };
    return { count: runs.length === 1 ? 1 : 2, offset: offsetOf(runs[0]) };
  }

  private indexPieces(): Pieces {
    const bom = this.raw.charCodeAt(0) === 0xfeff ? 1 : 0;
    const parts = this.raw.slice(bom).split(this.eol);
    this.meter.charge(parts.length);
    const offsets = new Float64Array(parts.length);
    let at = bom;
    for (let k = 0; k < parts.length; k++) {
      offsets[k] = at;
      at += parts[k].length + this.eol.length;
    }
    return { index: SequenceIndex.of(parts.length, (k) => parts[k]), offsetOf: (k) => offsets[k] };
  }
}

/** The text cut at its line end, indexed, and where each piece starts in the text. */
export interface Pieces {
  index: SequenceIndex;
  offsetOf(piece: number): number;
}
