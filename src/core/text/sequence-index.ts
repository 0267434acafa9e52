/**
 * A sequence of strings (a file's lines, or their keys at one matching tier) interned as
 * integers, with the sorted positions of every distinct string. Built once per sequence in
 * one pass; then finding where a run of strings occurs costs about the occurrences of its
 * rarest member instead of a scan of the whole sequence, and never more than a linear scan
 * (see findRuns). Equal strings get equal ids, so every comparison afterwards is an integer one.
 */
export class SequenceIndex {
  /** Positions grouped by id: those of id k are pos[first[k] .. first[k + 1]). */
  private readonly first: Int32Array;
  private readonly pos: Int32Array;

  private constructor(
    /** The id of each item, in order. */
    readonly ids: Int32Array,
    /** The string of each id (ids not used by any item may have one too, see derive). */
    private readonly texts: string[],
    /** The id of a string, or undefined when no item is that string. */
    private readonly lookup: (s: string) => number | undefined,
  ) {
    const distinct = texts.length;
    this.first = new Int32Array(distinct + 1);
    for (let i = 0; i < ids.length; i++) this.first[ids[i] + 1]++;
    for (let k = 0; k < distinct; k++) this.first[k + 1] += this.first[k];
    const fill = this.first.slice(0, distinct);
    this.pos = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) this.pos[fill[ids[i]]++] = i;
  }

  /** The index of `length` items, item i being `itemAt(i)`. */
  static of(length: number, itemAt: (i: number) => string): SequenceIndex {
    const idByText = new Map<string, number>();
    const texts: string[] = [];
    const ids = new Int32Array(length);
    for (let i = 0; i < length; i++) {
      const s = itemAt(i);
      let id = idByText.get(s);
      if (id === undefined) {
        id = texts.length;
        idByText.set(s, id);
        texts.push(s);
      }
      ids[i] = id;
    }
    return new SequenceIndex(ids, texts, (s) => idByText.get(s));
  }

  /**
   * The index of the same items mapped by `keyOf` (a matching tier's key of each line), made
   * from this one: the key is computed once per distinct string, and a key that is itself one
   * of this index's strings keeps that string's id, so only the strings whose key differs from
   * every string of the sequence cost a map entry (for trailing whitespace: almost none).
   */
  derive(keyOf: (s: string) => string): SequenceIndex {
    const D = this.texts.length;
    const texts = this.texts.slice();
    const toKey = new Int32Array(D);
    const extra = new Map<string, number>();
    for (let d = 0; d < D; d++) {
      const s = this.texts[d];
      const k = keyOf(s);
      let id = k === s ? d : this.lookup(k);
      if (id === undefined) {
        id = extra.get(k);
        if (id === undefined) {
          id = texts.length;
          extra.set(k, id);
          texts.push(k);
        }
      }
      toKey[d] = id;
    }
    const ids = Int32Array.from(this.ids, (id) => toKey[id]);
    const lookup = (k: string) => this.lookup(k) ?? extra.get(k);
    return new SequenceIndex(ids, texts, lookup);
  }

  get length(): number {
    return this.ids.length;
  }

  /** The string of the item at position i. */
  itemAt(i: number): string {
    return this.texts[this.ids[i]];
  }

  /** The id of `s`, or -1 when no item equals it. */
  idOf(s: string): number {
    return this.lookup(s) ?? -1;
  }

  /** How many items have this id (0 for -1). */
  count(id: number): number {
    return id < 0 ? 0 : this.first[id + 1] - this.first[id];
  }

  /** The ascending positions of the items with this id (a view; empty for -1). */
  positions(id: number): Int32Array {
    return id < 0 ? new Int32Array(0) : this.pos.subarray(this.first[id], this.first[id + 1]);
  }
}
