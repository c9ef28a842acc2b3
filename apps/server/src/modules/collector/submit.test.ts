/**
 * POST/GET /api/submitCollectionKol against the simulator: UID, space URL, bad format, unknown mid, already
 * collected; the creator is searchable right after the quick step and fully collected after the backfill.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';
import { openTestSession } from '../creators/test-session.js';
import { parseCreatorInput } from './creator-input.js';
import { COLLECTION_INPUT_REQUIRED } from './collector.routes.js';
import { LibraryMsg, MANUAL_COLLECT_DIALOGS, ManualCollect } from '@xg/shared';
import { CollectorService } from './collector.service.js';

let t: TestApp;
let kit: PipelineKit;
let token: string;
/** A creator of the simulated world removed from this database: the platform knows it, we do not. */
let fresh: { mid: number; name: string };
let known: { id: number; mid: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  kit = await startPipelineKit({ ctx: t.ctx, databaseUrl: t.databaseUrl, seed: 7, scale: TEST_SCALE });
  token = await openTestSession(t.ctx);
  const rows = await t.ctx.db
    .selectFrom('creators')
    .select(['id', 'mid', 'name'])
    .orderBy('fans', 'desc')
    .limit(2)
    .execute();
  const [a, b] = rows;
  if (!a || !b) throw new Error('no creators');
  known = { id: Number(a.id), mid: Number(a.mid), name: a.name };
  fresh = { mid: Number(b.mid), name: b.name };
  await t.ctx.db.deleteFrom('creators').where('id', '=', b.id).execute();
});
afterAll(async () => {
  await kit.close();
  await t.close();
});

interface SubmitBody {
  code: number;
  message: string;
  isExists: number;
  isApprove: number;
  kolId: number | null;
  kolName: string;
  kolImg: string;
  kolUid: number | null;
}

async function submit(params: Record<string, string>, method: 'POST' | 'GET' = 'POST') {
  const res = await t.call(method, '/api/submitCollectionKol', params, { token });
  return { status: res.status, body: res.body as unknown as SubmitBody };
}

describe('creator input', () => {
  it('reads UIDs and homepage links', () => {
    expect(parseCreatorInput('546195')).toBe(546195);
    expect(parseCreatorInput(' UID:546195 ')).toBe(546195);
    expect(parseCreatorInput('uid：546195')).toBe(546195);
    expect(parseCreatorInput('https://space.bilibili.com/546195')).toBe(546195);
    expect(parseCreatorInput('https://space.bilibili.com/546195/video?tid=0')).toBe(546195);
    expect(parseCreatorInput('space.bilibili.com/546195?spm_id_from=333.1007')).toBe(546195);
    expect(parseCreatorInput('http://space.bilibili.com/3546000000000001/')).toBe(3546000000000001);
    expect(parseCreatorInput('https://m.bilibili.com/space/546195')).toBe(546195);
    for (const bad of [
      '',
      'hello',
      '0',
      '-5',
      '12.5',
      '99999999999999999999',
      'https://www.bilibili.com/video/BV1xx411c7mD',
      'https://space.bilibili.com/abc',
      'https://evil.example.com/546195',
      'ftp://space.bilibili.com/546195',
    ]) {
      expect(parseCreatorInput(bad), bad).toBeNull();
    }
  });
});

