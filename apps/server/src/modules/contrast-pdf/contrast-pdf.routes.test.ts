import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, ContrastMsg, MemberMsg, type KolContrastResultAnswer } from '@xg/shared';
import { createTestApp, type CallResult, type TestApp } from '../../../test/harness.js';
import { readPdf } from '../../../test/pdf-read.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { contrastReportFixture } from './contrast-pdf.fixtures.js';
import { registerContrastPdfRoutes, type ContrastReportReader } from './contrast-pdf.routes.js';

/**
 * GET /api/user/contrastPdf (issue #17 item 7) through the whole app and real PostgreSQL (accounts, sessions,
 * tiers), over a fake ContrastReportReader that owns reports by team (until the comparison module's service is
 * wired in at merge): sign-in, the export.pdf gate per tier, the team's own reports only, not found, bad input.
 */
class TeamReports implements ContrastReportReader {
  readonly calls: { userId: string; contrastId: number }[] = [];
  private readonly reports = new Map<number, { team: Set<string>; report: KolContrastResultAnswer }>();

  add(team: string[], report: KolContrastResultAnswer) {
    this.reports.set(report.contrastId, { team: new Set(team), report });
  }

  reportFor(userId: string, contrastId: number): Promise<KolContrastResultAnswer | null> {
    this.calls.push({ userId, contrastId });
    const found = this.reports.get(contrastId);
    return Promise.resolve(found && found.team.has(userId) ? found.report : null);
  }
}

const PATH = '/api/user/contrastPdf';
const reader = new TeamReports();
let t: TestApp;
const m: Record<'free' | 'basic' | 'pro' | 'ent' | 'entSub' | 'premium' | 'otherTeam', TestMember> = {} as never;
const ENT_REPORT = contrastReportFixture(3, 71);
const PREMIUM_REPORT = contrastReportFixture(5, 72);
const BROKEN_ID = 73;

beforeAll(async () => {
  t = await createTestApp({}, (app, ctx) => registerContrastPdfRoutes(app, ctx, reader));
  for (const [key, userType] of [
    ['free', 0],
    ['basic', 1],
    ['pro', 2],
    ['ent', 3],
    ['premium', 4],
    ['otherTeam', 4],
  ] as const) {
    m[key] = await createMember(t.ctx, { userType });
  }
  m.entSub = await createMember(t.ctx, { userType: 0, parentId: m.ent.id });
  reader.add([m.ent.id, m.entSub.id], ENT_REPORT);
  reader.add([m.premium.id], PREMIUM_REPORT);
  // a stored report the renderer cannot draw (no creator list): the route must answer pdfFailed, not a 500
  reader.add([m.ent.id], { ...ENT_REPORT, contrastId: BROKEN_ID, userContrastKolDataList: null as never });
});
afterAll(async () => {
  await t.close();
});

function pdfGet(member: TestMember | null, params: Record<string, string | number>): Promise<CallResult> {
  return t.call('GET', PATH, params, { token: member?.token ?? null });
}

function fileName(res: CallResult): string {
  const disposition = String(res.raw.headers['content-disposition']);
  return decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '');
}

describe('GET /api/user/contrastPdf', () => {
  it('refuses an anonymous caller with 401', async () => {
    const res = await pdfGet(null, { contrastId: ENT_REPORT.contrastId });
    expect(res.status).toBe(401);
  });

  it.each([
    ['free', 0],
    ['basic', 1],
    ['pro', 2],
  ] as const)('refuses %s (userType %i) with the gate message, before reading any report', async (who, _userType) => {
    const before = reader.calls.length;
    const res = await pdfGet(m[who], { contrastId: ENT_REPORT.contrastId });
    expect(res.raw.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({
      code: ApiCode.FAIL,
      message: MemberMsg.pdfEnterpriseOnly,
      feature: 'export.pdf',
      requiredLevel: 3,
    });
    expect(reader.calls.length).toBe(before);
  });

  it.each([
    ['企业版 (3)', 'ent', ENT_REPORT],
    ['高级企业版 (4)', 'premium', PREMIUM_REPORT],
    ['a sub-account of 企业版 (its parent tier)', 'entSub', ENT_REPORT],
  ] as const)('gives %s the team report as a PDF download', async (_label, who, report) => {
    const res = await pdfGet(m[who], { contrastId: report.contrastId });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    expect(res.raw.headers['cache-control']).toBe('no-store');
    expect(String(res.raw.headers['content-disposition'])).toMatch(/^attachment; filename="/);
    const name = fileName(res);
    expect(name).toMatch(/^UP主对比报告_\d{14}\.pdf$/);
    const shanghaiNow = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 8);
    expect(name.slice(8, 16)).toBe(shanghaiNow); // the Asia/Shanghai date
    expect(reader.calls.at(-1)).toEqual({ userId: m[who].id, contrastId: report.contrastId });
    const pdf = res.raw.rawPayload;
    const read = await readPdf(pdf);
    const all = read.pages.map((p) => p.text).join('');
    for (const k of report.userContrastKolDataList) expect(all).toContain(k.kolName);
    // the configured product name is the watermark
    expect(read.pages.every((p) => p.text.includes(t.ctx.config.site.productName))).toBe(true);
    const wide = report.userContrastKolDataList.length >= 4;
    expect(read.pages.every((p) => p.width > p.height === wide)).toBe(true);
  });

  it("answers another team's report as missing and sends no file", async () => {
    for (const [who, id] of [
      ['otherTeam', ENT_REPORT.contrastId],
      ['ent', PREMIUM_REPORT.contrastId],
      ['entSub', PREMIUM_REPORT.contrastId],
    ] as const) {
      const res = await pdfGet(m[who], { contrastId: id });
      expect(res.raw.headers['content-type']).toMatch(/json/);
      expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: ContrastMsg.reportMissing });
      expect(res.raw.body).not.toContain('%PDF');
    }
  });

  it('answers a report that does not exist as missing', async () => {
    const res = await pdfGet(m.ent, { contrastId: 999_999 });
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: ContrastMsg.reportMissing });
  });

  it('refuses a bad contrastId without reading', async () => {
    const before = reader.calls.length;
    for (const contrastId of ['abc', 0, -3, 1.5]) {
      const res = await pdfGet(m.ent, { contrastId });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ApiCode.FAIL);
    }
    expect((await pdfGet(m.ent, {})).body.code).toBe(ApiCode.FAIL);
    expect(reader.calls.length).toBe(before);
  });

  it('answers pdfFailed when the stored report cannot be drawn', async () => {
    const res = await pdfGet(m.ent, { contrastId: BROKEN_ID });
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: ContrastMsg.pdfFailed });
  });
});
