import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { ownText, textWords } from './opinion.words.js';

/**
 * Sentiment of stored comments and danmaku (docs/metrics.md "Opinion"): every text without a score (or scored
 * by another model version) gets the label, P(positive) and the model's version, and its words are added to
 * opinion_words for its video, Asia/Shanghai day, source and label. Rows are taken FOR UPDATE SKIP LOCKED in
 * batches, so two runs on the same video never score (and count) a text twice.
 */
export interface ScoredText {
  label: 'positive' | 'neutral' | 'negative';
  score: number;
}
export interface Scorer {
  /** the model's version, stored with each score */
  version: string;
  scoreMany(texts: string[]): ScoredText[] | Promise<ScoredText[]>;
}

export const SCORE_BATCH = 2000;
const LABEL: Readonly<Record<ScoredText['label'], number>> = { positive: 1, neutral: 0, negative: -1 };

interface Pending {
  id: string;
  videoId: number;
  text: string;
  day: string;
}

const TABLES = [
  { source: 0, table: sql.table('comments'), text: sql.ref('message') },
  { source: 1, table: sql.table('danmaku'), text: sql.ref('text') },
] as const;

/** Scores the unscored texts of `videoIds`; answers how many were scored. */
export async function scorePending(db: Db, videoIds: readonly number[], scorer: Scorer): Promise<number> {
  if (videoIds.length === 0) return 0;
  let scored = 0;
  for (const t of TABLES) {
    for (;;) {
      const n = await db.transaction().execute(async (trx) => {
        const r = await sql<Pending>`
          SELECT id::text AS id, video_id::int AS "videoId", ${t.text} AS text,
                 to_char(ctime AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day
          FROM ${t.table}
          WHERE video_id = ANY(${videoIds}::bigint[]) AND sentiment_model IS NULL
          LIMIT ${SCORE_BATCH} FOR UPDATE SKIP LOCKED`.execute(trx);
        const rows = r.rows;
        if (rows.length === 0) return 0;
        const results = await scorer.scoreMany(rows.map((x) => ownText(x.text)));
        await sql`
          UPDATE ${t.table} AS x SET sentiment_label = u.label, sentiment = u.score, sentiment_model = ${scorer.version}
          FROM unnest(${rows.map((x) => x.id)}::bigint[], ${results.map((x) => LABEL[x.label])}::smallint[],
                      ${results.map((x) => x.score)}::real[]) AS u(id, label, score)
          WHERE x.id = u.id`.execute(trx);
        const words = new Map<string, { videoId: number; day: string; label: number; word: string; n: number }>();
        rows.forEach((row, i) => {
          const label = LABEL[results[i]?.label ?? 'neutral'];
          for (const word of textWords(row.text)) {
            const key = `${row.videoId}|${row.day}|${label}|${word}`;
            const cur = words.get(key);
            if (cur) cur.n += 1;
            else words.set(key, { videoId: row.videoId, day: row.day, label, word, n: 1 });
          }
        });
        const w = [...words.values()];
        if (w.length > 0) {
          await sql`
            INSERT INTO opinion_words (video_id, day, source, label, word, n)
            SELECT u.video_id, u.day, ${t.source}, u.label, u.word, u.n FROM unnest(
              ${w.map((x) => x.videoId)}::bigint[], ${w.map((x) => x.day)}::date[], ${w.map((x) => x.label)}::smallint[],
              ${w.map((x) => x.word)}::text[], ${w.map((x) => x.n)}::int[]) AS u(video_id, day, label, word, n)
            ON CONFLICT (video_id, day, source, label, word) DO UPDATE SET n = opinion_words.n + EXCLUDED.n`.execute(
            trx,
          );
        }
        return rows.length;
      });
      scored += n;
      if (n < SCORE_BATCH) break;
    }
  }
  return scored;
}

/**
 * Marks for rescoring every text of `videoIds` scored by a model other than `version` and drops their words (the
 * next run scores them again with the current model).
 */
export async function resetOtherModels(db: Db, videoIds: readonly number[], version: string): Promise<number> {
  if (videoIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let n = 0;
    for (const t of TABLES) {
      const r = await sql`
        UPDATE ${t.table} SET sentiment_model = NULL, sentiment_label = NULL, sentiment = NULL
        WHERE video_id = ANY(${videoIds}::bigint[]) AND sentiment_model IS NOT NULL
          AND sentiment_model <> ${version}`.execute(trx);
      n += Number(r.numAffectedRows ?? 0n);
    }
    if (n > 0) {
      // the words of those videos are rebuilt from scratch: drop them and unscore the rest too
      await sql`DELETE FROM opinion_words WHERE video_id = ANY(${videoIds}::bigint[])`.execute(trx);
      for (const t of TABLES) {
        await sql`
          UPDATE ${t.table} SET sentiment_model = NULL, sentiment_label = NULL, sentiment = NULL
          WHERE video_id = ANY(${videoIds}::bigint[]) AND sentiment_model IS NOT NULL`.execute(trx);
      }
    }
    return n;
  });
}
