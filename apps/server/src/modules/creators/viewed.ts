/**
 * Tells the collector that a user opened a creator (CollectorRepository.markViewed: the creator is collected
 * every 15 minutes while viewed). One UPDATE per creator at most every VIEW_MARK_MS per process, so a
 * popular detail page does not turn every read into a write.
 */
export const VIEW_MARK_MS = 60_000;

export class ViewedMarker {
  private readonly marked = new Map<number, number>();

  constructor(private readonly markViewed: (creatorId: number, now: Date) => Promise<void>) {}

  /** Resolves at once when the creator was marked within VIEW_MARK_MS. */
  async mark(creatorId: number, now: Date = new Date()): Promise<void> {
    const last = this.marked.get(creatorId);
    if (last !== undefined && now.getTime() - last < VIEW_MARK_MS) return;
    this.marked.set(creatorId, now.getTime());
    if (this.marked.size > 50_000) this.marked.clear(); // bounded; at worst a creator is marked again
    await this.markViewed(creatorId, now);
  }
}
