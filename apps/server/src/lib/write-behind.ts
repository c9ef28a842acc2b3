/**
 * A buffer written in the background, for statistics that must never slow the call that records them (usage
 * counters, page-view records): what is recorded waits in memory, a write starts `flushMs` after the first
 * record (or when the owner asks: `flush()`, also on close), one write at a time, in order. A failed write is
 * reported and its rows dropped (counted in `dropped`): statistics, not accounts.
 *
 * A subclass holds the buffer: `takeBatch()` hands over what waits (and empties it), `schedule()` after a record.
 */
export abstract class WriteBehind<Row> {
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** rows dropped: the buffer was full or the write failed */
  dropped = 0;

  protected constructor(
    private readonly write: (rows: readonly Row[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly flushMs: number,
  ) {}

  /** What waits to be written, taken out of the buffer. */
  protected abstract takeBatch(): Row[];

  /** A write `flushMs` from now, unless one is already due. */
  protected schedule(): void {
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered now (after any write in flight). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.takeBatch();
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.write(batch);
      } catch (err) {
        this.dropped += batch.length;
        this.onError(err);
      }
    });
    return this.flushing;
  }
}
