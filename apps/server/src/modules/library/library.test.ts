import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  LIST_LIMITS,
  LibraryMsg,
  Msg,
  type CheckKolAnswer,
  type EredarEntry,
  type EredarListAnswer,
  type ImportEredarAnswer,
  type PriceChange,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';

let t: TestApp;
const creators: { id: number; mid: number; name: string }[] = [];
/** a UID no creator has (manual entries) */
const UNKNOWN_MID = 987_654_321_012;

beforeAll(async () => {
  t = await createTestApp();
  const r = await sql<{ id: string; mid: string; name: string }>`
    SELECT id, mid, name FROM creators ORDER BY fans DESC LIMIT 8`.execute(t.ctx.db);
  creators.push(...r.rows.map((x) => ({ id: Number(x.id), mid: Number(x.mid), name: x.name })));
});
afterAll(async () => {
  await t.close();
});

const c = (i: number) => creators[i] ?? { id: 0, mid: 0, name: '' };
const link = (mid: number) => `https://space.bilibili.com/${mid}`;
const call = (m: TestMember, method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}) =>
  t.call(method, path, params, { token: m.token });
const check = async (m: TestMember, params: Record<string, string | number>) =>
  (await call(m, 'GET', '/api/checkKolByUrlOrUid', params)).body as unknown as CheckKolAnswer;
const save = (m: TestMember, params: Record<string, string | number>) => call(m, 'POST', '/api/saveEredar', params);
const get = async (m: TestMember, id: number) =>
  (await call(m, 'GET', '/api/getEredar', { id })).body as unknown as {
    code: number;
    eredar: EredarEntry;
    priceHistory: PriceChange[];
  };
const list = async (m: TestMember, params: Record<string, string | number> = {}) =>
  (await call(m, 'GET', '/api/eredarResourcesList', { pageSize: 50, ...params })).body as unknown as EredarListAnswer;

describe('influencer check (checkKolByUrlOrUid) — every isExists of §4', () => {
  it('−1 bad link, 1 unknown id, 0 manual, 2 found, −2 and −3 already in the library', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    expect(await check(m, { url: 'https://example.com/u/1' })).toMatchObject({
      code: ApiCode.OK,
      isExists: -1,
      message: LibraryMsg.linkInvalid,
    });
    expect(await check(m, { kolUid: String(UNKNOWN_MID) })).toMatchObject({
      isExists: 1,
      message: LibraryMsg.uidUnknown,
    });
    expect(await check(m, { url: link(UNKNOWN_MID) })).toMatchObject({
      isExists: 0,
      message: LibraryMsg.manualConfirm,
      kolUid: UNKNOWN_MID,
    });
    const found = await check(m, { kolUid: String(c(0).mid) });
    expect(found).toMatchObject({ isExists: 2, kolInfo: { kolId: c(0).id, nickname: c(0).name } });
    expect((await check(m, { url: `space.bilibili.com/${c(0).mid}?spm=1` })).isExists).toBe(2);

    const added = await save(m, { kolUid: String(c(0).mid), implantationPrice: 5000 });
    expect(added.body).toMatchObject({ code: ApiCode.OK, message: LibraryMsg.added, id: expect.any(Number) });
    expect(await check(m, { kolUid: String(c(0).mid) })).toMatchObject({
      isExists: -2,
      id: added.body.id,
      message: LibraryMsg.inLibrary,
    });
    const manual = await save(m, { mainIndexUrl: link(UNKNOWN_MID), nickname: '手动达人', fansNum: 1200 });
    expect(manual.body.code).toBe(ApiCode.OK);
    expect(await check(m, { url: link(UNKNOWN_MID) })).toMatchObject({ isExists: -3, id: manual.body.id });

    expect((await call(m, 'GET', '/api/checkKolByUrlOrUid', {})).body).toMatchObject({
      code: ApiCode.FAIL,
      message: LibraryMsg.linkOrIdRequired,
    });
  });
});

