// The memo of computed coancestries, keyed by a pair of pedigree positions (later, earlier). A kinship of 500
// SoyBase cultivars fills about 1.5 million pairs; open addressing over typed arrays is several times faster than a
// Map at that size and holds no per-entry objects.

const EMPTY = -1;

export class PairMemo {
  private later: Int32Array;
  private earlier: Int32Array;
  private values: Float64Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1 << 14) {
    const slots = 1 << Math.ceil(Math.log2(Math.max(16, capacity * 2)));
    this.later = new Int32Array(slots).fill(EMPTY);
    this.earlier = new Int32Array(slots);
    this.values = new Float64Array(slots);
    this.mask = slots - 1;
  }

  /** The slot holding (y, o), or the empty slot where it would go (linear probing). */
  private slot(y: number, o: number): number {
    // murmur3's finaliser on the pair, so that neighbouring positions spread over the whole table.
    let h = Math.imul(y, 0x9e3779b1) ^ o;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    let i = (h ^ (h >>> 16)) & this.mask;
    while (this.later[i] !== EMPTY && (this.later[i] !== y || this.earlier[i] !== o)) i = (i + 1) & this.mask;
    return i;
  }

  get(y: number, o: number): number | undefined {
    const i = this.slot(y, o);
    return this.later[i] === EMPTY ? undefined : this.values[i];
  }

  set(y: number, o: number, value: number): void {
    const i = this.slot(y, o);
    if (this.later[i] === EMPTY) {
      this.later[i] = y;
      this.earlier[i] = o;
      if (++this.size * 2 > this.mask) {
        this.values[i] = value;
        return this.grow();
      }
    }
    this.values[i] = value;
  }

  /** Doubles the table (kept at most half full). */
  private grow(): void {
    const { later, earlier, values } = this;
    const slots = later.length * 2;
    this.later = new Int32Array(slots).fill(EMPTY);
    this.earlier = new Int32Array(slots);
    this.values = new Float64Array(slots);
    this.mask = slots - 1;
    for (let i = 0; i < later.length; i++) {
      if (later[i] === EMPTY) continue;
      const j = this.slot(later[i], earlier[i]);
      this.later[j] = later[i];
      this.earlier[j] = earlier[i];
      this.values[j] = values[i];
    }
  }
}
