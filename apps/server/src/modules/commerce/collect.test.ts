/**
 * Commerce through the pipeline: creator snapshots against the simulator read their newest videos' pages
 * (view/detail, reply/wbi/main, the danmaku pool) over HTTP and store goods, prices, shop links, brand mentions
 * and sponsorship verdicts with their evidence. Compared with what the simulated world put on those pages
 * (sim/world/commerce.ts). Then a read on the next day adds that day's price and leaves the first day alone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';
import { JOB_PRIORITY } from '../../jobs/names.js';
import { goodsPrice, videoCommerce, type SimVideoCommerce } from '../../sim/world/commerce.js';
import { READS_PER_SNAPSHOT } from './commerce.collect.js';

const SEED = 7;
let t: TestApp;
let kit: PipelineKit;
let creators: number[];
/** aid → the world's commerce of that video (null: none) for the videos the snapshots will read */
const truth = new Map<number, SimVideoCommerce | null>();

afterAll(async () => {
  await kit?.close().catch(() => undefined);
  await t?.close();
});

beforeAll(async () => {
  t = await createTestApp();
  kit = await startPipelineKit({ ctx: t.ctx, databaseUrl: t.databaseUrl, seed: SEED, scale: TEST_SCALE });
  const world = kit.sim.world;
  const at = world.worldTime(kit.clock.now());
  // creators whose newest visible videos carry commerce of each kind (goods area, label, pinned links)
  const rows = await sql<{ creator_id: string; aid: string }>`
    SELECT creator_id, aid FROM (
      SELECT v.creator_id, v.aid, row_number() OVER (PARTITION BY v.creator_id ORDER BY v.pubdate DESC) AS k
      FROM videos v WHERE v.status = 0) x
    WHERE k <= ${READS_PER_SNAPSHOT} ORDER BY creator_id LIMIT 3000`.execute(t.ctx.db);
  const byCreator = new Map<number, number[]>();
  for (const r of rows.rows) {
    const list = byCreator.get(Number(r.creator_id)) ?? [];
    list.push(Number(r.aid));
    byCreator.set(Number(r.creator_id), list);
  }
  const picked = new Set<number>();
  const need = { area: 0, label: 0, pinned: 0, plain: 0 };
  for (const [creatorId, aids] of byCreator) {
    const cs = aids.map((aid) => {
      const v = world.videoByAid(aid, at);
      return v ? videoCommerce(SEED, v) : null;
    });
    const area = cs.some((c) => c?.goods.some((g) => g.source === 'goods_area'));
    const label = cs.some((c) => c?.label);
    const pinned = cs.some((c) => c?.pinned);
    const plain = cs.every((c) => c === null);
    if (
      (area && need.area < 2) ||
      (label && need.label < 2) ||
      (pinned && need.pinned < 2) ||
      (plain && need.plain < 1)
    ) {
      picked.add(creatorId);
      if (area) need.area += 1;
      if (label) need.label += 1;
      if (pinned) need.pinned += 1;
      if (plain) need.plain += 1;
    }
    if (need.area >= 2 && need.label >= 2 && need.pinned >= 2 && need.plain >= 1) break;
  }
  creators = [...picked];
  // a creator picked for one kind may carry others too: at least the wanted number of each
  expect(need.area).toBeGreaterThanOrEqual(2);
  expect(need.label).toBeGreaterThanOrEqual(2);
  expect(need.pinned).toBeGreaterThanOrEqual(2);
  expect(need.plain).toBeGreaterThanOrEqual(1);
  await kit.pipeline.jobs.sendMany(
    'collect.creator-snapshot',
    creators.map((creatorId) => ({ data: { creatorId }, priority: JOB_PRIORITY.daily })),
  );
  expect(await kit.pipeline.runPending()).toBe(creators.length);
  const read = await sql<{ aid: string }>`
    SELECT v.aid FROM video_commerce_reads r JOIN videos v ON v.id = r.video_id
    WHERE v.creator_id = ANY(${creators}::bigint[])`.execute(t.ctx.db);
  const t2 = world.worldTime(kit.clock.now());
  for (const r of read.rows) {
    const v = world.videoByAid(Number(r.aid), t2);
    truth.set(Number(r.aid), v ? videoCommerce(SEED, v) : null);
  }
});