describe('add and edit (saveEredar / updateEredar / getEredar)', () => {
  it('adds by link with the §3 fields, default launch level 3, live numbers of a tracked creator', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const r = await save(m, {
      mainIndexUrl: link(c(1).mid),
      diyThemeName: '美妆 护肤  测评',
      auctionCalendar: '12月可排',
      wechat: 'wx-abc',
      phone: '13800000000',
      qq: '12345',
      email: 'a@b.cn',
      organization: '某MCN',
      remark: '合作愉快',
      isEnter: 1,
      contactWay: '微信优先',
      normalPrice: '1000.50',
      videoPrice: 8000,
      implantationPrice: 6000,
      specialPrice: '',
      launchCount: 2,
    });
    expect(r.body).toMatchObject({ code: ApiCode.OK, message: LibraryMsg.added });
    const { eredar } = await get(m, Number(r.body.id));
    const fans = await sql<{ fans: string }>`SELECT fans FROM creators WHERE id = ${c(1).id}`.execute(t.ctx.db);
    expect(eredar).toMatchObject({
      kolUid: c(1).mid,
      kolId: c(1).id,
      nickname: c(1).name,
      fansNum: Number(fans.rows[0]?.fans),
      diyThemeName: '美妆 护肤 测评',
      auctionCalendar: '12月可排',
      launchLevel: 3,
      launchCount: 2,
      normalPrice: 1000.5,
      videoPrice: 8000,
      implantationPrice: 6000,
      specialPrice: null,
      isEnter: 1,
      tId: 0,
      groupName: '未分组',
      updateImplantationPriceTem: null,
    });
  });

  it('refuses bad input with the §5 messages and writes nothing', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const cases: [Record<string, string | number>, string][] = [
      [{}, LibraryMsg.linkOrIdRequired],
      [{ mainIndexUrl: 'not a link at all' }, LibraryMsg.linkInvalid],
      [{ kolUid: String(UNKNOWN_MID) }, LibraryMsg.uidUnknown],
      [{ mainIndexUrl: link(UNKNOWN_MID) }, LibraryMsg.nicknameRequired],
      [{ kolUid: String(c(2).mid), diyThemeName: '一 二 三 四' }, LibraryMsg.diyThemeInvalid],
      [{ kolUid: String(c(2).mid), diyThemeName: '六个字的分类' }, LibraryMsg.diyThemeInvalid],
      [{ kolUid: String(c(2).mid), auctionCalendar: '八个字的档期情况' }, LibraryMsg.auctionCalendarTooLong],
      [{ kolUid: String(c(2).mid), launchLevel: 6 }, LibraryMsg.launchLevelInvalid],
      [{ kolUid: String(c(2).mid), launchCount: -1 }, LibraryMsg.launchCountInvalid],
      [{ kolUid: String(c(2).mid), implantationPrice: -5 }, LibraryMsg.priceInvalid],
      [{ kolUid: String(c(2).mid), implantationPrice: 100_000_000 }, LibraryMsg.priceInvalid],
      [{ kolUid: String(c(2).mid), tId: 999_999 }, LibraryMsg.groupMissing],
    ];
    for (const [params, message] of cases) {
      expect((await save(m, params)).body, JSON.stringify(params)).toMatchObject({ code: ApiCode.FAIL, message });
    }
    expect((await list(m)).total).toBe(0);
  });

  it('edit: link and id locked, group fixed, each price change kept in the history', async () => {
    const m = await createMember(t.ctx, { userType: 3 });
    const g = await call(m, 'POST', '/api/user/addCustomizeSort', { themeName: '游戏' });
    const id = Number(
      (await save(m, { kolUid: String(c(3).mid), implantationPrice: 3000, tId: Number(g.body.id) })).body.id,
    );
    expect((await get(m, id)).eredar).toMatchObject({ tId: Number(g.body.id), groupName: '游戏' });

    const upd = (params: Record<string, string | number>) => call(m, 'POST', '/api/updateEredar', { id, ...params });
    expect((await upd({ kolUid: String(c(4).mid) })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: LibraryMsg.locked,
    });
    expect((await upd({ mainIndexUrl: link(c(4).mid) })).body.message).toBe(LibraryMsg.locked);
    expect((await upd({ tId: 0 })).body.message).toBe(LibraryMsg.groupLocked);
    expect((await upd({ implantationPrice: 3500, normalPrice: 800, remark: '涨价了' })).body).toEqual({
      code: ApiCode.OK,
      message: LibraryMsg.updated,
    });
    expect((await upd({ implantationPrice: 3500, specialPrice: 9999.99 })).body.code).toBe(ApiCode.OK);
    const { eredar, priceHistory } = await get(m, id);
    expect(eredar).toMatchObject({
      implantationPrice: 3500,
      normalPrice: 800,
      specialPrice: 9999.99,
      remark: '涨价了',
      updateImplantationPriceTem: expect.any(String),
      updateDynamicPriceTem: expect.any(String),
      updateSpecialPriceTem: expect.any(String),
    });
    expect(priceHistory.map((h) => [h.kind, h.oldPrice, h.newPrice]).sort()).toEqual(
      [
        ['implantation', 3000, 3500],
        ['dynamic', null, 800],
        ['special', null, 9999.99],
      ].sort(),
    );
    // the same link and id as stored are accepted (the locked inputs are sent back unchanged)
    expect((await upd({ kolUid: String(c(3).mid), launchLevel: 5 })).body.code).toBe(ApiCode.OK);
    expect((await call(m, 'POST', '/api/updateEredar', { id: 999_999, remark: 'x' })).body.message).toBe(
      LibraryMsg.entryMissing,
    );
  });

  it('concurrent adds of the same creator make one record', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => save(m, { kolUid: String(c(5).mid) })));
    expect(answers.filter((a) => a.body.code === ApiCode.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === LibraryMsg.alreadyInLibrary)).toHaveLength(5);
    expect((await list(m)).total).toBe(1);
  });
});

