import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ApiCode,
  DiscoveryMsg,
  ExportMsg,
  Msg,
  exportQuotaShortMessage,
  type CompanyRankingAnswer,
  type ExportLinkAnswer,
  type ExportRecordsAnswer,
  type ExportStatusAnswer,
  type HotVideoAnswer,
  type KolItem,
  type RankingAnswer,
  type VideoItem,
} from '@xg/shared';
import { createTestApp, type CallResult, type TestApp } from '../../../test/harness.js';
import { readXlsx, type XlsxCell, type XlsxSheet } from '../../../test/xlsx-read.js';
import { insertRankings, topCreatorIds, type RankingRowSpec } from '../creators/discovery-fixtures.js';
import { membershipServices } from '../membership/membership.services.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';
import { buildExportLists } from './export.registry.js';
import { ExportService } from './export.service.js';
import { exportDb } from './export.tables.js';

let t: TestApp;
let ent: TestMember;
let sub: TestMember;
let other: TestMember;
let pro: TestMember;
let free: TestMember;

// after anything the demo world's rollup writes, so these lists are the newest
const DAY = '2099-05-31';
const FANS_ROWS = 150;
const ENT_TOTAL = 5000; // QUOTA_DEFAULTS.export[3]

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  ent = await createMember(t.ctx, { userType: 3 });
  sub = await createMember(t.ctx, { userType: 0, parentId: ent.id });
  other = await createMember(t.ctx, { userType: 4 });
  pro = await createMember(t.ctx, { userType: 2 });
  free = await createMember(t.ctx, { userType: 0 });
  const creators = await topCreatorIds(t.ctx.db, FANS_ROWS);
  const mcns = (await t.ctx.db.selectFrom('mcns').select('id').orderBy('id').limit(3).execute()).map((r) => r.id);
  const rows: RankingRowSpec[] = creators.map((id, i) => ({
    kind: 'fans',
    period: 'day',
    day: DAY,
    rank: i + 1,
    creatorId: id,
    value: 9_000_000 - i * 1000,
    delta: 500 - i,
  }));
  creators.slice(0, 30).forEach((id, i) => {
    rows.push({
      kind: 'business',
      period: 'week',
      day: DAY,
      rank: i + 1,
      creatorId: id,
      value: 80_000 - i * 7,
      delta: 12,
    });
    rows.push({ kind: 'increase', period: 'day', day: DAY, rank: i + 1, creatorId: id, value: 4000 - i, delta: -3 });
  });
  mcns.forEach((id, i) =>
    rows.push({
      kind: 'company',
      period: 'day',
      day: DAY,
      rank: i + 1,
      mcnId: id,
      value: 700 - i,
      creatorCount: 9 - i,
    }),
  );
  await insertRankings(t.ctx.db, rows);
});
afterAll(async () => {
  await t.close();
});

type Params = Record<string, string | number>;

async function get<T>(path: string, params: Params, member: TestMember = ent) {
  const res = await t.call('GET', path, params, { token: member.token });
  return res.body as unknown as T & { code: number; message: string };
}

async function residue(member: TestMember = ent): Promise<number> {
  const body = await get<{ data: { residueCount: number } }>('/api/usage/excelResidueCount', { type: 1 }, member);
  return body.data.residueCount;
}

