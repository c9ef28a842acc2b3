import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

/**
 * Test support for the discovery tests: derived rows (creator_metrics, fan_events, rankings) written
 * directly, as the nightly rollup would, so each test states the figures it checks. Each test file runs on
 * its own database clone.
 */
export interface MetricsSpec {
  fansChange30?: number | null;
  videoPrice?: number;
  implantationPrice?: number;
  businessValue?: number;
  malePct?: number;
  topRegion?: string | null;
  source?: 'creator' | 'partition';
  sample?: number;
}

export async function upsertMetrics(db: Db, creatorId: number | string, spec: MetricsSpec = {}): Promise<void> {
  const male = spec.malePct ?? 55;
  const gender = JSON.stringify([
    { 性别: '男', 比例: male },
    { 性别: '女', 比例: Math.round((100 - male) * 10) / 10 },
  ]);
  const region = spec.topRegion ?? '广东';
  await sql`
    INSERT INTO creator_metrics (creator_id, day, fans, fans_change_1, fans_change_7, fans_change_30, index_num,
      sample_window, week_video_num, week_avg_play, avg_praise, week_avg_collect, week_avg_share, week_avg_comment,
      week_cast_currency, charging_num, recent_avg_play, engagement_rate, videos_30d, normal_price, video_price,
      implantation_price, special_price, business_value, gender_portrait, age_portrait, area_portrait,
      portrait_source, portrait_sample, audience_male_pct, audience_top_region, partition_tid)
    SELECT c.id, current_date, c.fans, 0, 0, ${spec.fansChange30 === undefined ? 0 : spec.fansChange30}, c.index_num,
      7, 2, 1000, 50, 10, 5, 8, 20, 0, 1000, 0.05, 4, ${spec.videoPrice ?? 1000}, ${spec.videoPrice ?? 1000},
      ${spec.implantationPrice ?? 800}, ${spec.videoPrice ?? 1000}, ${spec.businessValue ?? spec.videoPrice ?? 1000},
      ${gender}, '[{"年龄":"18-23岁","比例":100.0}]', ${JSON.stringify([{ 地域: region, 比例: 100 }])},
      ${spec.source ?? 'partition'}, ${spec.sample ?? 0}, ${male}, ${spec.topRegion === null ? null : region},
      c.partition_tid
    FROM creators c WHERE c.id = ${String(creatorId)}::bigint
    ON CONFLICT (creator_id) DO UPDATE SET fans_change_30 = EXCLUDED.fans_change_30,
      video_price = EXCLUDED.video_price, implantation_price = EXCLUDED.implantation_price,
      business_value = EXCLUDED.business_value, gender_portrait = EXCLUDED.gender_portrait,
      area_portrait = EXCLUDED.area_portrait, portrait_source = EXCLUDED.portrait_source,
      portrait_sample = EXCLUDED.portrait_sample, audience_male_pct = EXCLUDED.audience_male_pct,
      audience_top_region = EXCLUDED.audience_top_region`.execute(db);
}

export interface RankingRowSpec {
  kind: 'fans' | 'increase' | 'decrease' | 'business' | 'company';
  period: 'day' | 'week' | 'month';
  day: string;
  tid?: number;
  rank: number;
  creatorId?: number | string | null;
  mcnId?: number | null;
  value: number;
  delta?: number;
  fans?: number;
  creatorCount?: number | null;
}

export async function insertRankings(db: Db, rows: readonly RankingRowSpec[]): Promise<void> {
  for (const r of rows) {
    await sql`
      INSERT INTO rankings (kind, period, day, partition_tid, rank, period_start, creator_id, mcn_id, value, delta, fans,
                            creator_count)
      VALUES (${r.kind}, ${r.period}, ${r.day}::date, ${r.tid ?? 0}, ${r.rank}, ${r.day}::date,
              ${r.creatorId === undefined || r.creatorId === null ? null : String(r.creatorId)}::bigint,
              ${r.mcnId ?? null}, ${r.value}, ${r.delta ?? 0}, ${r.fans ?? r.value}, ${r.creatorCount ?? null})`.execute(
      db,
    );
  }
}

/** The creators with the most fans (ids as numbers). */
export async function topCreatorIds(db: Db, n: number): Promise<number[]> {
  const rows = await db.selectFrom('creators').select('id').orderBy('fans', 'desc').orderBy('id').limit(n).execute();
  return rows.map((r) => Number(r.id));
}
