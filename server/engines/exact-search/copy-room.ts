import { CopyBudget, type RoomVerdict } from './copy-budget';
import type { MirroredTable } from './mirrored-table';

/**
 * Which tables' copies the search memory holds (ExactSearch's `copies`, which this lets go of): a copy is
 * admitted when it fits the budget, after the coolest copies give way if they must (copy-budget.ts, by how
 * often each table is searched). A table refused is remembered, so that its searches do not each try again:
 * one whose copy would not fit even alone until rows are deleted, one refused for want of room until it is
 * searched more than the copies in its way.
 */
export class CopyRoom {
  /** How often each table is searched: the coolest copies make room, and only for a hotter table. */
  private readonly budget: CopyBudget;
  /**
   * Tables whose copy would not fit the budget even alone: not tried again until rows are deleted (each try
   * would cost the search that starts it a row count).
   */
  private readonly tooLarge = new Set<string>();
  /**
   * Tables refused for want of room, with the bytes their copy needs: tried again, without a row count, once
   * they are hot enough to push out the copies in the way.
   */
  private readonly waiting = new Map<string, number>();

  constructor(
    budgetBytes: number,
    private readonly copies: Map<string, MirroredTable>,
  ) {
    this.budget = new CopyBudget(budgetBytes);
  }

  /** A search of the table, whether or not its copy answered. */
  touch(name: string): void {
    this.budget.touch(name);
  }

  /** Why the table's copy is not held, when it was refused: too large, or no room. */
  refusal(name: string): 'too_large' | 'no_room' | null {
    if (this.tooLarge.has(name)) return 'too_large';
    return this.waiting.has(name) ? 'no_room' : null;
  }

  /** Whether the table's copy may start loading: not too large, and hot enough now if it waited for room. */
  mayLoad(name: string): boolean {
    if (this.tooLarge.has(name)) return false;
    const wanted = this.waiting.get(name);
    return wanted === undefined || this.budget.room(this.sizes(), wanted, { admitting: name }).fits;
  }

  /** Makes room for `bytes` of the table's copy, or notes why not (`least`: its bytes as first estimated). */
  admit(name: string, bytes: number, least: number): boolean {
    const verdict = this.makeRoom(bytes, { admitting: name });
    if (verdict.fits) {
      this.waiting.delete(name);
      return true;
    }
    if (verdict.reason === 'too_large') this.tooLarge.add(name);
    else this.waiting.set(name, Math.max(bytes, least));
    return false;
  }

  /**
   * Whether the table's copy, grown by a write, still fits, after letting the coolest others go if they must;
   * false when it does not fit even alone (it is then too large: the caller drops it).
   */
  fitsAfterWrite(name: string): boolean {
    if (this.makeRoom(0, { keep: name }).fits) return true;
    this.tooLarge.add(name);
    return false;
  }

  /** Rows of the table were deleted: its copy may fit the budget again. */
  rowsGone(name: string): void {
    this.tooLarge.delete(name);
  }

  forget(name: string): void {
    this.tooLarge.delete(name);
    this.waiting.delete(name);
    this.budget.forget(name);
  }

  /**
   * Whether `bytes` more fit the budget, after letting go of the coolest copies if they must (they load again
   * on a later search), as CopyBudget decides.
   */
  private makeRoom(bytes: number, options: { keep?: string; admitting?: string }): RoomVerdict {
    const verdict = this.budget.room(this.sizes(), bytes, options);
    if (verdict.fits) for (const name of verdict.evict) this.copies.delete(name);
    return verdict;
  }

  /** Each loaded copy's bytes. */
  private sizes(): Map<string, number> {
    return new Map([...this.copies].map(([name, copy]) => [name, copy.bytes]));
  }
}
