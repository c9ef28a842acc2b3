import { describe, expect, it } from 'vitest';
import { aidToBvid } from './bvid.js';
import { ENGAGEMENT_BANDS } from './engagement.js';
import {
  creatorContent,
  creatorCount,
  playCurve,
  planWorld,
  HISTORY_DAYS,
  VIDEO_HISTORY_DAYS,
  type VideoRow,
} from './generate.js';
import { partitionRows, PARTITIONS } from './partitions.js';
import { ORG_KINDS_BY_TOP, THEME_WORDS } from './pools.js';
import { CHILD_TITLES, recapYearOf, titleSetOf } from './titles.js';

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

  it('names, partitions and videos agree: a themed name lives in its theme, its videos in its partition', () => {
    const plan = planWorld({ ...options, scale: 1 });
    const owners = new Map<string, Set<number>>();
    for (const [tid, words] of Object.entries(THEME_WORDS)) {
      for (const w of words) owners.set(w, (owners.get(w) ?? new Set()).add(Number(tid)));
    }
    const wrong: string[] = [];
    for (const c of plan.creators) {
      for (const [word, tops] of owners) {
        if (c.name.includes(word) && !tops.has(c.topTid)) wrong.push(`${c.name} (${c.topTid}): ${word}`);
      }
    }
    expect(wrong).toEqual([]);
    // every organisation says what it is, in its own partition (“…美食官方账号” lives in 美食)
    const orgs = plan.creators.filter((c) => c.officialType === 2);
    expect(orgs.length).toBeGreaterThan(50);
    for (const c of orgs) {
      expect(
        (ORG_KINDS_BY_TOP[c.topTid] ?? []).some((k) => c.name.includes(k)),
        c.name,
      ).toBe(true);
    }
    // a 美食 search finds food creators only
    const food = plan.creators.filter((c) => c.name.includes('美食'));
    expect(food.length).toBeGreaterThan(5);
    expect(food.every((c) => c.topTid === 211)).toBe(true);
    // the partition is the one most of its videos have (the derived partition), every video in its top partition
    let agree = 0;
    const sample = plan.creators.slice(0, 400);
    for (const c of sample) {
      const top = PARTITIONS.find((p) => p.tid === c.topTid);
      const children = new Set(top?.children.map(([tid]) => tid));
      const tally = new Map<number, number>();
      for (const v of creatorContent(plan, c).videos) {
        expect(children.has(v.tid), `${c.name}: video tid ${v.tid}`).toBe(true);
        tally.set(v.tid, (tally.get(v.tid) ?? 0) + 1);
      }
      const mode = [...tally].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (mode === undefined || mode === c.partitionTid) agree++;
    }
    expect(agree / sample.length).toBeGreaterThan(0.95);
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

  describe('realism (issue #13 items 5, 6, 8)', () => {
    const plan = planWorld({ ...options, today: '2026-01-20' });
    const contents = plan.creators.map((c) => ({ spec: c, content: creatorContent(plan, c) }));
    const videos: VideoRow[] = contents.flatMap((x) => x.content.videos);

    it('keeps every counter inside its band of plays, coins never above likes', () => {
      const counters = ['likes', 'coin', 'favorite', 'share', 'reply', 'danmaku'] as const;
      const band = {
        likes: 'like',
        coin: 'coin',
        favorite: 'favorite',
        share: 'share',
        reply: 'reply',
        danmaku: 'danmaku',
      } as const;
      for (const v of videos) {
        expect(v.coin).toBeLessThanOrEqual(v.likes);
        if (v.play < 1000) continue; // rounding dominates small counts
        for (const key of counters) {
          const b = ENGAGEMENT_BANDS[band[key]];
          const ratio = v[key] / v.play;
          expect(ratio, `${key} of ${v.bvid}`).toBeGreaterThanOrEqual(b.lo - 0.5 / v.play - 1e-9);
          expect(ratio, `${key} of ${v.bvid}`).toBeLessThanOrEqual(b.hi + 0.5 / v.play + 1e-9);
        }
      }
      // believable medians over the world: likes 3–6 % of plays, coins and favourites around 1 %
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      const big = videos.filter((v) => v.play >= 1000);
      expect(median(big.map((v) => v.likes / v.play))).toBeGreaterThan(0.03);
      expect(median(big.map((v) => v.likes / v.play))).toBeLessThan(0.06);
      expect(median(big.map((v) => v.coin / v.play))).toBeGreaterThan(0.005);
      expect(median(big.map((v) => v.favorite / v.play))).toBeGreaterThan(0.008);
      // no video with real plays and no likes (the 4.7万 plays and 0 likes)
      expect(videos.filter((v) => v.play >= 500 && (v.likes === 0 || v.coin === 0)).length).toBe(0);
    });

    it('draws titles from many templates of the video’s own child partition', () => {
      const templates = new Set(Object.values(CHILD_TITLES).flatMap((t) => t.templates));
      expect(templates.size).toBeGreaterThan(180);
      expect(new Set(videos.map((v) => v.title)).size / videos.length).toBeGreaterThan(0.5);
      const childOf = new Map(PARTITIONS.flatMap((p) => p.children.map(([tid]) => [tid, p.tid] as const)));
      for (const v of videos) {
        const top = childOf.get(v.tid);
        expect(top, `tid ${v.tid}`).toBeDefined();
        const set = titleSetOf(v.tid, top ?? 0);
        // the title starts like one of its set's templates (up to the first slot)
        const heads = set.templates.map((t) => t.split('{')[0] ?? '');
        expect(
          heads.some((h) => v.title.startsWith(h)),
          `${v.title} in ${v.tid}`,
        ).toBe(true);
      }
      // 外卖小哥 is a 日常 (21) subject, never 亲子 (254)
      for (const v of videos.filter((x) => x.title.includes('外卖小哥'))) expect(v.tid).not.toBe(254);
    });

    it('never dates a title after its publication: recaps only about the year just ended', () => {
      for (const v of videos) {
        const pubYear = new Date(v.pubdate.getTime() + 8 * 3600_000).getUTCFullYear();
        for (const m of v.title.matchAll(/(20\d\d)年/gu)) expect(Number(m[1])).toBeLessThanOrEqual(pubYear);
        if (/年度总结|年度.*盘点|年最好听/u.test(v.title)) {
          const year = Number(/(20\d\d)/u.exec(v.title)?.[1]);
          expect(year).toBe(recapYearOf(v.pubdate.getTime()));
        }
      }
      // seasons and anime seasons follow the publication month
      const seasons = ['冬', '冬', '春', '春', '春', '夏', '夏', '夏', '秋', '秋', '秋', '冬'];
      const next = ['四', '四', '四', '七', '七', '七', '十', '十', '十', '一', '一', '一'];
      let dated = 0;
      for (const v of videos) {
        const month = new Date(v.pubdate.getTime() + 8 * 3600_000).getUTCMonth();
        const season = /([春夏秋冬])(季穿搭|天，做一顿)|农村老家的([春夏秋冬])天/u.exec(v.title);
        if (season) {
          dated += 1;
          expect(season[1] ?? season[3], v.title).toBe(seasons[month]);
        }
        const anime = /新番(.)月导视/u.exec(v.title);
        if (anime) expect(anime[1], v.title).toBe(next[month]);
      }
      expect(dated).toBeGreaterThan(0);
      expect(recapYearOf(Date.parse('2026-01-10T04:00:00Z'))).toBe(2025);
      expect(recapYearOf(Date.parse('2025-12-20T04:00:00Z'))).toBe(2025);
      expect(recapYearOf(Date.parse('2026-06-01T04:00:00Z'))).toBeNull();
    });

    it('gives every visible video a daily history that ends at its counters', () => {
      const lastDay = plan.days[plan.days.length - 1];
      for (const { content } of contents.slice(0, 300)) {
        const byVideo = new Map<number, typeof content.videoDaily>();
        for (const d of content.videoDaily) byVideo.set(d.videoId, [...(byVideo.get(d.videoId) ?? []), d]);
        for (const v of content.videos) {
          const rows = byVideo.get(v.id) ?? [];
          if (v.status !== 0) {
            expect(rows).toHaveLength(0);
            continue;
          }
          expect(rows.length).toBeGreaterThan(0);
          expect(rows.length).toBeLessThanOrEqual(VIDEO_HISTORY_DAYS);
          const last = rows[rows.length - 1];
          expect(last).toMatchObject({
            day: lastDay,
            play: v.play,
            likes: v.likes,
            coin: v.coin,
            favorite: v.favorite,
          });
          // the first row is not before the publication day (Asia/Shanghai)
          const pubDay = new Date(v.pubdate.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
          expect((rows[0]?.day ?? '') >= pubDay).toBe(true);
          for (let k = 1; k < rows.length; k++) {
            expect(rows[k]?.play).toBeGreaterThanOrEqual(rows[k - 1]?.play ?? 0);
            expect(rows[k]?.likes).toBeGreaterThanOrEqual(rows[k - 1]?.likes ?? 0);
          }
        }
      }
    });
  });
});