function fileOf(res: CallResult): XlsxSheet[] {
  expect(res.status).toBe(200);
  expect(res.raw.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return readXlsx(res.raw.rawPayload);
}

/** A row's values, padded with null to `width` (a writer leaves trailing empty cells out). */
function values(row: XlsxCell[] | undefined, width = 0): (string | number | null)[] {
  const out = (row ?? []).map((c) => c.value);
  while (out.length < width) out.push(null);
  return out;
}

/** The API's list rows for the same filters, page by page. */
async function rankingRows(params: Params, count: number): Promise<RankingAnswer['rankings']> {
  const out: RankingAnswer['rankings'] = [];
  for (let pageNo = 1; out.length < count; pageNo++) {
    const body = await get<RankingAnswer>('/api/ranking', { ...params, pageNo, pageSize: 50 });
    expect(body.code).toBe(200);
    if (body.rankings.length === 0) break;
    out.push(...body.rankings);
  }
  return out.slice(0, count);
}

const FANS = { kind: 'fans', period: 'day', date: DAY };
const FANS_HEADERS = ['排名', 'UP主', 'UID', '分区', '粉丝数', '涨粉', '云指数', 'MCN机构'];

function expectFansRow(cells: XlsxCell[] | undefined, row: RankingAnswer['rankings'][number]) {
  expect(values(cells, FANS_HEADERS.length)).toEqual([
    row.rank,
    row.kolName,
    row.kolUid,
    row.themeName,
    row.value,
    row.delta,
    row.indexNum,
    row.mcnName,
  ]);
  expect(cells?.[0]?.type).toBe('n'); // numbers are numbers, not text
  expect(cells?.[4]?.type).toBe('n');
}

describe('gate (spec §6: below userType 3)', () => {
  it('shows 导出记录 in the menu of the tiers that have export only (a sub-account by its parent)', async () => {
    const paths = async (member: TestMember) => {
      const body = await get<{ menus: { path: string; children?: { path: string }[] }[] }>('/api/getMenu', {}, member);
      return JSON.stringify(body.menus);
    };
    expect(await paths(ent)).toContain('/exportRecords');
    expect(await paths(sub)).toContain('/exportRecords');
    expect(await paths(pro)).not.toContain('/exportRecords');
  });

  it.each([
    ['pro', 2],
    ['free', 0],
  ])('refuses %s (userType %i) with the spec text, on the export path and on the list call', async (who) => {
    const member = who === 'pro' ? pro : free;
    for (const [path, params] of [
      ['/api/export/fansRanking', { ...FANS, export: 100 }],
      ['/api/ranking', { ...FANS, export: 1 }],
    ] as const) {
      const res = await t.call('GET', path, params, { token: member.token });
      expect(res.raw.headers['content-type']).toMatch(/json/);
      expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.exportBlocked, feature: 'export.excel' });
    }
    expect(await residue(member)).toBe(0);
  });

  it('lets a sub-account of an enterprise team export on the team quota', async () => {
    const before = await residue(ent);
    const res = await t.call('GET', '/api/export/fansRanking', { ...FANS, export: 3 }, { token: sub.token });
    expect(fileOf(res)[0]?.rows).toHaveLength(1 + 3);
    expect(await residue(ent)).toBe(before - 3);
    expect(await residue(sub)).toBe(before - 3);
  });
});

