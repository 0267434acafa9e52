/**
 * Everything the engine derives from one base text, made once and shared by every hunk,
 * chunk or edit placed on that text in one call: the line model, the matcher's keys and
 * indexes, the fast path's exact searches, the set of trimmed lines (elision checks), line
 * numbers of offsets, each hunk's located candidates, and the work meter. A multi-file plan
 * places a file's hunks several times (all together, one by one, reversed: see
 * apply-patch/place-hunks.ts); with one context per file each hunk is searched for once.
 */
import { splitText, LineModel, lineOffsets } from '../text/lines';
import { lineIndexAt } from '../text/offsets';
import { KeyedLines } from './keyed-lines';
import { ExactLocator, Pieces } from './exact-locator';
import { Level } from './levels';
import type { ExactScan } from './fastPatch';
import type { Hunk } from './parse';
import { WorkMeter, WorkBudget } from './work-meter';

export interface PatchOptions {
  /** Allow the "one slightly wrong context line" tier (default true). */
  fuzzy?: boolean;
  /** Resolve elision markers inside hunks (default true). */
  elision?: boolean;
  /** Skip the raw-text fast path (fastPatch.ts); the result is the same, only slower. For tests. */
  noFastPath?: boolean;
  /** The work budget's fixed allowance, and where a passed limit is recorded (see work-meter.ts). */
  workBudget?: WorkBudget;
}

export class PatchContext {
  private lineModel?: LineModel;
  private keyedLines?: KeyedLines;
  private trimmed?: Set<string>;
  private locator?: ExactLocator;
  private lineEnd?: '\n' | '\r\n';
  private readonly scans = new Map<Hunk, ExactScan>();
  /** Located hunks, by hunk and by whether the exact search may use the fast path's scan. */
  readonly located = new Map<Hunk, unknown[]>();

  constructor(
    readonly raw: string,
    readonly options: PatchOptions,
    readonly meter: WorkMeter,
  ) {}

  get model(): LineModel {
    if (!this.lineModel) {
      this.meter.charge(Math.ceil(this.raw.length / 64));
      this.lineModel = splitText(this.raw);
      this.meter.allowLines(this.lineModel.lines.length);
    }
    return this.lineModel;
  }

  get file(): KeyedLines {
    return (this.keyedLines ??= new KeyedLines(this.model, this.meter));
  }

  /** The trimmed lines of the text (is an elision marker the file's own line?). */
  get baseSet(): Set<string> {
    if (!this.trimmed) {
      this.meter.charge(this.model.lines.length);
      this.trimmed = new Set(this.model.lines.map((l) => l.trim()));
    }
    return this.trimmed;
  }

  /** The line end the fast path joins a hunk's lines with: CRLF as soon as the text holds a CR. */
  get eol(): '\n' | '\r\n' {
    return (this.lineEnd ??= this.raw.indexOf('\r') >= 0 ? '\r\n' : '\n');
  }

  /** scanExact(raw, oldLines, this.eol) of this hunk, searched once per context (see exact-locator.ts). */
  scanOf(h: Hunk, oldLines: string[]): ExactScan {
    let s = this.scans.get(h);
    if (!s) {
      // without CR the text's pieces are its lines (plus the empty one after a final newline):
      // the fast path and the matcher share one index of them
      this.locator ??= new ExactLocator(this.raw, this.eol, this.meter, undefined, this.eol === '\n' ? () => this.linePieces() : undefined);
      s = this.locator.scan(oldLines);
      this.scans.set(h, s);
    }
    return s;
  }

  private linePieces(): Pieces {
    const offs = lineOffsets(this.model);
    const n = this.model.lines.length;
    return { index: this.file.index(Level.Exact), offsetOf: (k) => (k < n ? offs[k] : this.raw.length) };
  }

  /** The 0-based line holding character `offset` of the raw text. */
  lineAt(offset: number): number {
    const m = this.model;
    return lineIndexAt(lineOffsets(m), offset, 0, Math.max(0, m.lines.length - 1));
  }
}
