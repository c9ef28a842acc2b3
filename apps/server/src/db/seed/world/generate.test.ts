import { describe, expect, it } from 'vitest';
import { aidToBvid } from './bvid.js';
import { creatorContent, creatorCount, playCurve, planWorld, HISTORY_DAYS } from './generate.js';
import { partitionRows, PARTITIONS } from './partitions.js';

const options = { seed: 42, scale: 0.2, today: '2025-03-10' };

describe('demo world generator (pure)', () => {
  it('is deterministic: same seed, scale and day give the same world', () => {
    const a = planWorld(options);
    const b = planWorld(options);
    expect(a.creators.slice(0, 50)).toEqual(b.creators.slice(0, 50));
    expect(a.creators.map((c) => c.mid)).toEqual(b.creators.map((c) => c.mid));
    for (const spec of a.creators.slice(0, 5)) {
      expect(creatorContent(a, spec)).toEqual(creatorContent(b, spec));
    }
    // a creator's content does not depend on what was generated before it
    const late = a.creators[100];
    if (!late) throw new Error('plan too small');
    const first = creatorContent(a, late);
    a.creators.slice(0, 20).forEach((c) => creatorContent(a, c));
    expect(creatorContent(a, late)).toEqual(first);
  });

  it('changes with the seed', () => {
    const a = planWorld(options);
    const b = planWorld({ ...options, seed: 43 });
    expect(a.creators.slice(0, 10).map((c) => c.name)).not.toEqual(b.creators.slice(0, 10).map((c) => c.name));
  });

  it('has the counts of the scale and unique names, UIDs, aids and bvids', () => {
    const plan = planWorld({ ...options, scale: 1 });
    expect(plan.creators).toHaveLength(5000);
    expect(creatorCount(0.05)).toBe(250);
    expect(plan.videoCount).toBe(100_000);
    expect(new Set(plan.creators.map((c) => c.name)).size).toBe(5000);
    expect(new Set(plan.creators.map((c) => c.mid)).size).toBe(5000);
    for (const c of plan.creators) {
      expect(String(c.mid)).toMatch(/^\d{6,10}$/);
      expect(c.level).toBeGreaterThanOrEqual(1);
      expect(c.level).toBeLessThanOrEqual(6);
    }
    const fans = plan.creators.map((c) => c.fans);
    expect(fans.filter((f) => f > 10_000_000).length).toBeGreaterThan(0);
    expect(fans.filter((f) => f >= 1000 && f <= 500_000).length / fans.length).toBeGreaterThan(0.85);
    const approved = plan.creators.filter((c) => c.officialType === 1).length / 5000;
    expect(approved).toBeGreaterThan(0.06);
    expect(approved).toBeLessThan(0.14);
    // names share characters, so short searches find many creators
    expect(plan.creators.filter((c) => c.name.includes('小')).length).toBeGreaterThan(50);
    expect(plan.creators.filter((c) => /[A-Za-z]/.test(c.name)).length).toBeGreaterThan(200);

    const aids = new Set<number>();
    const bvids = new Set<string>();
    let videos = 0;
    for (const spec of plan.creators.slice(0, 500)) {
      for (const v of creatorContent(plan, spec).videos) {
        aids.add(v.aid);
        bvids.add(v.bvid);
        expect(v.bvid).toMatch(/^BV1[1-9A-HJ-NP-Za-km-z]{9}$/);
        videos++;
      }
    }
    expect(aids.size).toBe(videos);
    expect(bvids.size).toBe(videos);
  });

  it('keeps history consistent: 90 days ending yesterday, last day equal to the counters', () => {
    const plan = planWorld(options);
    expect(plan.days).toHaveLength(HISTORY_DAYS);
    expect(plan.days[HISTORY_DAYS - 1]).toBe('2025-03-09');
    expect(plan.days[0]).toBe('2024-12-10');
    for (const spec of plan.creators.slice(0, 200)) {
      const content = creatorContent(plan, spec);
      expect(content.videos).toHaveLength(spec.videoTotal);
      const last = content.daily[content.daily.length - 1];
      expect(last).toMatchObject({
        fans: spec.fans,
        plays: content.plays,
        likes: content.likes,
        videoCount: content.videoCount,
      });
      expect(content.videoCount).toBe(content.videos.filter((v) => v.status === 0).length);
      for (let k = 1; k < content.daily.length; k++) {
        const prev = content.daily[k - 1];
        const cur = content.daily[k];
        if (!prev || !cur) continue;
        expect(cur.plays).toBeGreaterThanOrEqual(prev.plays);
        expect(cur.videoCount).toBeGreaterThanOrEqual(prev.videoCount);
        expect(cur.fans).toBeGreaterThan(0);
      }
      const end = Date.parse('2025-03-09T16:00:00Z'); // end of 2025-03-09 in Asia/Shanghai
      for (const v of content.videos) {
        expect(v.pubdate.getTime()).toBeLessThan(end);
        expect(v.pubdate.getTime()).toBeGreaterThanOrEqual(end - 180 * 86_400_000);
      }
    }
  });

  it('has a monotone play curve', () => {
    let prev = 0;
    for (let d = 0.1; d < 400; d += 0.7) {
      const v = playCurve(d);
      expect(v).toBeGreaterThan(prev);
      expect(v).toBeLessThan(1);
      prev = v;
    }
  });

  it('encodes bvids like Bilibili (real samples)', () => {
    expect(aidToBvid(85440373)).toBe('BV117411r7R1');
    expect(aidToBvid(1356452135)).toBe('BV1tz421i7zb');
    expect(aidToBvid(1906472398)).toBe('BV1MU411S7Cc');
    expect(aidToBvid(517751921)).toBe('BV1Eg411v7a1');
  });

  it('lists real partitions with parents first', () => {
    const rows = partitionRows();
    const tids = new Set(rows.map((r) => r.tid));
    expect(tids.size).toBe(rows.length);
    expect(rows.find((r) => r.tid === 17)).toMatchObject({ name: '单机游戏', parentId: 4 });
    expect(rows.find((r) => r.tid === 201)).toMatchObject({ name: '科学科普', parentId: 36 });
    const firstChild = rows.findIndex((r) => r.parentId !== null);
    expect(rows.slice(0, firstChild)).toHaveLength(PARTITIONS.length);
  });
});