describe('options (§7.6: current page, first 100, all) read back and compared with the list', () => {
  it('spends the rows of each produced file (hand-computed table)', async () => {
    const start = await residue(ent);
    // [path, params, rows in the file, first rank]
    const table: [string, Params, number, number][] = [
      ['/api/export/fansRanking', { ...FANS, pageNo: 1, pageSize: 20, export: 100, exportName: '粉丝榜' }, 100, 1],
      ['/api/export/fansRanking', { ...FANS, pageNo: 3, pageSize: 20, export: 20, scope: 'page' }, 20, 41],
      ['/api/export/fansRanking', { ...FANS, pageNo: 2, pageSize: 20, export: 'all' }, 150, 1],
      ['/api/ranking', { ...FANS, pageNo: 2, pageSize: 20, export: 1 }, 20, 21],
    ];
    const api = await rankingRows(FANS, FANS_ROWS);
    let spent = 0;
    for (const [path, params, rows, firstRank] of table) {
      const res = await t.call('GET', path, params, { token: ent.token });
      const [data, note] = fileOf(res);
      expect(data?.rows).toHaveLength(1 + rows);
      expect(values(data?.rows[0])).toEqual(FANS_HEADERS);
      expect(data?.frozenRows).toBe(1);
      expect(data?.widths.every((w) => w >= 8)).toBe(true);
      for (let i = 0; i < rows; i++) expectFansRow(data?.rows[i + 1], api[firstRank - 1 + i]!);
      expect(note?.name).toBe('说明');
      const noteMap = new Map(note?.rows.map((r) => [r[0]?.value, r[1]?.value]));
      expect(noteMap.get('榜单')).toBe('粉丝榜');
      expect(noteMap.get('日期')).toBe(DAY);
      expect(noteMap.get('数据时间')).toBe(`榜单周期 ${DAY}`);
      expect(noteMap.get('行数')).toBe(String(rows));
      spent += rows;
      expect(await residue(ent)).toBe(start - spent);
    }
    expect(spent).toBe(100 + 20 + 150 + 20);
  });

  it('names the file name_YYYYMMDDHHmmss.xlsx in Asia/Shanghai', async () => {
    const res = await t.call(
      'GET',
      '/api/export/fansRanking',
      { ...FANS, export: 1, exportName: '我的榜单' },
      { token: ent.token },
    );
    const disposition = String(res.raw.headers['content-disposition']);
    const name = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '');
    expect(name).toMatch(/^我的榜单_\d{14}\.xlsx$/);
    const stamp = name.slice(5, 19);
    const shanghaiNow = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 12);
    expect(stamp.slice(0, 10)).toBe(shanghaiNow.slice(0, 10));
  });

  it('answers bad export fields and empty lists with a message and spends nothing', async () => {
    const before = await residue(ent);
    const cases: [Params, string][] = [
      [{ ...FANS, export: 0 }, ExportMsg.countInvalid],
      [{ ...FANS, export: 'x' }, ExportMsg.countInvalid],
      [{ ...FANS, export: 5, exportName: 'a/b' }, ExportMsg.nameInvalid],
      [{ ...FANS, date: '2099-06-30', export: 5 }, DiscoveryMsg.rankingDateMissing],
      [{ ...FANS, pageNo: 9, pageSize: 20, export: 20 }, ExportMsg.empty],
    ];
    for (const [params, message] of cases) {
      const body = await get('/api/export/fansRanking', params);
      expect(body.code).toBe(ApiCode.FAIL);
      expect(body.message).toContain(message.slice(0, 4));
    }
    expect((await get('/api/export/nope', { export: 5 })).message).toBe(ExportMsg.listUnknown);
    expect(await residue(ent)).toBe(before);
  });
});

