import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotVideoAnswer } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { readXlsx } from '../../../test/xlsx-read.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService } from '../creators/catalog.service.js';
import { HotRepository } from '../hot/hot.repository.js';
import { HotService } from '../hot/hot.service.js';
import { membershipServices } from '../membership/membership.services.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';
import { buildExportLists } from './export.registry.js';
import { ExportService } from './export.service.js';
import { exportDb } from './export.tables.js';

// 热门视频 全部结果 (issue #16): read in one pass (scored and sorted once), never page by page, and still exactly
// the screen's rows in the screen's order.
let t: TestApp;
let ent: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  ent = await createMember(t.ctx, { userType: 3 });
});
afterAll(async () => {
  await t.close();
});

type Row = HotVideoAnswer['videoInfos'][number];
const pick = (r: Row) => [r.rank, r.hotScore, r.title, r.bvid, r.kolName, r.playNum];

/** Every row of the screen (/api/hotVideo) for the filters, page by page. */
async function screenRows(params: Record<string, number>): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let pageNo = 1; ; pageNo++) {
    const res = await t.call('GET', '/api/hotVideo', { ...params, pageNo, pageSize: 50 }, { token: ent.token });
    const body = res.body as unknown as HotVideoAnswer & { code: number };
    expect(body.code).toBe(200);
    total = body.total;
    rows.push(...body.videoInfos);
    if (body.videoInfos.length < 50) break;
  }
  return { rows, total };
}

describe('热门视频 全部结果', () => {
  it('the file holds every row of the screen, in its order, without paging the list', async () => {
    const screen = await screenRows({ days: 7 });
    expect(screen.total).toBeGreaterThan(50);
    expect(screen.rows).toHaveLength(screen.total);

    const { membership, quotas, users } = membershipServices(t.ctx);
    const { lists, themes } = buildExportLists(t.ctx, membership);
    let pages = 0;
    const counted = {
      ...lists,
      moldbabyVideo: {
        ...lists.moldbabyVideo,
        page: (...args: Parameters<(typeof lists)['moldbabyVideo']['page']>) => {
          pages++;
          return lists.moldbabyVideo.page(...args);
        },
      },
    };
    const service = new ExportService(exportDb(t.ctx.db), counted, themes, membership, quotas, users, {
      inlineWaitMs: 60_000,
    });
    const outcome = await service.start(ent.id, 'moldbabyVideo', { days: 7, export: 'all' });
    expect(outcome.kind).toBe('file');
    if (outcome.kind !== 'file') return;
    expect(pages).toBe(0);
    const sheet = readXlsx(outcome.file.data)[0]!;
    expect(sheet.rows).toHaveLength(1 + screen.total);
    // 排名 热度 then the video columns: 标题 BV号 UP主 … 播放数 (the 9th column)
    const got = sheet.rows.slice(1).map((r) => {
      const v = r.map((c) => c.value);
      return [v[0], v[1], v[2], v[3], v[4], v[8]];
    });
    expect(got).toEqual(screen.rows.map(pick));
    const rec = await exportDb(t.ctx.db)
      .selectFrom('exports')
      .select(['rows_done', 'rows_total', 'state'])
      .where('id', '=', String(outcome.file.id))
      .executeTakeFirstOrThrow();
    expect(rec).toEqual({ rows_done: screen.total, rows_total: screen.total, state: 'done' });

    // through the route as well (/api/export/moldbabyVideo with a partition filter)
    const game = await screenRows({ days: 7, tid: 4 });
    const res = await t.call(
      'GET',
      '/api/export/moldbabyVideo',
      { days: 7, tid: 4, export: 'all' },
      { token: ent.token },
    );
    const file = readXlsx(res.raw.rawPayload)[0]!;
    expect(file.rows.slice(1).map((r) => [r[0]?.value, r[1]?.value, r[3]?.value])).toEqual(
      game.rows.map((r) => [r.rank, r.hotScore, r.bvid]),
    );
  });

  it('a queued export (the job export.produce) is made in one pass as well', async () => {
    const screen = await screenRows({ days: 3 });
    const { membership, quotas, users } = membershipServices(t.ctx);
    const { lists, themes } = buildExportLists(t.ctx, membership);
    const noPages = {
      ...lists,
      moldbabyVideo: { ...lists.moldbabyVideo, page: () => Promise.reject(new Error('paged')) },
    };
    const service = new ExportService(exportDb(t.ctx.db), noPages, themes, membership, quotas, users, {
      inlineWaitMs: 60_000,
      jobRows: 1,
      jobs: () => ({ send: () => Promise.resolve('job') }),
    });
    const outcome = await service.start(ent.id, 'moldbabyVideo', { days: 3, export: 'all' });
    expect(outcome.kind).toBe('started');
    if (outcome.kind !== 'started') return;
    expect(await service.resume(outcome.record.id)).toEqual({ state: 'done', rows: screen.total });
    const file = await exportDb(t.ctx.db)
      .selectFrom('export_files')
      .select('data')
      .where('export_id', '=', String(outcome.record.id))
      .executeTakeFirstOrThrow();
    const sheet = readXlsx(file.data)[0]!;
    expect(sheet.rows.slice(1).map((r) => [r[0]?.value, r[1]?.value, r[3]?.value])).toEqual(
      screen.rows.map((r) => [r.rank, r.hotScore, r.bvid]),
    );
  });

  it('HotService.eachHotVideo: the screen’s rows in chunks across many fetches, stopping at the limit', async () => {
    const screen = await screenRows({ days: 7 });
    const hot = new HotService(
      t.ctx.db,
      new HotRepository(t.ctx.db),
      new CatalogService(new CatalogRepository(t.ctx.db)),
    );
    expect(await hot.hotVideoCount({ days: 7, pageNo: 1, pageSize: 20 })).toBe(screen.total);
    const chunks: number[] = [];
    const rows: Row[] = [];
    const limit = Math.min(60, screen.total - 1);
    await hot.eachHotVideo({ days: 7, pageNo: 1, pageSize: 20 }, limit, 7, (page) => {
      chunks.push(page.length);
      rows.push(...page);
      return Promise.resolve();
    });
    expect(rows.map(pick)).toEqual(screen.rows.slice(0, limit).map(pick));
    expect(chunks.slice(0, -1).every((n) => n === 7)).toBe(true);
    expect(chunks.length).toBe(Math.ceil(limit / 7));
  });
});
