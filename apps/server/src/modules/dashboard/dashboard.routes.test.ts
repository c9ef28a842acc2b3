import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DiscoveryMsg,
  featureBuilt,
  type BoardDataAnswer,
  type DashboardAnswer,
  type FlowmeterAnswer,
} from '@xg/shared';
import { getAnswer, useTestApp, type CallParams } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';

const t = useTestApp();
let member: TestMember;

beforeAll(async () => {
  member = await createMember(t.ctx, { userType: 3 });
  // The collector's rows of today (Asia/Shanghai) are partial: the series must end at yesterday.
  await sql`INSERT INTO creator_daily (creator_id, day, fans, likes, plays, video_count)
    SELECT d.creator_id, (now() AT TIME ZONE 'Asia/Shanghai')::date, d.fans + 1, d.likes, d.plays + 1, d.video_count
    FROM creator_daily d
    WHERE d.day = (SELECT max(day) FROM creator_daily) AND d.day < (now() AT TIME ZONE 'Asia/Shanghai')::date
    ORDER BY d.fans DESC LIMIT 50`.execute(t.ctx.db);
});

const yesterday = async () =>
  (await sql<{ d: string }>`SELECT ((now() AT TIME ZONE 'Asia/Shanghai')::date - 1)::text AS d`.execute(t.ctx.db))
    .rows[0]?.d;

type Params = CallParams;
const get = <T>(path: string, params: Params = {}) => getAnswer<T>(t, path, params, member.token);

/** Reference: summed increments per day (and top-level partition) computed with lag over creator_daily. */
async function referenceGains(days: number) {
  const r = await sql<{ day: string; tid: number; fans: string; plays: string; videos: string }>`
    WITH inc AS (
      SELECT d.creator_id, d.day, d.fans - lag(d.fans) OVER w AS fi, d.plays - lag(d.plays) OVER w AS pi,
             d.video_count - lag(d.video_count) OVER w AS vi
      FROM creator_daily d WINDOW w AS (PARTITION BY d.creator_id ORDER BY d.day)
    ), last AS (SELECT least(max(day), (now() AT TIME ZONE 'Asia/Shanghai')::date - 1) AS day FROM creator_daily)
    SELECT inc.day, coalesce(p.parent_id, p.tid, 0) AS tid, sum(fi) AS fans, sum(pi) AS plays, sum(vi) AS videos
    FROM inc, last, creators c LEFT JOIN partitions p ON p.tid = c.partition_tid
    WHERE c.id = inc.creator_id AND inc.fi IS NOT NULL AND inc.day > last.day - ${days}::int AND inc.day <= last.day
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(t.ctx.db);
  return r.rows.map((x) => ({
    day: x.day,
    tid: x.tid,
    fans: Number(x.fans),
    plays: Number(x.plays),
    videos: Number(x.videos),
  }));
}

describe('GET /api/dashboard', () => {
  it('answers quotas, monitors, recent changes of top creators and platform totals', async () => {
    await sql`INSERT INTO monitor_targets (kind, video_id, window_start, window_end, created_by, team_id, source)
      SELECT 'video', id, now(), now() + interval '1 day', ${member.id}::bigint, ${member.id}::bigint, 'monitor'
      FROM videos LIMIT 2`.execute(t.ctx.db);
    const body = await get<DashboardAnswer>('/api/dashboard');
    expect(body).toMatchObject({ code: 200, userType: 3, monitorNum: featureBuilt('monitor.video') ? 2 : null });
    expect(body.quotas.map((q) => q.kind).sort()).toEqual(['contrast', 'export']);
    const totals = await sql<{
      n: string;
      fans: string;
    }>`SELECT count(*) AS n, sum(fans) AS fans FROM creators`.execute(t.ctx.db);
    expect(body.platform.kolNum).toBe(Number(totals.rows[0]?.n));
    expect(body.platform.totalFansNum).toBe(Number(totals.rows[0]?.fans));
    expect(body.recentChanges.length).toBeLessThanOrEqual(10);
    const events = await sql<{ n: string }>`
      SELECT count(DISTINCT creator_id) AS n FROM fan_events
      WHERE creator_id IN (SELECT id FROM creators ORDER BY fans DESC, id LIMIT 100)`.execute(t.ctx.db);
    expect(body.recentChanges.length).toBe(Math.min(10, Number(events.rows[0]?.n)));
    const days = body.recentChanges.map((c) => c.eventDate);
    expect([...days].sort().reverse()).toEqual(days);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/dashboard')).status).toBe(401);
  });
});

describe('GET /api/boardData', () => {
  it('answers totals, partitions and 30 days of summed increments', async () => {
    const body = await get<BoardDataAnswer>('/api/boardData');
    expect(body.code).toBe(200);
    const kols = body.partitions.reduce((s, p) => s + p.kolNum, 0);
    const withPartition = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM creators WHERE partition_tid IS NOT NULL`.execute(t.ctx.db);
    expect(kols).toBe(Number(withPartition.rows[0]?.n));
    const ref = await referenceGains(30);
    const byDay = new Map<string, { fans: number; plays: number; videos: number }>();
    for (const r of ref) {
      const d = byDay.get(r.day) ?? { fans: 0, plays: 0, videos: 0 };
      d.fans += r.fans;
      d.plays += r.plays;
      d.videos += r.videos;
      byDay.set(r.day, d);
    }
    expect(body.dailyGrowth).toEqual(
      [...byDay.entries()].map(([dataDate, d]) => ({
        dataDate,
        fansIncrease: d.fans,
        playIncrease: d.plays,
        videoIncrease: d.videos,
      })),
    );
    expect(body.dailyGrowth).toHaveLength(30);
    expect(body.dailyGrowth.at(-1)?.dataDate).toBe(await yesterday());
  });
});

describe('GET /api/flowmeter', () => {
  it('answers the daily plays gain per top-level partition', async () => {
    const body = await get<FlowmeterAnswer>('/api/flowmeter', { days: 7 });
    expect(body.days).toBe(7);
    const ref = await referenceGains(7);
    for (const p of body.partitions) {
      expect(p.series).toHaveLength(7);
      expect(p.series.at(-1)?.dataDate).toBe(await yesterday());
      for (const point of p.series) {
        const r = ref.find((x) => x.day === point.dataDate && x.tid === p.tid);
        expect(point.playIncrease).toBe(r?.plays ?? 0);
      }
    }
    expect((await get('/api/flowmeter', { days: 14 })).message).toBe(DiscoveryMsg.daysInvalid);
    expect((await t.call('GET', '/api/flowmeter')).status).toBe(401);
  });
});
