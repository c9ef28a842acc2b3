/**
 * Comments and danmaku against the simulator: newest first, stopping at already stored rpids, through both
 * comment APIs; the sub-replies (楼中楼) of the comments read, inline or through x/v2/reply/reply, once; danmaku
 * stored once; the daily sampler queues each creator's latest video.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';
import { INLINE_SUB_REPLIES, subReplyCount } from '../../sim/world/comments.js';
import { rootOfRpid } from '../../sim/world/ids.js';
import type { WorkContext } from './deps.js';

const t = useTestApp();
let kit: PipelineKit;
const ctx: WorkContext = { signal: new AbortController().signal, priority: 'low' };

beforeAll(async () => {
  kit = await startPipelineKit({
    ctx: t.ctx,
    databaseUrl: t.databaseUrl,
    seed: 7,
    scale: TEST_SCALE,
    settings: { commentVideos: 1, commentPages: 2 },
  });
});
afterAll(async () => {
  await kit.close();
});

/** Recent visible videos with at least `min` comments, newest first. */
async function videosWithComments(min: number) {
  return (
    t.ctx.db
      .selectFrom('videos')
      .select(['id', 'aid', 'creator_id', 'reply'])
      .where('status', '=', 0)
      .where('reply', '>=', String(min))
      // not the videos whose comments the demo load sampled already (db/seed/world/comments.ts)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('comments as c').select('c.rpid').whereRef('c.video_id', '=', 'videos.id'))),
      )
      .orderBy('pubdate', 'desc')
      .limit(5)
      .execute()
  );
}

const requestsTo = (endpoint: string) => kit.attempts.filter((a) => a.endpoint === endpoint).length;
/** the video's stored root comments (sub-replies are counted in their own test) */
const commentRows = async (videoId: string) =>
  await t.ctx.db
    .selectFrom('comments')
    .select(['rpid', 'sex', 'ip_location', 'uname'])
    .where('video_id', '=', videoId)
    .where('root', '=', '0')
    .execute();