describe('search inside the library (eredarResourcesList)', () => {
  it('keyword (name, uid, remark), launch level, isEnter, price range, sort, and delete', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    await save(m, { kolUid: String(c(0).mid), launchLevel: 5, implantationPrice: 9000, remark: '头部' });
    await save(m, { kolUid: String(c(1).mid), launchLevel: 2, implantationPrice: 1000, isEnter: 1 });
    await save(m, { mainIndexUrl: link(UNKNOWN_MID), nickname: '小众宝藏', implantationPrice: 300 });
    expect((await list(m)).total).toBe(3);
    expect((await list(m, { keyword: '宝藏' })).list.map((e) => e.kolUid)).toEqual([UNKNOWN_MID]);
    expect((await list(m, { keyword: String(c(1).mid) })).list.map((e) => e.kolUid)).toEqual([c(1).mid]);
    expect((await list(m, { keyword: '头部' })).total).toBe(1);
    expect((await list(m, { launchLevel: 5 })).list.map((e) => e.kolUid)).toEqual([c(0).mid]);
    expect((await list(m, { isEnter: 1 })).list.map((e) => e.kolUid)).toEqual([c(1).mid]);
    expect((await list(m, { priceMin: 500, priceMax: 5000 })).list.map((e) => e.kolUid)).toEqual([c(1).mid]);
    expect((await list(m, { sort: 'implantationPrice' })).list.map((e) => e.implantationPrice)).toEqual([
      9000, 1000, 300,
    ]);
    const page = await list(m, { pageSize: 2, pageNo: 2 });
    expect(page).toMatchObject({ total: 3, count: 3, limit: LIST_LIMITS.library[2] });
    expect(page.list).toHaveLength(1);
    const id = (await list(m, { keyword: '宝藏' })).list[0]?.id ?? 0;
    expect((await call(m, 'GET', '/api/delEredar', { id })).body).toEqual({
      code: ApiCode.OK,
      message: LibraryMsg.deleted,
    });
    expect((await list(m)).total).toBe(2);
  });
});

describe('tiers and teams', () => {
  it('below 专业版 the library is refused with the upgrade target; a sub-account shares the parent’s', async () => {
    const free = await createMember(t.ctx, { userType: 1 });
    const refused = await save(free, { kolUid: String(c(0).mid) });
    expect(refused.body).toMatchObject({
      code: ApiCode.FAIL,
      message: Msg.upgradeTitle,
      feature: 'library.private',
      upgradeTarget: 2,
    });
    expect((await call(free, 'GET', '/api/eredarResourcesList')).body.code).toBe(ApiCode.FAIL);

    const parent = await createMember(t.ctx, { userType: 3 });
    const sub = await createMember(t.ctx, { userType: 0, parentId: parent.id });
    const id = Number((await save(sub, { kolUid: String(c(6).mid) })).body.id);
    const seen = await get(parent, id);
    const subName = await sql<{ username: string }>`SELECT username FROM users WHERE id = ${sub.id}`.execute(t.ctx.db);
    expect(seen.eredar).toMatchObject({ addedBy: subName.rows[0]?.username, userid: Number(sub.id) });
  });
});