describe('submitCollectionKol', () => {
  it('needs a signed-in user and some input', async () => {
    const anon = await t.call('POST', '/api/submitCollectionKol', { kol: String(known.mid) });
    expect(anon.status).toBe(401);
    const empty = await submit({ kol: '  ' });
    expect(empty.body).toMatchObject({ code: -1, message: COLLECTION_INPUT_REQUIRED });
  });

  it('answers 0 for a bad format and for a mid the platform does not know', async () => {
    expect((await submit({ url: 'https://www.bilibili.com/video/BV1xx411c7mD' })).body).toMatchObject({
      code: 200,
      isExists: 0,
      kolId: null,
    });
    const before = kit.client.counters.attempts;
    expect((await submit({ kol: 'not a uid' })).body.isExists).toBe(0);
    expect(kit.client.counters.attempts).toBe(before); // a bad format asks nobody
    const unknown = await submit({ kol: '987654321987' });
    expect(unknown.body).toMatchObject({ isExists: 0, kolUid: 987654321987 });
    const request = await t.ctx.db
      .selectFrom('collection_requests')
      .select('state')
      .where('mid', '=', '987654321987')
      .executeTakeFirstOrThrow();
    expect(request.state).toBe('not_found');
  });

  it('answers 1 with the creator for one already collected (UID or space URL, POST or GET)', async () => {
    for (const [params, method] of [
      [{ kol: String(known.mid) }, 'POST'],
      [{ url: `https://space.bilibili.com/${known.mid}` }, 'POST'],
      [{ url: `https://space.bilibili.com/${known.mid}/dynamic` }, 'GET'],
    ] as const) {
      const r = await submit(params, method);
      expect(r.body).toMatchObject({ code: 200, isExists: 1, kolId: known.id, kolUid: known.mid, kolName: known.name });
    }
  });

  it('answers 2 for a new creator, who is searchable at once and fully collected after the backfill', async () => {
    const r = await submit({ url: `https://space.bilibili.com/${fresh.mid}` });
    expect(r.body).toMatchObject({ code: 200, isExists: 2, kolUid: fresh.mid, kolName: fresh.name });
    expect(r.body.kolId).toEqual(expect.any(Number));
    expect(r.body.kolImg).toMatch(/^https?:\/\//);

    // Searchable right after the quick step (before any job ran).
    const search = await t.call('GET', '/api/searchKol', { keyword: String(fresh.mid) }, { token });
    const infos = (search.body as unknown as { kolInfos: { kolUid: number }[] }).kolInfos;
    expect(infos.map((k) => k.kolUid)).toContain(fresh.mid);
    const pending = await t.ctx.db
      .selectFrom('collection_requests')
      .selectAll()
      .where('mid', '=', String(fresh.mid))
      .executeTakeFirstOrThrow();
    expect(pending.state).toBe('searchable');

    // A second submission while it is pending joins the same request.
    expect((await submit({ kol: String(fresh.mid) })).body.isExists).toBe(2);
    const count = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM collection_requests WHERE mid = ${fresh.mid}`.execute(t.ctx.db);
    expect(count.rows[0]?.n).toBe('1');

    await kit.pipeline.runPending();
    const done = await t.ctx.db
      .selectFrom('collection_requests')
      .selectAll()
      .where('mid', '=', String(fresh.mid))
      .executeTakeFirstOrThrow();
    expect(done.state).toBe('done');
    const creator = await t.ctx.db
      .selectFrom('creators')
      .selectAll()
      .where('mid', '=', String(fresh.mid))
      .executeTakeFirstOrThrow();
    const schedule = await t.ctx.db
      .selectFrom('creator_schedule')
      .selectAll()
      .where('creator_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(schedule.last_collected_at).not.toBeNull();
    expect(Number(creator.plays)).toBeGreaterThan(0);
    const videos = await t.ctx.db.selectFrom('videos').select('id').where('creator_id', '=', creator.id).execute();
    expect(videos.length).toBeGreaterThan(0);
    expect(videos.length).toBe(creator.video_count);
    // The daily series starts today: the platform has no history of past days.
    const daily = await t.ctx.db
      .selectFrom('creator_daily')
      .select('day')
      .where('creator_id', '=', creator.id)
      .execute();
    expect(daily.map((d) => d.day)).toEqual([kit.today]);

    // Now it is collected.
    expect((await submit({ kol: String(fresh.mid) })).body).toMatchObject({ isExists: 1, kolId: Number(creator.id) });
  });

  it('queues the request when the platform cannot be asked now, and the job does the quick step', async () => {
    const [row] = await t.ctx.db.selectFrom('creators').select(['id', 'mid']).orderBy('fans', 'asc').limit(1).execute();
    if (!row) throw new Error('no creator');
    await t.ctx.db.deleteFrom('creators').where('id', '=', row.id).execute();
    const mid = Number(row.mid);
    // No client in this process (e.g. an API-only node): recorded as queued, answered 2.
    const offline = new CollectorService({ ...kit.pipeline.deps, client: null });
    const r = await offline.submit(String(mid), null);
    expect(r).toMatchObject({ isExists: 2, kolUid: mid, kolId: null });
    expect(
      (
        await t.ctx.db
          .selectFrom('collection_requests')
          .select('state')
          .where('mid', '=', String(mid))
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe('queued');
    await kit.pipeline.runPending();
    const done = await t.ctx.db
      .selectFrom('collection_requests')
      .select(['state', 'creator_id'])
      .where('mid', '=', String(mid))
      .executeTakeFirstOrThrow();
    expect(done.state).toBe('done');
    expect(done.creator_id).not.toBeNull();
  });
});

describe('GET /api/collectEredar (§4 manual collect flags)', () => {
  const collect = async (params: Record<string, string>, as: string | null = token) =>
    t.call('GET', '/api/collectEredar', params, { token: as });

  it('needs a signed-in user and a link or an id', async () => {
    expect((await collect({ kolUid: String(known.mid) }, null)).status).toBe(401);
    expect((await collect({})).body).toMatchObject({ code: -1, message: LibraryMsg.linkOrIdRequired });
  });

  it('answers 0 format wrong, 2 already collected, 3 not on the platform, each with its dialog title', async () => {
    const bad = await collect({ url: 'https://www.bilibili.com/video/BV1xx411c7mD' });
    expect(bad.body).toMatchObject({
      code: 200,
      flag: ManualCollect.FORMAT_WRONG,
      message: MANUAL_COLLECT_DIALOGS[0].title,
    });
    const already = await collect({ url: `https://space.bilibili.com/${known.mid}` });
    expect(already.body).toMatchObject({ flag: ManualCollect.ALREADY_COLLECTED, kolId: known.id, kolName: known.name });
    const missing = await collect({ kolUid: '987654321988' });
    expect(missing.body).toMatchObject({ flag: ManualCollect.NOT_EXIST, message: MANUAL_COLLECT_DIALOGS[3].title });
  });

  it('answers 1 for a creator the system does not track yet, and records the request', async () => {
    const [row] = await t.ctx.db
      .selectFrom('creators')
      .select(['id', 'mid'])
      .orderBy('fans', 'desc')
      .offset(5)
      .limit(1)
      .execute();
    if (!row) throw new Error('no creator');
    await t.ctx.db.deleteFrom('creators').where('id', '=', row.id).execute();
    const r = await collect({ kolUid: String(row.mid) });
    expect(r.body).toMatchObject({ code: 200, flag: ManualCollect.NORMAL, kolUid: Number(row.mid) });
    const request = await t.ctx.db
      .selectFrom('collection_requests')
      .select('state')
      .where('mid', '=', String(row.mid))
      .executeTakeFirstOrThrow();
    expect(['queued', 'searchable']).toContain(request.state);
  });
});
