import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  ExportMsg,
  Msg,
  formatQuoteRange,
  type LinkKolItem,
  type LinkVideoItem,
  type MyLinkKolAnswer,
  type MyLinkVideoAnswer,
  type VideoDayDataAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { cellValues, linkKolRow, linkVideoRow, xlsxOf } from '../../../test/export-rows.js';
import type { XlsxSheet } from '../../../test/xlsx-read.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';

/**
 * Exports of the team's saved lists (myLinkKol, myLinkVideo; §7.6) and of the 30-day video report
 * (user/videoDataTendency; §7.3 blob, §2.6 trend toggle): each file is read back with fflate (test/xlsx-read.ts,
 * not exceljs, which writes them) and compared with the API's list for the same filters; a team only ever
 * exports its own list.
 */
let t: TestApp;
let ent: TestMember;
let sub: TestMember;
let rival: TestMember;
let pro: TestMember;
let kolIds: number[];
let videoIds: number[];
let groupId: number;
const RIVAL_GROUP = '对手机密组';

type Params = Record<string, string | number>;
const call = (m: TestMember, method: 'GET' | 'POST', path: string, params: Params = {}) =>
  t.call(method, path, params, { token: m.token });

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  ent = await createMember(t.ctx, { userType: 3 });
  sub = await createMember(t.ctx, { userType: 0, parentId: ent.id });
  rival = await createMember(t.ctx, { userType: 4 });
  pro = await createMember(t.ctx, { userType: 2 });
  const k = await sql<{ id: string }>`SELECT id FROM creators ORDER BY fans DESC, id LIMIT 40`.execute(t.ctx.db);
  kolIds = k.rows.map((r) => Number(r.id));
  const v = await sql<{ id: string }>`SELECT id FROM videos ORDER BY play DESC, id LIMIT 12`.execute(t.ctx.db);
  videoIds = v.rows.map((r) => Number(r.id));

  // the enterprise team: 25 saved creators (5 of them in a group, 3 monitored), 3 on the delivery list, 7 videos
  for (const kolId of kolIds.slice(0, 25)) {
    expect((await call(ent, 'POST', '/api/user/addLinkKol', { type: 1, kolId })).body.code).toBe(ApiCode.OK);
  }
  for (const kolId of kolIds.slice(0, 3)) await call(sub, 'POST', '/api/user/addLinkKol', { type: 4, kolId });
  const g = await call(ent, 'POST', '/api/user/addCustomizeSort', { type: 4, themeName: '重点跟进' });
  groupId = Number(g.body.id);
  for (const kolId of kolIds.slice(5, 10)) {
    await call(ent, 'POST', '/api/user/moveLinkKolGroup', { type: 1, kolId, groupId });
  }
  for (const kolId of [kolIds[5]!, kolIds[12]!, kolIds[20]!]) {
    await call(ent, 'GET', '/api/user/setOpenMonitor', { type: 1, kolId, isOpen: 1 });
  }
  for (const videoId of videoIds.slice(0, 7)) await call(sub, 'POST', '/api/user/addLinkVideo', { type: 1, videoId });

  // another team with lists of its own (other creators) and a secret group
  for (const kolId of kolIds.slice(30, 34)) await call(rival, 'POST', '/api/user/addLinkKol', { type: 1, kolId });
  const rg = await call(rival, 'POST', '/api/user/addCustomizeSort', { type: 4, themeName: RIVAL_GROUP });
  await call(rival, 'POST', '/api/user/moveLinkKolGroup', { type: 1, kolId: kolIds[30]!, groupId: Number(rg.body.id) });
  await call(rival, 'POST', '/api/user/addLinkVideo', { type: 1, videoId: videoIds[11]! });
});
afterAll(async () => {
  await t.close();
});

