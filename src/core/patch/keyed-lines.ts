/**
 * A file's lines as the matcher sees them: each line's key at each tolerance level (computed
 * lazily and cached), the lines holding a word (native substring search, cached per word), and,
 * once searching the whole text again and again would cost more than indexing it, an index of
 * the keys (SequenceIndex) that answers every later search from the positions of its rarest
 * line. One KeyedLines serves every hunk, chunk or edit placed on the same text, so the index is
 * built at most once per file and level. All of its work is charged to the change's WorkMeter.
 */
import { LineModel, lineOffsets } from '../text/lines';
import { lineIndexAt } from '../text/offsets';
import { SequenceIndex } from '../text/sequence-index';
import { Level, keyOf } from './levels';
import { WorkMeter } from './work-meter';

/** Failures that get the nearest line of the file (see nearestLine in diagnose.ts), per file. */
export const MAX_NEAREST_SEARCHES = 32;
/**
 * Searches without the index may cost this many times the file's lines before it is built:
 * about what building it costs (a map entry and a key per line), so the index is built only
 * for changes that would otherwise pay more, and costs them at most twice the least.
 */
const SCANS_BEFORE_INDEX = 16;
/** What computing one line's key costs, in comparisons. */
const KEY_STEPS = 16;
/** A word as keys keep it: see wordsPresent. */
const WORD_RUN = /[A-Za-z0-9_]{2,}/g;
/** A native substring search over the text costs about one step per this many characters. */
const CHARS_PER_STEP = 32;

export class KeyedLines {
  private readonly cache: Array<Array<string | undefined>> = [];
  private readonly hits = new Map<string, Int32Array>();
  private readonly indexes: Array<SequenceIndex | undefined> = [];
  private scanned = 0;
  private nearestSearches = 0;
  private words?: Set<string>;
  readonly meter: WorkMeter;

  constructor(readonly model: LineModel, meter?: WorkMeter) {
    this.meter = meter ?? WorkMeter.forInput(model.raw.length, model.lines.length);
  }

  get lines(): string[] {
    return this.model.lines;
  }

  /**
   * The (sorted) indexes of the lines containing `token`, found by native substring search
   * over the raw text and cached, so the tiers and anchors that share a token scan once.
   */
  linesContaining(token: string): Int32Array {
    let h = this.hits.get(token);
    if (h) return h;
    const raw = this.model.raw;
    const offs = lineOffsets(this.model);
    const n = this.model.lines.length;
    const out: number[] = [];
    let line = 0;
    for (let at = raw.indexOf(token); at >= 0; ) {
      // the line holding offset `at`, searched from the last one (hits come in increasing order)
      line = lineIndexAt(offs, at, line, n - 1);
      if (line >= n) break;
      out.push(line);
      // continue after this line: one hit per line is enough. The search must move forward
      // (an empty token matches at the end of the text again and again).
      if (line + 1 >= n) break;
      const next = raw.indexOf(token, offs[line + 1]);
      at = next > at ? next : -1;
    }
    this.noteScan(Math.ceil(raw.length / CHARS_PER_STEP) + out.length);
    h = Int32Array.from(out);
    this.hits.set(token, h);
    return h;
  }

  key(level: Level, i: number): string {
    if (level === Level.Exact) return this.model.lines[i];
    const lv = level > Level.Unicode ? Level.Unicode : level;
    const idx = this.indexes[lv];
    if (idx) return idx.itemAt(i);
    let arr = this.cache[lv];
    if (!arr) arr = this.cache[lv] = new Array(this.model.lines.length);
    let k = arr[i];
    if (k === undefined) {
      // a key is a few regular-expression passes over the line: dearer than a comparison
      this.noteScan(KEY_STEPS);
      k = arr[i] = keyOf(lv, this.model.lines[i]);
    }
    return k;
  }

  /**
   * Work a search without the index may still do (lines compared, text scanned) before
   * building the index is the cheaper way; 0 or less once it is.
   */
  scanAllowance(): number {
    return SCANS_BEFORE_INDEX * (this.model.lines.length + 1024) - this.scanned;
  }

  /** Records work done without the index (and charges the meter). */
  noteScan(steps: number): void {
    this.scanned += steps;
    this.meter.charge(steps);
  }

  /** True for the first MAX_NEAREST_SEARCHES calls: may one more failure look for its nearest line? */
  takeNearestSearch(): boolean {
    return ++this.nearestSearches <= MAX_NEAREST_SEARCHES;
  }

  /**
   * False when some line of `lines` cannot equal any line of the file at levels 0-3 because it
   * has a word (a maximal run of 2+ ASCII letters, digits or underscores) that no line has: no
   * key changes those runs, so lines equal at any level have the same words. The file's words
   * are collected once (one pass over the text), and only when `build` says an index that this
   * check could spare is about to be made; before that the check answers true.
   */
  wordsPresent(lines: readonly string[], build: boolean): boolean[] {
    if (!this.words && build) {
      this.meter.charge(Math.ceil(this.model.raw.length / 8));
      this.words = new Set(this.model.raw.match(WORD_RUN) ?? []);
    }
    const words = this.words;
    return lines.map((l) => !words || (l.match(WORD_RUN) ?? []).every((w) => words.has(w)));
  }

  hasIndex(level: Level): boolean {
    return this.indexes[level > Level.Unicode ? Level.Unicode : level] !== undefined;
  }

  /**
   * The keys of every line at `level` (the fuzzy level shares level 3's), indexed; built once.
   * Each of levels 1-3 is derived from the level below (a key per distinct key there: a line's
   * key at a level is the key of its key at the level below, see keys.ts). The exact index of a
   * text without CR also holds the empty piece after a final newline (as the text cut at "\n"
   * does), so the fast path's exact search can use it; no match reaches it (matches end at N).
   */
  index(level: Level): SequenceIndex {
    const lv = level > Level.Unicode ? Level.Unicode : level;
    let idx = this.indexes[lv];
    if (!idx) {
      const m = this.model;
      const n = m.lines.length;
      this.meter.charge(n);
      if (lv === Level.Exact) {
        const pieces = !m.hasCR && m.finalNewline ? n + 1 : n;
        idx = SequenceIndex.of(pieces, (i) => (i < n ? m.lines[i] : ''));
      } else idx = this.index(lv - 1).derive((s) => keyOf(lv, s));
      this.indexes[lv] = idx;
    }
    return idx;
  }
}