describe('every export path', () => {
  it('writes the list of each path with the screen columns', async () => {
    const video = await t.ctx.db
      .selectFrom('videos')
      .select('title')
      .where('status', '=', 0)
      .orderBy('play', 'desc')
      .executeTakeFirstOrThrow();
    const keyword = Array.from(video.title).slice(0, 2).join('');
    const creator = await t.ctx.db
      .selectFrom('creators')
      .select('name')
      .orderBy('fans', 'desc')
      .executeTakeFirstOrThrow();

    // rankings of the other kinds
    const business = await get<RankingAnswer>('/api/ranking', {
      kind: 'business',
      period: 'week',
      date: DAY,
      pageSize: 50,
    });
    const bizFile = fileOf(
      await t.call(
        'GET',
        '/api/export/businessRanking',
        { period: 'week', date: DAY, export: 'all' },
        { token: ent.token },
      ),
    );
    expect(values(bizFile[0]?.rows[0])).toEqual([
      '排名',
      'UP主',
      'UID',
      '分区',
      '视频报价',
      '较上期',
      '粉丝数',
      '云指数',
      'MCN机构',
    ]);
    expect(bizFile[0]?.rows).toHaveLength(1 + 30);
    expect(bizFile[0]?.rows[1]?.[4]).toMatchObject({
      value: business.rankings[0]?.value,
      type: 'n',
      numFmt: '#,##0.00',
    });

    const incFile = fileOf(
      await t.call(
        'GET',
        '/api/ranking',
        { kind: 'increase', period: 'day', date: DAY, pageSize: 10, export: 1 },
        { token: ent.token },
      ),
    );
    expect(values(incFile[0]?.rows[0]).slice(4, 6)).toEqual(['涨粉数', '较上期']);
    expect(incFile[0]?.rows).toHaveLength(11);

    const company = await get<CompanyRankingAnswer>('/api/companyRanking', { period: 'day', date: DAY });
    const compFile = fileOf(
      await t.call(
        'GET',
        '/api/export/companyRanking',
        { period: 'day', date: DAY, export: 100 },
        { token: ent.token },
      ),
    );
    expect(compFile[0]?.rows.slice(1).map(values)).toEqual(
      company.rankings.map((r) => [r.rank, r.mcnName, r.kolNum, r.value, r.delta ?? null]),
    );

    // searches and the hot list: the first page of the API against the file's first rows
    const checks: [string, string, Params, (body: Record<string, unknown>) => (string | number | null)[][], number][] =
      [
        [
          '/api/searchContent',
          '/api/export/searchContent',
          { keyword },
          (b) => (b.videoInfos as VideoItem[]).map((v) => [v.title, v.bvid, v.kolName, v.playNum]),
          0,
        ],
        [
          // the video libraries' own search (issue #26): /api/searchVideo, newest first
          '/api/searchVideo',
          '/api/export/searchVideo',
          { keyword, sort: 'time' },
          (b) => (b.videoInfos as VideoItem[]).map((v) => [v.title, v.bvid, v.kolName, v.playNum]),
          0,
        ],
        [
          '/api/hotVideo',
          '/api/export/moldbabyVideo',
          { days: 7 },
          (b) => (b.videoInfos as HotVideoAnswer['videoInfos']).map((v) => [v.rank, v.hotScore, v.title, v.bvid]),
          -1,
        ],
        [
          '/api/searchKol',
          '/api/export/searchKol',
          { keyword: creator.name },
          (b) => (b.kolInfos as KolItem[]).map((k) => [k.kolName, k.kolUid, k.themeName, k.platformLevel]),
          -2,
        ],
      ];
    for (const [listPath, exportPath, params, pick, shape] of checks) {
      const list = await get<Record<string, unknown> & { total: number }>(listPath, { ...params, pageSize: 50 });
      expect(list.code).toBe(200);
      const expected = pick(list);
      expect(expected.length).toBeGreaterThan(0);
      const sheet = fileOf(await t.call('GET', exportPath, { ...params, export: 100 }, { token: ent.token }))[0];
      expect(sheet?.rows.length).toBe(1 + Math.min(100, list.total));
      const got = sheet!.rows.slice(1, 1 + expected.length).map((r) => {
        const v = values(r);
        if (shape === 0) return [v[0], v[1], v[2], v[6]] as (string | number | null)[];
        if (shape === -1) return [v[0], v[1], v[2], v[3]] as (string | number | null)[];
        return [v[0], v[1], v[2], v[3]] as (string | number | null)[];
      });
      expect(got).toEqual(expected);
      if (shape === 0) {
        // 发布时间 is a real date, shown in Asia/Shanghai
        const first = (list.videoInfos as VideoItem[])[0]!;
        const wall = new Date(Date.parse(first.publishTime) + 8 * 3600_000)
          .toISOString()
          .slice(0, 16)
          .replace('T', ' ');
        expect(sheet!.rows[1]?.[4]).toMatchObject({ type: 'd', value: wall });
      }
    }
  });
});