function noteOf(sheets: XlsxSheet[]): Map<unknown, unknown> {
  const note = sheets[1];
  expect(note?.name).toBe('说明');
  return new Map(note?.rows.map((r) => [r[0]?.value, r[1]?.value]));
}
const KOL_HEADERS = [
  'UP主',
  'UID',
  '分区',
  '分组',
  '粉丝数',
  '添加后涨粉',
  '30日涨粉',
  '云指数',
  '监测',
  '添加人',
  '添加时间',
  'MCN机构',
];
async function apiKols(m: TestMember, params: Params): Promise<LinkKolItem[]> {
  const body = (await call(m, 'GET', '/api/user/myLinkKol', { ...params, pageNo: 1, pageSize: 50 }))
    .body as unknown as MyLinkKolAnswer;
  expect(body.code).toBe(ApiCode.OK);
  return body.linkKols;
}

describe('myLinkKol export (saved creators, §7.6)', () => {
  it('writes the screen’s columns for each option and filter, equal to the list call’s rows', async () => {
    // [params of the screen, export fields, the slice of the API list the file holds]
    const cases: [Params, Params, [number, number]][] = [
      [{ type: 1 }, { pageNo: 1, pageSize: 20, export: 100, scope: 'first100' }, [0, 25]],
      [{ type: 1, sort: 'fans' }, { pageNo: 2, pageSize: 10, export: 10, scope: 'page' }, [10, 20]],
      [{ type: 1, groupId }, { export: 'all' }, [0, 5]],
      [{ type: 1, isMonitor: 1 }, { export: 'all' }, [0, 3]],
      [{ type: 4 }, { export: 'all' }, [0, 3]],
    ];
    for (const [screen, fields, [from, to]] of cases) {
      const api = (await apiKols(ent, screen)).slice(from, to);
      expect(api.length).toBe(to - from);
      const sheets = xlsxOf(await call(ent, 'GET', '/api/export/myLinkKol', { ...screen, ...fields }));
      const data = sheets[0]!;
      expect(cellValues(data.rows[0], KOL_HEADERS.length)).toEqual(KOL_HEADERS);
      expect(data.frozenRows).toBe(1);
      expect(data.rows.slice(1).map((r) => cellValues(r, KOL_HEADERS.length))).toEqual(api.map(linkKolRow));
      expect(data.rows[1]?.[4]?.type).toBe('n'); // 粉丝数 is a number
      expect(data.rows[1]?.[10]?.type).toBe('d'); // 添加时间 is a date
      const note = noteOf(sheets);
      expect(note.get('清单')).toBe(screen.type === 4 ? '投放清单' : '收藏');
      if (screen.groupId) expect(note.get('分组')).toBe('重点跟进');
      if (screen.isMonitor) expect(note.get('监测状态')).toBe('监测中');
    }
    // 导出记录 names each export by its own list: the 投放清单 one is not called UP主收藏 (issue #23)
    const records = (await call(ent, 'GET', '/api/export/records', { pageNo: 1, pageSize: 50 })).body as unknown as {
      records: { listTitle: string; fileName: string }[];
    };
    const titles = records.records.map((r) => r.listTitle);
    expect(titles).toContain('投放清单UP主');
    expect(titles).toContain('收藏UP主');
    expect(titles).not.toContain('UP主收藏');
  });

  it('a 投放清单 export adds the buyer columns: homepage, quote estimates, the team’s own prices and contacts (issue #23)', async () => {
    const [k0, k1] = kolIds as [number, number];
    const uid = async (id: number) =>
      Number(
        (await sql<{ uid: string }>`SELECT mid::text AS uid FROM creators WHERE id = ${id}`.execute(t.ctx.db)).rows[0]
          ?.uid,
      );
    const uid0 = await uid(k0);
    const addEntry = (team: string, contact: { wechat: string; phone: string }, price: number) =>
      sql`INSERT INTO library_entries (team_id, kol_uid, creator_id, main_index_url, wechat, phone, video_price, implantation_price)
          VALUES (${team}, ${uid0}, ${k0}, ${`https://space.bilibili.com/${uid0}`}, ${contact.wechat}, ${contact.phone}, ${price}, ${price / 2})`.execute(
        t.ctx.db,
      );
    await addEntry(ent.id, { wechat: 'ent_wx', phone: '13800000000' }, 30000);
    await addEntry(rival.id, { wechat: 'rival_secret_wx', phone: '' }, 99999);
    await call(rival, 'POST', '/api/user/addLinkKol', { type: 4, kolId: k0 });

    const sheet = xlsxOf(await call(ent, 'GET', '/api/export/myLinkKol', { type: 4, export: 'all' }))[0]!;
    const header = cellValues(sheet.rows[0], 40).filter((h) => h !== null);
    const BUYER = [
      '主页链接',
      '定制视频报价（估，元）',
      '定制视频报价区间（估）',
      '植入报价（估，元）',
      '团队记录视频报价（元）',
      '团队记录植入报价（元）',
      '联系方式',
    ];
    expect(header.slice(KOL_HEADERS.length)).toEqual(BUYER);
    const rows = sheet.rows.slice(1).map((r) => cellValues(r, header.length));
    const byUid = new Map(rows.map((r) => [r[1], r]));
    const m = (
      await sql<{ v: string | null; i: string | null }>`
        SELECT video_price AS v, implantation_price AS i FROM creator_metrics WHERE creator_id = ${k0}`.execute(
        t.ctx.db,
      )
    ).rows[0];
    const first = byUid.get(uid0)!;
    expect(first.slice(KOL_HEADERS.length)).toEqual([
      `https://space.bilibili.com/${uid0}`,
      m?.v === null || m?.v === undefined ? null : Number(m.v),
      m?.v === null || m?.v === undefined ? null : formatQuoteRange(Number(m.v)),
      m?.i === null || m?.i === undefined ? null : Number(m.i),
      30000,
      15000,
      '微信：ent_wx；手机：13800000000',
    ]);
    // a creator the team has no library record of: link and estimates only
    const other = byUid.get(await uid(k1))!;
    expect(other.slice(KOL_HEADERS.length + 4)).toEqual([null, null, null]);
    expect(JSON.stringify(rows)).not.toContain('rival_secret_wx');
    // the other team sees its own record of the same creator, never this team's
    const theirs = xlsxOf(await call(rival, 'GET', '/api/export/myLinkKol', { type: 4, export: 'all' }))[0]!;
    const theirRow = cellValues(theirs.rows[1], header.length);
    expect(theirRow.slice(KOL_HEADERS.length + 4)).toEqual([99999, 49999.5, '微信：rival_secret_wx']);
    // the saved list (收藏) keeps the screen's columns only
    const saved = xlsxOf(await call(ent, 'GET', '/api/export/myLinkKol', { type: 1, export: 'all' }))[0]!;
    expect(cellValues(saved.rows[0], 40).filter((h) => h !== null)).toEqual(KOL_HEADERS);
    // back as the tests below expect it: the other team's delivery list empty
    expect((await call(rival, 'GET', '/api/user/delLinkKol', { type: 4, kolId: k0 })).body.code).toBe(ApiCode.OK);
  });

  it('answers export=1 on GET /api/user/myLinkKol (blob variant) with the page the call names', async () => {
    const api = (await apiKols(ent, { type: 1 })).slice(10, 20);
    const res = await call(ent, 'GET', '/api/user/myLinkKol', { type: 1, pageNo: 2, pageSize: 10, export: 1 });
    expect(String(res.raw.headers['content-disposition'])).toMatch(/filename\*=UTF-8''.+_\d{14}\.xlsx/);
    expect(
      xlsxOf(res)[0]!
        .rows.slice(1)
        .map((r) => cellValues(r, KOL_HEADERS.length)),
    ).toEqual(api.map(linkKolRow));
  });

  it('a sub-account exports its team’s list; another team exports only its own, never this team’s', async () => {
    const parentFile = xlsxOf(await call(ent, 'GET', '/api/export/myLinkKol', { type: 1, export: 'all' }))[0]!;
    const subFile = xlsxOf(await call(sub, 'GET', '/api/export/myLinkKol', { type: 1, export: 'all' }))[0]!;
    expect(subFile.rows.map((r) => cellValues(r, 3).slice(0, 3))).toEqual(
      parentFile.rows.map((r) => cellValues(r, 3).slice(0, 3)),
    );

    const rivalSheets = xlsxOf(await call(rival, 'GET', '/api/export/myLinkKol', { type: 1, export: 'all' }));
    const rivalUids = rivalSheets[0]!.rows.slice(1).map((r) => r[1]?.value);
    const theirs = await apiKols(rival, { type: 1 });
    expect(rivalUids).toEqual(theirs.map((k) => k.kolUid));
    expect(rivalUids).toHaveLength(4);
    const entUids = new Set(parentFile.rows.slice(1).map((r) => r[1]?.value));
    expect(rivalUids.some((uid) => entUids.has(uid))).toBe(false);

    // this team's group id and its delivery list, asked for by the other team: nothing of this team's
    const byGroup = await call(rival, 'GET', '/api/export/myLinkKol', { type: 1, groupId, export: 'all' });
    expect(byGroup.body).toMatchObject({ code: ApiCode.FAIL, message: ExportMsg.empty });
    const put = await call(rival, 'GET', '/api/export/myLinkKol', { type: 4, export: 'all' });
    expect(put.body).toMatchObject({ code: ApiCode.FAIL, message: ExportMsg.empty });
    // and this team's file never names the other team's group
    expect(JSON.stringify(parentFile.rows)).not.toContain(RIVAL_GROUP);
  });

  it('is refused below 企业版 with the spec’s text, on both paths', async () => {
    await call(pro, 'POST', '/api/user/addLinkKol', { type: 1, kolId: kolIds[0]! });
    for (const [path, params] of [
      ['/api/export/myLinkKol', { type: 1, export: 100 }],
      ['/api/user/myLinkKol', { type: 1, export: 1 }],
    ] as const) {
      const res = await call(pro, 'GET', path, params);
      expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.exportBlocked });
    }
  });
});

