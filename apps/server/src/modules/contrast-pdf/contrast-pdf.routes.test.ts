import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, ContrastMsg, MemberMsg, type KolContrastAnswer, type KolContrastResultAnswer } from '@xg/shared';
import { createTestApp, type CallResult, type TestApp } from '../../../test/harness.js';
import { readPdf } from '../../../test/pdf-read.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';

/**
 * GET /api/user/contrastPdf (issue #17 item 7) through the whole app on real PostgreSQL, over the comparison
 * module's real reports (generated with POST /api/user/kolContrast): sign-in, the export.pdf gate per tier
 * (3 and 4 allowed, a sub-account by its parent's tier), the team's own reports only, deleted and missing
 * reports, bad input; the file is read back with pdf.js and checked against the report.
 */
const PATH = '/api/user/contrastPdf';
let t: TestApp;
type Who = 'free' | 'basic' | 'pro' | 'ent' | 'entSub' | 'premium' | 'otherTeam';
const m = new Map<Who, TestMember>();
const member = (who: Who): TestMember => {
  const found = m.get(who);
  if (!found) throw new Error(`no member ${who}`);
  return found;
};
let entReport: KolContrastResultAnswer;
let premiumReport: KolContrastResultAnswer;

async function generate(who: Who, kolIds: number[]): Promise<KolContrastResultAnswer> {
  const made = await t.call(
    'POST',
    '/api/user/kolContrast',
    { kolIds: kolIds.join(',') },
    { token: member(who).token },
  );
  const { id } = made.body as unknown as KolContrastAnswer;
  expect(id, JSON.stringify(made.body)).not.toBeNull();
  const res = await t.call('GET', '/api/user/kolContrastResult', { contrastId: id ?? 0 }, { token: member(who).token });
  expect(res.body.code).toBe(ApiCode.OK);
  return res.body as unknown as KolContrastResultAnswer;
}

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  for (const [who, userType] of [
    ['free', 0],
    ['basic', 1],
    ['pro', 2],
    ['ent', 3],
    ['premium', 4],
    ['otherTeam', 4],
  ] as const) {
    m.set(who, await createMember(t.ctx, { userType }));
  }
  m.set('entSub', await createMember(t.ctx, { userType: 0, parentId: member('ent').id }));
  const top = await sql<{ id: string }>`SELECT id FROM creators ORDER BY fans DESC LIMIT 5`.execute(t.ctx.db);
  const ids = top.rows.map((r) => Number(r.id));
  entReport = await generate('ent', ids.slice(0, 3));
  premiumReport = await generate('premium', ids);
});
afterAll(async () => {
  await t.close();
});

function pdfGet(who: Who | null, params: Record<string, string | number>): Promise<CallResult> {
  return t.call('GET', PATH, params, { token: who === null ? null : member(who).token });
}

function fileName(res: CallResult): string {
  const disposition = String(res.raw.headers['content-disposition']);
  return decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '');
}

describe('GET /api/user/contrastPdf', () => {
  it('refuses an anonymous caller with 401', async () => {
    const res = await pdfGet(null, { contrastId: entReport.contrastId });
    expect(res.status).toBe(401);
  });

  it.each([
    ['free', 0],
    ['basic', 1],
    ['pro', 2],
  ] as const)('refuses %s (userType %i) with the gate message and no file', async (who, _userType) => {
    const res = await pdfGet(who, { contrastId: entReport.contrastId });
    expect(res.raw.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({
      code: ApiCode.FAIL,
      message: MemberMsg.pdfEnterpriseOnly,
      feature: 'export.pdf',
      requiredLevel: 3,
    });
  });

  it.each([
    ['企业版 (3)', 'ent', () => entReport],
    ['高级企业版 (4)', 'premium', () => premiumReport],
    ['a sub-account of 企业版 (its parent tier)', 'entSub', () => entReport],
  ] as const)('gives %s the team report as a PDF download', async (_label, who, reportOf) => {
    const report = reportOf();
    const res = await pdfGet(who, { contrastId: report.contrastId });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    expect(res.raw.headers['cache-control']).toBe('no-store');
    expect(String(res.raw.headers['content-disposition'])).toMatch(/^attachment; filename="/);
    const name = fileName(res);
    expect(name).toMatch(/^UP主对比报告_\d{14}\.pdf$/);
    const shanghaiToday = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 8);
    expect(name.slice(8, 16)).toBe(shanghaiToday);
    const read = await readPdf(res.raw.rawPayload);
    const all = read.pages.map((p) => p.text).join('');
    expect(report.userContrastKolDataList.length).toBeGreaterThanOrEqual(3);
    for (const k of report.userContrastKolDataList) {
      expect(all).toContain(k.kolName);
      expect(all).toContain(`UID ${k.kolUid}`);
    }
    expect(all).toContain(`报告编号：${report.contrastId}`);
    // the configured product name is the watermark, on every page
    expect(read.pages.every((p) => p.text.includes(t.ctx.config.site.productName))).toBe(true);
    const wide = report.userContrastKolDataList.length >= 4;
    expect(read.pages.every((p) => p.width > p.height === wide)).toBe(true);
  });

  it("answers another team's report as missing and sends no file", async () => {
    for (const [who, report] of [
      ['otherTeam', entReport],
      ['ent', premiumReport],
      ['entSub', premiumReport],
    ] as const) {
      const res = await pdfGet(who, { contrastId: report.contrastId });
      expect(res.raw.headers['content-type']).toMatch(/json/);
      expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: ContrastMsg.reportMissing });
      expect(res.raw.body).not.toContain('%PDF');
    }
  });

  it('answers a missing report, and one the team deleted, as missing', async () => {
    expect((await pdfGet('ent', { contrastId: 999_999_999 })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: ContrastMsg.reportMissing,
    });
    const gone = await t.call(
      'GET',
      '/api/user/delContrastRecord',
      { contrastId: premiumReport.contrastId },
      { token: member('premium').token },
    );
    expect(gone.body.code).toBe(ApiCode.OK);
    expect((await pdfGet('premium', { contrastId: premiumReport.contrastId })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: ContrastMsg.reportMissing,
    });
  });

  it('refuses a bad contrastId with a message', async () => {
    for (const contrastId of ['abc', 0, -3, 1.5]) {
      const res = await pdfGet('ent', { contrastId });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ApiCode.FAIL);
    }
    expect((await pdfGet('ent', {})).body.code).toBe(ApiCode.FAIL);
  });
});
