/**
 * Which in-memory search copies make room for another when the search memory is full.
 *
 * Each table has a heat: its searches, each counting less as it ages (halved every HEAT_HALF_LIFE_MS). The
 * coolest copies go first. A table may only push out copies it is at least ADMIT_FACTOR times hotter than.
 * Otherwise two large knowledge bases searched in turn would each push the other out on every search. Each
 * would then spend its time loading (tens of seconds and a core at a million chunks) while neither copy
 * answered. Refused, the table's searches read the vector table, and its copy loads once it is the hotter.
 */

/** A search half a minute old counts 0.7, one a minute old 0.5: copies follow what is searched now. */
const HEAT_HALF_LIFE_MS = 60_000;
/** How much hotter a table must be than each copy it pushes out: equal use keeps what is loaded. */
const ADMIT_FACTOR = 2;

export type RoomVerdict =
  /** These copies (coolest first) go, then the bytes fit. */
  | { fits: true; evict: string[] }
  /** More than the whole budget. */
  | { fits: false; reason: 'too_large' }
  /** The copies that would have to go are searched too often to give way. */
  | { fits: false; reason: 'no_room' };

export class CopyBudget {
  private readonly heat = new Map<string, { score: number; at: number }>();

  constructor(
    private readonly budgetBytes: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A search of the table, whether or not its copy answered. */
  touch(name: string): void {
    const now = this.now();
    this.heat.set(name, { score: this.heatOf(name, now) + 1, at: now });
  }

  /** The table's searches, each weighted by its age. */
  heatOf(name: string, now = this.now()): number {
    const h = this.heat.get(name);
    return h ? h.score * 2 ** (-(now - h.at) / HEAT_HALF_LIFE_MS) : 0;
  }

  forget(name: string): void {
    this.heat.delete(name);
  }

  /**
   * Whether `bytes` more fit beside the `copies` (name -> bytes), and which must go for them. `keep` never goes
   * (the copy that grows). `admitting`: the table whose copy would load, which must be hotter than each copy it
   * pushes out; without it (a loaded copy grew by a write), the coolest go whatever their heat.
   */
  room(
    copies: ReadonlyMap<string, number>,
    bytes: number,
    options: { keep?: string; admitting?: string } = {},
  ): RoomVerdict {
    if (bytes > this.budgetBytes) return { fits: false, reason: 'too_large' };
    const now = this.now();
    let free = this.budgetBytes;
    for (const size of copies.values()) free -= size;
    const byHeat = [...copies.keys()]
      .filter((name) => name !== options.keep)
      .map((name) => ({ name, heat: this.heatOf(name, now) }))
      .sort((a, b) => a.heat - b.heat);
    const claim = options.admitting === undefined ? Infinity : this.heatOf(options.admitting, now);
    const evict: string[] = [];
    for (const copy of byHeat) {
      if (free >= bytes) break;
      if (copy.heat * ADMIT_FACTOR > claim) return { fits: false, reason: 'no_room' };
      evict.push(copy.name);
      free += copies.get(copy.name) ?? 0;
    }
    // Only `keep` is left and the bytes still do not fit beside it.
    if (free < bytes) return { fits: false, reason: 'too_large' };
    return { fits: true, evict };
  }
}