describe('myLinkVideo export (saved videos, blob variant of §7.3)', () => {
  const HEADERS = ['标题', 'BV号', 'UP主', '分区', '发布时间', '时长（秒）', '播放数', '点赞数', '投币数', '收藏数'];
  const row = (v: LinkVideoItem) => linkVideoRow(v).slice(0, 10);
  it('writes the saved videos with the screen’s filters, the team’s only', async () => {
    for (const params of [
      { type: 1, sort: 'play' },
      { type: 1, sort: 'addTime' },
    ]) {
      const list = (await call(ent, 'GET', '/api/user/myLinkVideo', { ...params, pageSize: 50 }))
        .body as unknown as MyLinkVideoAnswer;
      expect(list.linkVideos).toHaveLength(7);
      const sheets = xlsxOf(await call(ent, 'GET', '/api/user/myLinkVideo', { ...params, pageSize: 50, export: 1 }));
      const data = sheets[0]!;
      expect(cellValues(data.rows[0], 17)).toEqual([
        ...HEADERS,
        '评论数',
        '弹幕数',
        '分享数',
        '视频链接',
        '添加后播放',
        '添加人',
        '添加时间',
      ]);
      expect(data.rows.slice(1).map((r) => cellValues(r, 10).slice(0, 10))).toEqual(list.linkVideos.map(row));
      expect(data.rows.slice(1).map((r) => r[14]?.value)).toEqual(list.linkVideos.map((v) => v.playSinceAdd));
      expect(noteOf(sheets).get('排序')).toBe(params.sort === 'play' ? '播放数' : '最近添加');
    }
    const rivalFile = xlsxOf(await call(rival, 'GET', '/api/export/myLinkVideo', { type: 1, export: 'all' }))[0]!;
    expect(rivalFile.rows).toHaveLength(2);
    const theirs = await sql<{ bvid: string }>`SELECT bvid FROM videos WHERE id = ${videoIds[11]!}`.execute(t.ctx.db);
    expect(rivalFile.rows[1]?.[1]?.value).toBe(theirs.rows[0]?.bvid);
  });
});