describe('comments', () => {
  it('are collected newest first and stop at already stored rpids (reply/wbi/main)', async () => {
    const [video] = await videosWithComments(80);
    if (!video) throw new Error('no video with comments');
    const first = (await kit.pipeline.opinion.collect({ videoId: Number(video.id), maxPages: 2 }, ctx)) as {
      comments: { api: string; pages: number; inserted: number; reachedSeen: boolean };
    };
    expect(first.comments).toMatchObject({ api: 'main', pages: 2, inserted: 40, reachedSeen: false });
    const rows = await commentRows(video.id);
    expect(rows).toHaveLength(40);
    for (const r of rows) {
      expect([0, 1, 2]).toContain(r.sex);
      expect(r.uname).not.toBe('');
    }
    expect(rows.filter((r) => r.ip_location !== null).length).toBeGreaterThan(20);

    // Nothing new: one page, all seen.
    const before = requestsTo('x/v2/reply/wbi/main');
    const again = (await kit.pipeline.opinion.collect({ videoId: Number(video.id), maxPages: 5 }, ctx)) as typeof first;
    expect(again.comments).toMatchObject({ pages: 1, inserted: 0, reachedSeen: true });
    expect(requestsTo('x/v2/reply/wbi/main') - before).toBe(1);

    // Days later new comments have arrived: only they are added, then it stops at the first stored one.
    kit.clock.advance(3 * 24 * 3600_000);
    const later = (await kit.pipeline.opinion.collect(
      { videoId: Number(video.id), maxPages: 10 },
      ctx,
    )) as typeof first;
    expect(later.comments.reachedSeen).toBe(true);
    expect(later.comments.inserted).toBeGreaterThan(0);
    expect(await commentRows(video.id)).toHaveLength(40 + later.comments.inserted);
    const crawl = await t.ctx.db
      .selectFrom('comment_crawls')
      .selectAll()
      .where('video_id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(new Date(crawl.comments_at!).getTime()).toBe(kit.clock.now());
  });

  it('x/v2/reply gives the same comments and stops at stored rpids too', async () => {
    const videos = await videosWithComments(60);
    const video = videos[1];
    if (!video) throw new Error('no video');
    const viaMain = await kit.pipeline.opinion.collectComments(Number(video.id), Number(video.aid), 2, ctx, 'main');
    expect(viaMain.inserted).toBe(40);
    const mainRpids = (await commentRows(video.id)).map((r) => r.rpid).sort();
    await t.ctx.db.deleteFrom('comments').where('video_id', '=', video.id).execute();

    const viaReply = await kit.pipeline.opinion.collectComments(Number(video.id), Number(video.aid), 2, ctx, 'reply');
    expect(viaReply).toMatchObject({ api: 'reply', pages: 2, inserted: 40, reachedSeen: false });
    expect((await commentRows(video.id)).map((r) => r.rpid).sort()).toEqual(mainRpids);
    const again = await kit.pipeline.opinion.collectComments(Number(video.id), Number(video.aid), 5, ctx, 'reply');
    expect(again).toMatchObject({ pages: 1, inserted: 0, reachedSeen: true });
  });

  it('sub-replies (楼中楼) of the comments read are collected: inline when that is all of them, else x/v2/reply/reply; once', async () => {
    const videos = await videosWithComments(60);
    const video = videos[2];
    if (!video) throw new Error('no video');
    // the earlier tests' collections may have read sub-reply pages of their own videos
    const pagesBefore = requestsTo('x/v2/reply/reply');
    const r = await kit.pipeline.opinion.collectComments(Number(video.id), Number(video.aid), 40, ctx, 'main');
    expect(r.reachedSeen).toBe(false);
    const { world } = kit.sim;
    const now = world.worldTime();
    const v = world.videoByAid(Number(video.aid), now);
    if (!v) throw new Error('video not in the simulator');
    const roots = await commentRows(video.id);
    // what the platform has under each root read, and what was stored
    const expected = new Map<string, number>();
    for (const root of roots) {
      const at = rootOfRpid(Number(root.rpid));
      if (!at) throw new Error(`rpid ${root.rpid} is no root`);
      expected.set(root.rpid, subReplyCount(world, v, at.index, now));
    }
    const stored = await sql<{ root: string; n: string; bad: string }>`
      SELECT root::text, count(*) AS n,
             count(*) FILTER (WHERE parent <> root AND parent NOT IN (SELECT rpid FROM comments s WHERE s.root = c.root)) AS bad
      FROM comments c WHERE video_id = ${video.id} AND root <> 0 GROUP BY root`.execute(t.ctx.db);
    const got = new Map(stored.rows.map((x) => [x.root, Number(x.n)]));
    const threads = [...expected].filter(([, n]) => n > 0);
    expect(threads.length).toBeGreaterThan(0);
    for (const [rpid, n] of expected) expect(got.get(rpid) ?? 0, `root ${rpid}`).toBe(n);
    expect(stored.rows.every((x) => x.bad === '0')).toBe(true); // a parent is the root or a sub-reply of it
    // one x/v2/reply/reply page for each thread longer than what the list shows inline, none for the others
    const long = threads.filter(([, n]) => n > INLINE_SUB_REPLIES).length;
    expect(long).toBeGreaterThan(0); // both paths are taken on this video
    expect(r.subReplies.pages).toBe(long);
    expect(requestsTo('x/v2/reply/reply') - pagesBefore).toBe(long);
    expect(r.subReplies.inserted).toBe(threads.reduce((a, [, n]) => a + n, 0));

    // nothing new: no sub-reply page is read again
    const before = requestsTo('x/v2/reply/reply');
    const again = await kit.pipeline.opinion.collectComments(Number(video.id), Number(video.aid), 40, ctx, 'main');
    expect(again.subReplies).toEqual({ inserted: 0, pages: 0 });
    expect(requestsTo('x/v2/reply/reply') - before).toBe(0);
  });

  it('the sub-reply page budget of one collection is its comment page budget', async () => {
    const videos = await videosWithComments(200);
    const video = videos[3] ?? videos[0];
    if (!video) throw new Error('no video');
    const r = await kit.pipeline.opinion.collectComments(Number(video.id), Number(video.aid), 1, ctx, 'main');
    expect(r.pages).toBe(1);
    expect(r.subReplies.pages).toBeLessThanOrEqual(1);
  });

  it('danmaku are stored once per natural key', async () => {
    const [video] = await videosWithComments(20);
    if (!video) throw new Error('no video');
    const r = (await kit.pipeline.opinion.collect({ videoId: Number(video.id), maxPages: 1, danmaku: true }, ctx)) as {
      danmaku: { inserted: number; seen: number };
    };
    expect(r.danmaku.seen).toBeGreaterThan(0);
    expect(r.danmaku.inserted).toBe(r.danmaku.seen);
    const again = (await kit.pipeline.opinion.collect(
      { videoId: Number(video.id), maxPages: 1, danmaku: true },
      ctx,
    )) as typeof r;
    expect(again.danmaku.inserted).toBe(0);
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM danmaku WHERE video_id = ${video.id}`.execute(
      t.ctx.db,
    );
    expect(Number(count.rows[0]?.n)).toBe(r.danmaku.seen);
  });

  it('the daily sampler queues the latest video of each collected creator (opinion.collect-comments)', async () => {
    // a creator none of whose videos the tests above crawled (they pick videos by comment count)
    const creator = await t.ctx.db
      .selectFrom('creators')
      .select('id')
      .where('video_count', '>', 3)
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM comment_crawls cc JOIN videos v ON v.id = cc.video_id
                                 WHERE v.creator_id = creators.id)`,
      )
      .orderBy('fans', 'desc')
      .executeTakeFirstOrThrow();
    await kit.pipeline.jobs.send('collect.creator-snapshot', { creatorId: Number(creator.id) });
    await kit.pipeline.runPending({ names: ['collect.creator-snapshot'] });
    const latest = await t.ctx.db
      .selectFrom('videos')
      .select('id')
      .where('creator_id', '=', creator.id)
      .where('status', '=', 0)
      .orderBy('pubdate', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const queued = await sql<{ data: { videoId: number } }>`
      SELECT data FROM pgboss.job WHERE name = 'opinion.collect-comments' AND state = 'created'`.execute(t.ctx.db);
    expect(queued.rows.map((r) => r.data.videoId)).toEqual([Number(latest.id)]);
    await kit.pipeline.runPending({ names: ['opinion.collect-comments'] });
    const crawl = await t.ctx.db
      .selectFrom('comment_crawls')
      .selectAll()
      .where('video_id', '=', latest.id)
      .executeTakeFirst();
    expect(crawl?.comments_at).not.toBeNull();
    // Sampled today: the next snapshot does not queue it again.
    await kit.pipeline.jobs.send('collect.creator-snapshot', { creatorId: Number(creator.id) });
    await kit.pipeline.runPending({ names: ['collect.creator-snapshot'] });
    const again = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job WHERE name = 'opinion.collect-comments' AND state = 'created'`.execute(
      t.ctx.db,
    );
    expect(again.rows[0]?.n).toBe('0');
  });
});
