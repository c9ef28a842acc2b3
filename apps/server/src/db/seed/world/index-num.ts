/**
 * 云指数 (creators.index_num): a 0–100 composite, documented in docs/metrics.md.
 *
 *   indexNum = 100 × (0.40·F + 0.25·G + 0.20·P + 0.15·E), rounded to 2 decimals, where
 *   F = clamp((log10(fans + 1) − 2) / 6)              scale: 100 fans → 0, 100M fans → 1
 *   G = clamp(log10(max(fans − fans30, 0) + 1) / 6)   fans30 = fans on asOf − 30 (none → no growth)
 *   P = clamp((log10(avgPlay + 1) − 2) / 5)           avgPlay over the recent videos (below); 100 → 0, 10M → 1
 *   E = clamp(interactions / plays / 0.2)             same videos; interactions = likes+coin+favorite+share+reply+danmaku
 * "Recent videos" are a creator's latest 10 visible (status 0) videos published in the 90 days up to the
 * end of asOf. A creator without such videos scores 0 on P and E. clamp() bounds to [0, 1].
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema.js';

export const INDEX_NUM_WEIGHTS = { fans: 0.4, growth: 0.25, plays: 0.2, interaction: 0.15 } as const;

/** Recomputes index_num for every creator as of the Shanghai day `asOf` ('YYYY-MM-DD'). */
export async function refreshIndexNum(db: Kysely<Database>, asOf: string): Promise<void> {
  const w = INDEX_NUM_WEIGHTS;
  await sql`
    WITH bounds AS (
      SELECT (${asOf}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai' AS until,
             (${asOf}::date - 89)::timestamp AT TIME ZONE 'Asia/Shanghai' AS since
    ), scored AS (
      SELECT c.id,
             least(1, greatest(0, (log(c.fans::float8 + 1) - 2) / 6)) AS f,
             least(1, greatest(0, log(greatest(c.fans - coalesce(d30.fans, c.fans), 0)::float8 + 1) / 6)) AS g,
             least(1, greatest(0, (log(coalesce(r.avg_play, 0) + 1) - 2) / 5)) AS p,
             least(1, greatest(0, coalesce(r.rate, 0) / 0.2)) AS e
      FROM creators c
      CROSS JOIN bounds b
      LEFT JOIN creator_daily d30 ON d30.creator_id = c.id AND d30.day = ${asOf}::date - 30
      LEFT JOIN LATERAL (
        SELECT avg(v.play)::float8 AS avg_play,
               sum(v.likes + v.coin + v.favorite + v.share + v.reply + v.danmaku)::float8 / nullif(sum(v.play), 0) AS rate
        FROM (
          SELECT play, likes, coin, favorite, share, reply, danmaku
          FROM videos
          WHERE creator_id = c.id AND status = 0 AND pubdate >= b.since AND pubdate < b.until
          ORDER BY pubdate DESC
          LIMIT 10
        ) v
      ) r ON true
    )
    UPDATE creators c
    SET index_num = round((100 * (${w.fans} * s.f + ${w.growth} * s.g + ${w.plays} * s.p + ${w.interaction} * s.e))::numeric, 2)
    FROM scored s
    WHERE s.id = c.id`.execute(db);
}
