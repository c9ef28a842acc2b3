/**
 * The raw store (migration 0019, docs/pipeline.md "Raw store"): every response the importer reads is kept whole in
 * raw_responses, so a field the parsers do not know yet is not dropped silently. Idempotent on (kind, day, md5 of the
 * body): importing the same files again keeps nothing new. Answers the rows added.
 */
import { sql } from 'kysely';
import type { Db } from '../db/client.js';
import type { RawResponse } from './import-file.js';

const BATCH = 200;

export async function keepRawResponses(db: Db, raw: readonly RawResponse[], day: string): Promise<number> {
  let kept = 0;
  for (let i = 0; i < raw.length; i += BATCH) {
    const batch = raw.slice(i, i + BATCH);
    const r = await sql`
      INSERT INTO raw_responses (kind, day, body, body_md5)
      SELECT b.kind, ${day}::date, b.body, md5(b.body::text)
      FROM unnest(${batch.map((x) => x.kind)}::text[], ${batch.map((x) => JSON.stringify(x.body))}::jsonb[]) AS b(kind, body)
      ON CONFLICT (kind, day, body_md5) DO NOTHING`.execute(db);
    kept += Number(r.numAffectedRows ?? 0n);
  }
  return kept;
}
