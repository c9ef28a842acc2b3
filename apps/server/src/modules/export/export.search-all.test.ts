import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { VideoItem } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { readXlsx } from '../../../test/xlsx-read.js';
import { membershipServices } from '../membership/membership.services.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';
import { buildExportLists } from './export.registry.js';
import { ExportService } from './export.service.js';
import { exportDb } from './export.tables.js';

// 内容搜索 全部结果 (issue #28, item 3b): the 1,000 rows at most come from one search statement (at 1M videos the
// match of a common character reads most of the table, once per statement), never page by page, and they are
// exactly the screen's rows in the screen's order.
let t: TestApp;
let ent: TestMember;
let keyword = '';

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  ent = await createMember(t.ctx, { userType: 3 });
  const common = await sql<{ ch: string }>`
    SELECT substr(title, 1, 1) AS ch FROM videos WHERE status = 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`.execute(
    t.ctx.db,
  );
  keyword = common.rows[0]!.ch;
});
afterAll(async () => {
  await t.close();
});

/** Every row of the screen (/api/searchContent) for the parameters, page by page. */
async function screenRows(params: Record<string, string | number>): Promise<{ rows: VideoItem[]; total: number }> {
  const rows: VideoItem[] = [];
  let total = 0;
  for (let pageNo = 1; ; pageNo++) {
    const res = await t.call('GET', '/api/searchContent', { ...params, pageNo, pageSize: 50 }, { token: ent.token });
    const body = res.body as unknown as { code: number; total: number; videoInfos: VideoItem[] };
    expect(body.code).toBe(200);
    total = body.total;
    rows.push(...body.videoInfos);
    if (body.videoInfos.length < 50 || rows.length >= total) break;
  }
  return { rows, total };
}

describe('内容搜索 全部结果', () => {
  it.each([['play'], ['time']])(
    'sort %s: the file holds every row of the screen, in its order, read in one pass',
    async (sort) => {
      const screen = await screenRows({ keyword, sort });
      expect(screen.total).toBeGreaterThan(50);
      expect(screen.rows).toHaveLength(screen.total);

      const { membership, quotas, users } = membershipServices(t.ctx);
      const { lists, themes } = buildExportLists(t.ctx, membership);
      const noPages = {
        ...lists,
        searchContent: { ...lists.searchContent, page: () => Promise.reject(new Error('paged')) },
      };
      const service = new ExportService(exportDb(t.ctx.db), noPages, themes, membership, quotas, users, {
        inlineWaitMs: 60_000,
      });
      const outcome = await service.start(ent.id, 'searchContent', { keyword, sort, export: 'all' });
      expect(outcome.kind).toBe('file');
      if (outcome.kind !== 'file') return;
      const sheet = readXlsx(outcome.file.data)[0]!;
      // 标题 BV号 UP主 … (the video columns)
      expect(sheet.rows.slice(1).map((r) => [r[0]?.value, r[1]?.value])).toEqual(
        screen.rows.map((r) => [r.title, r.bvid]),
      );
    },
  );

  it('the first rows only (前100条) still come from the page read', async () => {
    const screen = await screenRows({ keyword });
    const res = await t.call('GET', '/api/export/searchContent', { keyword, export: 100 }, { token: ent.token });
    const file = readXlsx(res.raw.rawPayload)[0]!;
    expect(file.rows.slice(1).map((r) => r[1]?.value)).toEqual(
      screen.rows.slice(0, Math.min(100, screen.total)).map((r) => r.bvid),
    );
  });
});