describe('roster import (importEredar)', () => {
  const csv = (lines: string[]) => ({
    fileName: 'roster.csv',
    content: Buffer.from(lines.join('\r\n'), 'utf8').toString('base64'),
  });
  const importFile = async (m: TestMember, file: { fileName: string; content: string }) =>
    (await call(m, 'POST', '/api/importEredar', file)).body as unknown as ImportEredarAnswer;

  it('csv: a result per row (added, already there, bad link, not found, invalid)', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    await save(m, { kolUid: String(c(0).mid) });
    const answer = await importFile(
      m,
      csv([
        '主页链接,达人ID,昵称,植入报价,备注',
        `${link(c(1).mid)},,,2000,"备注, 带逗号"`,
        `,${c(0).mid},,,`,
        'https://example.com/x,,,,',
        `,${UNKNOWN_MID},,,`,
        `${link(UNKNOWN_MID + 1)},,手动录入,,`,
        `,${c(2).mid},,-3,`,
        `${link(c(1).mid)},,,,`,
      ]),
    );
    expect(answer).toMatchObject({ code: ApiCode.OK, message: LibraryMsg.importDone(2, 5), added: 2, skipped: 5 });
    expect(answer.rows.map((r) => [r.row, r.result])).toEqual([
      [2, 'added'],
      [3, 'exists'],
      [4, 'badLink'],
      [5, 'notFound'],
      [6, 'added'],
      [7, 'invalid'],
      [8, 'exists'],
    ]);
    expect(answer.rows[5]?.message).toBe(LibraryMsg.priceInvalid);
    const rows = (await list(m)).list;
    expect(rows.find((e) => e.kolUid === c(1).mid)).toMatchObject({ implantationPrice: 2000, remark: '备注, 带逗号' });
    expect(rows.find((e) => e.kolUid === UNKNOWN_MID + 1)).toMatchObject({ nickname: '手动录入', kolId: null });
  });

  it('xlsx through exceljs', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('名单');
    ws.addRow(['达人ID', '投放等级', '档期情况']);
    ws.addRow([c(3).mid, 4, '下周']);
    ws.addRow(['abc', 1, '']);
    const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const answer = await importFile(m, { fileName: '名单.xlsx', content });
    expect(answer.rows.map((r) => r.result)).toEqual(['added', 'badLink']);
    expect((await list(m)).list[0]).toMatchObject({ kolUid: c(3).mid, launchLevel: 4, auctionCalendar: '下周' });
  });

  it('nothing is written when the roster passes the tier limit or the file is unreadable', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const max = LIST_LIMITS.library[2];
    await sql`INSERT INTO library_entries (team_id, kol_uid, main_index_url, nickname)
      SELECT ${m.id}, 10000000000 + g, 'https://space.bilibili.com/' || (10000000000 + g), 'x'
      FROM generate_series(1, ${max - 1}) g`.execute(t.ctx.db);
    const over = await call(m, 'POST', '/api/importEredar', csv(['达人ID', String(c(0).mid), String(c(1).mid)]));
    expect(over.body).toMatchObject({ code: ApiCode.FAIL, message: LibraryMsg.limit(max), upgradeTarget: 3 });
    expect((await list(m)).count).toBe(max - 1);

    const bad = await call(m, 'POST', '/api/importEredar', {
      fileName: 'x.xlsx',
      content: Buffer.from('nope').toString('base64'),
    });
    expect(bad.body).toMatchObject({ code: ApiCode.FAIL, message: LibraryMsg.importBadFile });
    const pdf = await call(m, 'POST', '/api/importEredar', { fileName: 'x.pdf', content: 'AAAA' });
    expect(pdf.body.message).toBe(LibraryMsg.importBadFile);
    const empty = await call(m, 'POST', '/api/importEredar', csv(['名字', '张三']));
    expect(empty.body.message).toBe(LibraryMsg.importEmpty);
    expect((await list(m)).count).toBe(max - 1);
  });
});
