/**
 * A sequence of strings (a file's lines, or their keys at one matching tier) interned as
 * integers, with the sorted positions of every distinct string. Built once per sequence in
 * one pass; then finding where a run of strings occurs costs about the occurrences of its
 * rarest member instead of a scan of the whole sequence, and never more than a linear scan
 * (see findRuns). Equal strings get equal ids, so every comparison afterwards is an integer one.
 */
export class SequenceIndex {
  /** The id of each item, in order. */
  readonly ids: Int32Array;
  private readonly idByText = new Map<string, number>();
  /** Positions grouped by id: those of id k are pos[first[k] .. first[k + 1]). */
  private readonly first: Int32Array;
  private readonly pos: Int32Array;

  constructor(
    length: number,
    /** The item at position i (kept: matches are checked on the strings themselves). */
    readonly itemAt: (i: number) => string,
  ) {
    this.ids = new Int32Array(length);
    for (let i = 0; i < length; i++) {
      const s = itemAt(i);
      let id = this.idByText.get(s);
      if (id === undefined) {
        id = this.idByText.size;
        this.idByText.set(s, id);
      }
      this.ids[i] = id;
    }
    const distinct = this.idByText.size;
    this.first = new Int32Array(distinct + 1);
    for (let i = 0; i < length; i++) this.first[this.ids[i] + 1]++;
    for (let k = 0; k < distinct; k++) this.first[k + 1] += this.first[k];
    const fill = this.first.slice(0, distinct);
    this.pos = new Int32Array(length);
    for (let i = 0; i < length; i++) this.pos[fill[this.ids[i]]++] = i;
  }

  get length(): number {
    return this.ids.length;
  }

  /** The id of `s`, or -1 when no item equals it. */
  idOf(s: string): number {
    return this.idByText.get(s) ?? -1;
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