describe('videoDataTendency export (the 30-day video report, §7.3 blob; §2.6 toggle 0 增量 / 1 总量)', () => {
  it('writes the daily totals and increments the report shows, for each toggle', async () => {
    const v = await sql<{ id: string }>`
      SELECT video_id AS id FROM video_daily GROUP BY video_id HAVING count(*) >= 20
      ORDER BY count(*) DESC, max(play) - min(play) DESC, video_id
      LIMIT 1`.execute(t.ctx.db);
    const id = v.rows[0]?.id;
    expect(id).toBeDefined();
    const report = (await call(ent, 'GET', '/api/videoDayData', { id: id!, dayNum: 30 }))
      .body as unknown as VideoDayDataAnswer;
    expect(report.videoDayData.length).toBeGreaterThan(10);
    const inc = new Map(report.videoDayIncreaseData.map((d) => [d.dataDate, d]));

    // both (no type): 日期, then 总量 and 增量 of each figure
    const both = xlsxOf(await call(ent, 'GET', '/api/user/videoDataTendency', { id: id!, dayNum: 30, export: 1 }));
    const header = cellValues(both[0]!.rows[0], 15);
    expect(header.slice(0, 5)).toEqual(['日期', '播放总量', '播放增量', '点赞总量', '点赞增量']);
    expect(header).toHaveLength(15);
    expect(both[0]!.rows.slice(1).map((r) => cellValues(r, 5).slice(0, 5))).toEqual(
      report.videoDayData.map((d) => [
        `${d.dataDate} 00:00`,
        d.playNum,
        inc.get(d.dataDate)?.playNum ?? null,
        d.praiseNum,
        inc.get(d.dataDate)?.praiseNum ?? null,
      ]),
    );
    const note = noteOf(both);
    expect(note.get('视频')).toBe(report.videoInfo.title);
    expect(note.get('时间范围')).toBe('近30天');
    expect(String(note.get('数据时间'))).toContain(report.videoDayData[0]!.dataDate);

    // 1 总量 only, through /api/export; 0 增量 only: the increment days
    const totals = xlsxOf(
      await call(ent, 'GET', '/api/export/videoDataTendency', { id: id!, dayNum: 30, type: 1, export: 'all' }),
    )[0]!;
    expect(cellValues(totals.rows[0], 8)).toEqual([
      '日期',
      '播放总量',
      '点赞总量',
      '投币总量',
      '收藏总量',
      '评论总量',
      '弹幕总量',
      '分享总量',
    ]);
    expect(totals.rows.slice(1).map((r) => r[7]?.value)).toEqual(report.videoDayData.map((d) => d.shareNum));
    const increments = xlsxOf(
      await call(ent, 'GET', '/api/user/videoDataTendency', { id: id!, dayNum: 30, type: 0, export: 1 }),
    )[0]!;
    expect(increments.rows.slice(1).map((r) => cellValues(r, 2).slice(0, 2))).toEqual(
      report.videoDayIncreaseData.map((d) => [`${d.dataDate} 00:00`, d.playNum]),
    );

    // without export=1 the call answers the report itself; a bad toggle is refused
    const json = await call(ent, 'GET', '/api/user/videoDataTendency', { id: id!, dayNum: 30 });
    expect(json.body).toMatchObject({ code: ApiCode.OK, dayNum: 30 });
    const bad = await call(ent, 'GET', '/api/user/videoDataTendency', { id: id!, type: 2, export: 1 });
    expect(bad.body.code).toBe(ApiCode.FAIL);
    // below 企业版 the export is refused (the report itself is 专业版)
    const refused = await call(pro, 'GET', '/api/user/videoDataTendency', { id: id!, export: 1 });
    expect(refused.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.exportBlocked });
  });
});
