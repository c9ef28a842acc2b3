import type { AccessRecordRow } from './content.repository.js';

/**
 * saveUserAccessRecord is called on every page view and tab change, so it must never slow a page: a record is
 * put in memory and answered at once; the batch is written in one INSERT when it holds `maxBatch` records or
 * `flushMs` after its first record, and on close. A failed write is logged and dropped (usage records are
 * statistics, not accounts); the buffer is capped so a database outage cannot grow it without bound.
 */
export class AccessRecordBatcher {
  private rows: AccessRecordRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** records dropped because the buffer was full or the write failed */
  dropped = 0;

  constructor(
    private readonly write: (rows: readonly AccessRecordRow[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly maxBatch = 200,
    private readonly flushMs = 2000,
    private readonly maxBuffered = 10_000,
  ) {}

  add(row: AccessRecordRow): void {
    if (this.rows.length >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    this.rows.push(row);
    if (this.rows.length >= this.maxBatch) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered now (after any write in flight). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    this.rows = [];
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