describe('commerce collection', () => {
  it('reads at most READS_PER_SNAPSHOT videos of each creator, each once', async () => {
    const r = await sql<{ creator_id: string; n: string; reads: number }>`
      SELECT v.creator_id, count(*) AS n, max(r.reads) AS reads FROM video_commerce_reads r
      JOIN videos v ON v.id = r.video_id WHERE v.creator_id = ANY(${creators}::bigint[]) GROUP BY v.creator_id`.execute(
      t.ctx.db,
    );
    expect(r.rows).toHaveLength(creators.length);
    for (const row of r.rows) {
      expect(Number(row.n)).toBeLessThanOrEqual(READS_PER_SNAPSHOT);
      expect(row.reads).toBe(1);
    }
  });

  it('stores the goods each page carries, with the price of the goods area and the link as evidence', async () => {
    const world = kit.sim.world;
    const at = world.worldTime(kit.clock.now());
    let checked = 0;
    for (const [aid, c] of truth) {
      const rows = await sql<{
        platform: string;
        item_id: string;
        source: string;
        link: string;
        evidence: string;
        price: string | null;
      }>`
        SELECT g.platform, g.item_id, vg.source, vg.link, vg.evidence, g.price
        FROM video_goods vg JOIN goods g ON g.id = vg.goods_id JOIN videos v ON v.id = vg.video_id
        WHERE v.aid = ${aid} ORDER BY vg.source, g.item_id`.execute(t.ctx.db);
      // a b23.tv short link has no item (its target is not followed): those goods are not linked to the video
      const expected = (c?.goods ?? []).filter((g) => !g.link.startsWith('https://b23.tv/'));
      expect(rows.rows.map((r) => `${r.platform}:${r.item_id}:${r.source}`).sort(), `video ${aid}`).toEqual(
        expected.map((g) => `${g.goods.platform}:${g.goods.itemId}:${g.source}`).sort(),
      );
      for (const r of rows.rows) {
        expect(r.evidence.length).toBeGreaterThan(0);
        const g = expected.find((x) => x.goods.itemId === r.item_id);
        if (g?.source === 'goods_area') expect(Number(r.price)).toBe(goodsPrice(SEED, g.goods, at));
      }
      const shorts = (c?.goods ?? []).filter((g) => g.link.startsWith('https://b23.tv/'));
      for (const s of shorts) {
        const l = await sql<{ kind: string; platform: string }>`
          SELECT kind, platform FROM video_shop_links l JOIN videos v ON v.id = l.video_id
          WHERE v.aid = ${aid} AND l.url = ${s.link}`.execute(t.ctx.db);
        expect(l.rows).toEqual([{ kind: 'short', platform: 'b23' }]);
      }
      checked += expected.length;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('gives every read video a verdict; a labelled or declared sponsorship is sponsored, with its evidence', async () => {
    let sponsored = 0;
    for (const [aid, c] of truth) {
      const r = await sql<{ sponsored: boolean; selling: boolean; score: string; brand: string | null }>`
        SELECT s.sponsored, s.selling, s.score, b.name AS brand FROM video_sponsorships s
        JOIN videos v ON v.id = s.video_id LEFT JOIN brands b ON b.id = s.brand_id WHERE v.aid = ${aid}`.execute(
        t.ctx.db,
      );
      const row = r.rows[0];
      expect(row, `video ${aid}`).toBeDefined();
      if (!row) continue;
      const declared =
        c !== null &&
        c.sponsored &&
        (c.label !== null || c.descLines.some((l) => !l.startsWith('视频同款')) || (c.pinned ?? '').includes('感谢'));
      if (c?.label) {
        expect(row.sponsored, `video ${aid}`).toBe(true);
        const ev = await sql<{ signal: string; matched: string }>`
          SELECT e.signal, e.matched FROM video_sponsorship_evidence e JOIN videos v ON v.id = e.video_id
          WHERE v.aid = ${aid} AND e.signal = 'commercial_label'`.execute(t.ctx.db);
        expect(ev.rows).toEqual([{ signal: 'commercial_label', matched: c.label }]);
      }
      if (declared) expect(row.sponsored, `video ${aid}`).toBe(true);
      if (c === null) {
        expect(row.sponsored, `video ${aid}`).toBe(false);
        expect(row.selling).toBe(false);
      }
      if (row.sponsored) sponsored += 1;
    }
    expect(sponsored).toBeGreaterThan(0);
  });

  it('records the brand of sold goods as a mention where it was named', async () => {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM video_brand_mentions m JOIN videos v ON v.id = m.video_id
      WHERE v.creator_id = ANY(${creators}::bigint[]) AND m.location IN ('goods', 'pinned_comment', 'desc')`.execute(
      t.ctx.db,
    );
    expect(Number(r.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('a read on the next day adds that day’s price and never rewrites the first day', async () => {
    const before = await sql<{ goods_id: string; day: string; price: string }>`
      SELECT goods_id, day::text, price FROM goods_price_daily ORDER BY goods_id, day`.execute(t.ctx.db);
    expect(before.rows.length).toBeGreaterThan(0);
    kit.clock.advance(24 * 3600_000);
    await kit.pipeline.jobs.sendMany(
      'collect.creator-snapshot',
      creators.map((creatorId) => ({ data: { creatorId }, priority: JOB_PRIORITY.daily })),
    );
    expect(await kit.pipeline.runPending()).toBe(creators.length);
    const after = await sql<{ goods_id: string; day: string; price: string }>`
      SELECT goods_id, day::text, price FROM goods_price_daily ORDER BY goods_id, day`.execute(t.ctx.db);
    for (const b of before.rows) expect(after.rows).toContainEqual(b);
    const days = new Set(after.rows.map((r) => r.day));
    expect(days.size).toBeGreaterThanOrEqual(2);
  });
});
