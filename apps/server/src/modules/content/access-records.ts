import { WriteBehind } from '../../lib/write-behind.js';
import type { AccessRecordRow } from './content.repository.js';

/**
 * saveUserAccessRecord is called on every page view and tab change, so it must never slow a page: a record is
 * put in memory and answered at once; the batch is written in one INSERT when it holds `maxBatch` records or
 * `flushMs` after its first record, and on close. A failed write is logged and dropped (usage records are
 * statistics, not accounts); the buffer is capped so a database outage cannot grow it without bound.
 */
export class AccessRecordBatcher extends WriteBehind<AccessRecordRow> {
  private rows: AccessRecordRow[] = [];

  constructor(
    write: (rows: readonly AccessRecordRow[]) => Promise<void>,
    onError: (err: unknown) => void,
    private readonly maxBatch = 200,
    flushMs = 2000,
    private readonly maxBuffered = 10_000,
  ) {
    super(write, onError, flushMs);
  }

  add(row: AccessRecordRow): void {
    if (this.rows.length >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    this.rows.push(row);
    if (this.rows.length >= this.maxBatch) void this.flush();
    else this.schedule();
  }

  protected override takeBatch(): AccessRecordRow[] {
    const batch = this.rows;
    this.rows = [];
    return batch;
  }
}