describe('quota', () => {
  it('at 1 remaining, 50 parallel exports make exactly one file', async () => {
    const team = await createMember(t.ctx, { userType: 3 });
    const { quotas } = membershipServices(t.ctx);
    expect((await quotas.spendQuota(team.id, 'export', ENT_TOTAL - 1)).ok).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call('GET', '/api/export/fansRanking', { ...FANS, export: 1 }, { token: team.token }),
      ),
    );
    const files = results.filter((r) => r.raw.headers['content-type']?.toString().includes('spreadsheet'));
    const refused = results.filter((r) => r.body.code === ApiCode.WARN);
    expect(files).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.body.message).toBe(ExportMsg.quotaUsed);
    expect(await residue(team)).toBe(0);
    const rows = await exportDb(t.ctx.db)
      .selectFrom('exports')
      .select('state')
      .where('owner_id', '=', team.id)
      .execute();
    expect(rows).toEqual([{ state: 'done' }]);
  });

  it('refuses more rows than are left with the rows left, and spends nothing', async () => {
    const team = await createMember(t.ctx, { userType: 3 });
    await membershipServices(t.ctx).quotas.spendQuota(team.id, 'export', ENT_TOTAL - 50);
    const body = await get('/api/export/fansRanking', { ...FANS, export: 100 }, team);
    expect(body).toMatchObject({ code: ApiCode.WARN, message: exportQuotaShortMessage(50, 100) });
    expect(await residue(team)).toBe(50);
    // the list has fewer rows than asked: only those count
    const res = await t.call(
      'GET',
      '/api/export/businessRanking',
      { period: 'week', date: DAY, export: 'all' },
      {
        token: team.token,
      },
    );
    expect(fileOf(res)[0]?.rows).toHaveLength(31);
    expect(await residue(team)).toBe(20);
  });

  it('gives the quota back when the file cannot be made', async () => {
    const team = await createMember(t.ctx, { userType: 3 });
    await sql`ALTER TABLE export_files ADD CONSTRAINT test_refuse CHECK (octet_length(data) < 0) NOT VALID`.execute(
      t.ctx.db,
    );
    try {
      const body = await get('/api/export/fansRanking', { ...FANS, export: 100 }, team);
      expect(body).toMatchObject({ code: ApiCode.FAIL, message: ExportMsg.failed });
    } finally {
      await sql`ALTER TABLE export_files DROP CONSTRAINT test_refuse`.execute(t.ctx.db);
    }
    expect(await residue(team)).toBe(ENT_TOTAL);
    const records = await get<ExportRecordsAnswer>('/api/export/records', {}, team);
    expect(records.records).toMatchObject([{ state: 'failed', error: ExportMsg.failed, rowsTotal: 100 }]);
  });

  it('counts per Asia/Shanghai month (hand-computed table)', async () => {
    const team = await createMember(t.ctx, { userType: 4, maturityDays: null });
    const { quotas } = membershipServices(t.ctx);
    // [when (UTC), rows spent then, remaining that month after it]
    const table: [string, number, number][] = [
      ['2099-10-31T15:59:59Z', 300, 20000 - 300], // 23:59:59 on Oct 31 in Shanghai
      ['2099-10-31T16:00:00Z', 100, 20000 - 100], // 00:00 on Nov 1 in Shanghai: a new month
      ['2099-11-30T15:00:00Z', 50, 20000 - 150], // still November in Shanghai
      ['2099-11-30T16:00:00Z', 7, 20000 - 7], // December 1 in Shanghai
    ];
    for (const [when, n, left] of table) {
      const r = await quotas.spendQuota(team.id, 'export', n, new Date(when));
      expect(r.ok).toBe(true);
      expect(r.status.remainCount).toBe(left);
    }
  });
});

describe('background exports and the download centre (导出记录)', () => {
  it('makes a long export in the background with progress, then a time-limited link for the team only', async () => {
    const { membership, quotas, users } = membershipServices(t.ctx);
    const { lists, themes } = buildExportLists(t.ctx, membership);
    const service = new ExportService(exportDb(t.ctx.db), lists, themes, membership, quotas, users, {
      inlineWaitMs: 0,
    });
    const outcome = await service.start(ent.id, 'fansRanking', { ...FANS, export: 'all' });
    expect(outcome.kind).toBe('started');
    const id = outcome.kind === 'started' ? outcome.record.id : 0;
    if (outcome.kind === 'started') expect(outcome.record).toMatchObject({ state: 'running', rowsTotal: FANS_ROWS });
    await service.idle();

    const status = await get<ExportStatusAnswer>('/api/export/status', { id }, sub);
    expect(status.record).toMatchObject({ state: 'done', rowsDone: FANS_ROWS, rowsTotal: FANS_ROWS, scope: 'all' });
    expect(status.record.sizeBytes).toBeGreaterThan(1000);
    const records = await get<ExportRecordsAnswer>('/api/export/records', { pageSize: 50 }, sub);
    expect(records.records.map((r) => r.id)).toContain(id);
    expect(records.records.every((r) => r.fileName.endsWith('.xlsx'))).toBe(true);

    // another team: no status, no link, no listing
    expect((await get('/api/export/status', { id }, other)).message).toBe(ExportMsg.notFound);
    expect((await get('/api/export/link', { id }, other)).message).toBe(ExportMsg.notFound);
    expect((await get<ExportRecordsAnswer>('/api/export/records', {}, other)).records.map((r) => r.id)).not.toContain(
      id,
    );

    const link = await get<ExportLinkAnswer>('/api/export/link', { id }, sub);
    expect(link.code).toBe(200);
    const file = await t.call(
      'GET',
      link.url.split('?')[0]!,
      Object.fromEntries(new URL(link.url, 'http://x').searchParams),
      {
        unsigned: true,
      },
    );
    const sheet = fileOf(file)[0];
    expect(sheet?.rows).toHaveLength(1 + FANS_ROWS);
    const api = await rankingRows(FANS, FANS_ROWS);
    expectFansRow(sheet?.rows[FANS_ROWS], api[FANS_ROWS - 1]!);

    const token = new URL(link.url, 'http://x').searchParams.get('token') ?? '';
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await t.call('GET', '/api/export/file', { id, token: forged }, { unsigned: true });
    expect(bad.body).toMatchObject({ code: ApiCode.FAIL, message: ExportMsg.linkExpired });
    await exportDb(t.ctx.db)
      .updateTable('exports')
      .set({ link_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', String(id))
      .execute();
    const expired = await t.call('GET', '/api/export/file', { id, token }, { unsigned: true });
    expect(expired.body).toMatchObject({ code: ApiCode.FAIL, message: ExportMsg.linkExpired });
  });

  it('fails and refunds an export whose process stopped (no heartbeat)', async () => {
    const team = await createMember(t.ctx, { userType: 3 });
    const { quotas } = membershipServices(t.ctx);
    await quotas.spendQuota(team.id, 'export', 40);
    const old = new Date(Date.now() - 10 * 60_000);
    await exportDb(t.ctx.db)
      .insertInto('exports')
      .values({
        owner_id: team.id,
        user_id: team.id,
        list: 'fansRanking',
        scope: 'all',
        params: '{}',
        file_name: '粉丝榜_20990101000000.xlsx',
        rows_total: 40,
        quota_rows: 40,
        size_bytes: null,
        error: null,
        link_hash: null,
        link_expires_at: null,
        finished_at: null,
        created_at: old,
        updated_at: old,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const records = await get<ExportRecordsAnswer>('/api/export/records', {}, team);
    expect(records.records).toMatchObject([{ state: 'failed', rowsTotal: 40 }]);
    expect(await residue(team)).toBe(ENT_TOTAL);
  });

  it('deletes exports past their retention with their files', async () => {
    const db = exportDb(t.ctx.db);
    const row = await db
      .selectFrom('exports')
      .select('id')
      .where('owner_id', '=', ent.id)
      .where('state', '=', 'done')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    const records = await get<ExportRecordsAnswer>('/api/export/records', { pageSize: 50 }, other);
    expect(records.records.map((r) => r.id)).not.toContain(Number(row.id));
    expect(await db.selectFrom('export_files').select('export_id').where('export_id', '=', row.id).execute()).toEqual(
      [],
    );
    expect((await get('/api/export/link', { id: Number(row.id) })).message).toBe(ExportMsg.notFound);
  });
});
