import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  ContrastFlag,
  FEATURE_KEYS,
  FREE_VIP_TRIAL_DAYS,
  MemberMsg,
  Msg,
  QUOTA_DEFAULTS,
  YEARLY_DISCOUNT,
  contrastAdviserMessage,
  featureAllowed,
  type BuyPriceAnswer,
  type UserInfo,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { AppError } from '../../lib/app-error.js';
import { FreeVipRepository } from './free-vip.repository.js';
import { FreeVipService } from './free-vip.service.js';
import { expireMemberships } from './membership.jobs.js';
import { MembershipRepository } from './membership.repository.js';
import { membershipServices, type MembershipServices } from './membership.services.js';
import { memberDb } from './membership.tables.js';
import { addMonths } from './pricing.js';
import { createMember, toleratePoolShutdown } from './test-members.js';

let t: TestApp;
let s: MembershipServices;
beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  s = membershipServices(t.ctx);
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600 * 1000;

async function buyPrice(token: string, type: number | string) {
  const res = await t.call('GET', '/api/buy/buyPrice', { type }, { token });
  return res.body as unknown as BuyPriceAnswer;
}

describe('seeded prices and quota rules', () => {
  it('has yearly, half-year and monthly options per level, index 0 yearly at 60% (年付6折)', async () => {
    const rows = await memberDb(t.ctx.db)
      .selectFrom('price_options')
      .selectAll()
      .orderBy('level')
      .orderBy('sort')
      .execute();
    expect(rows).toHaveLength(12);
    for (const level of [1, 2, 3, 4]) {
      const options = rows.filter((r) => r.level === level);
      expect(options.map((o) => o.month_num)).toEqual([12, 6, 1]);
      const monthly = Number(options[2]?.price);
      const yearly = options[0];
      expect(Number(yearly?.price)).toBeCloseTo(monthly * 12 * YEARLY_DISCOUNT, 2);
      expect(Number(yearly?.original_price)).toBeCloseTo(monthly * 12, 2);
      expect(Number(yearly?.save_money)).toBeCloseTo(monthly * 12 * (1 - YEARLY_DISCOUNT), 2);
      expect(Number(yearly?.unit_price)).toBeCloseTo(monthly * YEARLY_DISCOUNT, 2);
      expect(options.map((o) => o.is_default)).toEqual([true, false, false]);
    }
  });

  it('seeds the quota defaults of the shared contract', async () => {
    const rows = await memberDb(t.ctx.db).selectFrom('quota_rules').selectAll().execute();
    for (const kind of ['contrast', 'export'] as const) {
      const totals = [0, 1, 2, 3, 4].map((u) => rows.find((r) => r.kind === kind && r.user_type === u)?.monthly_total);
      expect(totals).toEqual([...QUOTA_DEFAULTS[kind]]);
    }
  });
});

describe('GET /api/buy/buyPrice', () => {
  it('needs a signed-in user and a level 1–4', async () => {
    expect((await t.call('GET', '/api/buy/buyPrice', { type: 2 })).status).toBe(401);
    const free = await createMember(t.ctx);
    for (const type of [0, 5, 'x']) {
      expect(await buyPrice(free.token, type)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.levelInvalid });
    }
  });

  it('answers a free user the options of the level without credit', async () => {
    const free = await createMember(t.ctx);
    const body = await buyPrice(free.token, 2);
    expect(body).toMatchObject({
      code: ApiCode.OK,
      userType: 0,
      surplusPrice: 0,
      maturityTime: null,
      orderKind: 'new',
    });
    expect(body.monthlyPriceInfos.map((o) => o.monthNum)).toEqual([12, 6, 1]);
    const [yearly] = body.monthlyPriceInfos;
    expect(yearly).toMatchObject({
      title: '年度会员',
      price: 2152.8,
      originalPrice: 3588,
      saveMoney: 1435.2,
      unitPrice: 179.4,
    });
    expect(yearly).toMatchObject({ isDefault: true, payAmount: 2152.8, selectable: true });
  });

  it('converts the unused time of the held level into days of the new one (1-month list price without an order)', async () => {
    const pro = await createMember(t.ctx, { userType: 2, maturityDays: 100.5, buyMonthNum: 12 });
    const before = Date.now();
    const body = await buyPrice(pro.token, 3);
    const after = Date.now();
    // 100.5 days left count as 101 (a started day counts) × 299.00 / 30 = 1006.633… → 1006.63
    expect(body).toMatchObject({ code: ApiCode.OK, userType: 2, orderKind: 'upgrade', surplusPrice: 1006.63 });
    // the amount is the list price; the credit becomes days of 企业版 at the option's price per day:
    // 12 months: 100663 × 360 / 719280 = 50.4 → 51; 6: × 180 / 479520 = 37.8 → 38; 1: × 30 / 99900 = 30.2 → 31
    expect(body.monthlyPriceInfos.map((o) => [o.payAmount, o.bonusDays])).toEqual([
      [7192.8, 51],
      [4795.2, 38],
      [999, 31],
    ]);
    for (const [index, months] of [12, 6, 1].entries()) {
      const shown = Date.parse(body.monthlyPriceInfos[index]?.newMaturityTime ?? '');
      const bonus = body.monthlyPriceInfos[index]?.bonusDays ?? 0;
      expect(shown).toBeGreaterThanOrEqual(addMonths(new Date(before), months).getTime() + bonus * DAY);
      expect(shown).toBeLessThanOrEqual(addMonths(new Date(after), months).getTime() + bonus * DAY);
    }
    expect(body.maturityTime).not.toBeNull();
  });

  it('shows a renewal extending the current expiry, and a sub-account no expiry (it cannot buy)', async () => {
    const pro = await createMember(t.ctx, { userType: 2, maturityDays: 30 });
    const maturity = (
      await t.ctx.db.selectFrom('users').select('maturity_time').where('id', '=', pro.id).executeTakeFirstOrThrow()
    ).maturity_time as Date;
    const renew = await buyPrice(pro.token, 2);
    expect(renew.monthlyPriceInfos.map((o) => [o.payAmount, o.bonusDays, o.newMaturityTime])).toEqual([
      [2152.8, 0, addMonths(maturity, 12).toISOString()],
      [1435.2, 0, addMonths(maturity, 6).toISOString()],
      [299, 0, addMonths(maturity, 1).toISOString()],
    ]);
    const sub = await createMember(t.ctx, { parentId: pro.id });
    const subPrices = await buyPrice(sub.token, 3);
    expect(subPrices).toMatchObject({ code: ApiCode.OK, surplusPrice: 0 });
    expect(subPrices.monthlyPriceInfos.map((o) => [o.bonusDays, o.newMaturityTime])).toEqual([
      [0, null],
      [0, null],
      [0, null],
    ]);
  });

  it('renews the same level without credit and refuses a lower level', async () => {
    const pro = await createMember(t.ctx, { userType: 2, maturityDays: 30 });
    expect(await buyPrice(pro.token, 2)).toMatchObject({ code: ApiCode.OK, orderKind: 'renew', surplusPrice: 0 });
    expect(await buyPrice(pro.token, 1)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.lowerLevelBlocked });
  });

  it('lets an expired or trial account buy any level as new', async () => {
    const expired = await createMember(t.ctx, { userType: 3, maturityDays: -2 });
    expect(await buyPrice(expired.token, 1)).toMatchObject({ code: ApiCode.OK, userType: 0, orderKind: 'new' });
    const trial = await createMember(t.ctx, { userType: 3, versionType: 2, maturityDays: 5 });
    const fromTrial = await buyPrice(trial.token, 1);
    expect(fromTrial).toMatchObject({
      code: ApiCode.OK,
      userType: 3,
      versionType: 2,
      orderKind: 'new',
      surplusPrice: 0, // a trial's remaining time is not paid credit
    });
    expect(fromTrial.monthlyPriceInfos.map((o) => [o.payAmount, o.bonusDays])).toEqual([
      [712.8, 0],
      [475.2, 0],
      [99, 0],
    ]);
  });

  it('offers a premium member on a 12-month plan only option index 0', async () => {
    const yearly = await createMember(t.ctx, { userType: 4, maturityDays: 200, buyMonthNum: 12 });
    const body = await buyPrice(yearly.token, 4);
    expect(body.monthlyPriceInfos.map((o) => [o.selectable, o.isDefault])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    const monthly = await createMember(t.ctx, { userType: 4, maturityDays: 20, buyMonthNum: 1 });
    expect((await buyPrice(monthly.token, 4)).monthlyPriceInfos.every((o) => o.selectable)).toBe(true);
  });

  it("shows a sub-account its team's tier", async () => {
    const parent = await createMember(t.ctx, { userType: 3, maturityDays: 90 });
    const sub = await createMember(t.ctx, { parentId: parent.id });
    expect(await buyPrice(sub.token, 4)).toMatchObject({ code: ApiCode.OK, userType: 3, surplusPrice: 0 });
  });
});

describe('feature policy on the server', () => {
  it.each([0, 1, 2, 3, 4])('GET /api/user/featurePolicy for userType %i', async (userType) => {
    const m = await createMember(t.ctx, { userType });
    const res = await t.call('GET', '/api/user/featurePolicy', {}, { token: m.token });
    expect(res.body).toMatchObject({ code: ApiCode.OK, userType, gateDefaultLevel: 2 });
    expect(res.body.allowed).toEqual(FEATURE_KEYS.filter((f) => featureAllowed(userType, f)));
    expect(Object.keys(res.body.policy as object)).toEqual(FEATURE_KEYS);
  });

  it('gates through MembershipService.requireFeature with the effective tier (sub-account, expiry, trial)', async () => {
    const ent = await createMember(t.ctx, { userType: 3, maturityDays: 30 });
    const sub = await createMember(t.ctx, { parentId: ent.id });
    const expired = await createMember(t.ctx, { userType: 3, maturityDays: -1 });
    const trial = await createMember(t.ctx, { userType: 3, versionType: 2, maturityDays: 3 });
    await expect(s.membership.requireFeature(sub.id, 'export.excel')).resolves.toMatchObject({ userType: 3 });
    await expect(s.membership.requireFeature(trial.id, 'export.pdf')).resolves.toMatchObject({ userType: 3 });
    await expect(s.membership.requireFeature(expired.id, 'export.excel')).rejects.toMatchObject({
      code: ApiCode.FAIL,
      message: Msg.exportBlocked,
    });
    await expect(s.membership.requireFeature(expired.id, 'monitor.video')).rejects.toBeInstanceOf(AppError);
  });
});

describe('quotas', () => {
  it.each([0, 1, 2, 3, 4])('answers the contrast and export counts of userType %i', async (userType) => {
    const m = await createMember(t.ctx, { userType });
    const contrast = await t.call('GET', '/api/user/getContrastCount', {}, { token: m.token });
    const total = QUOTA_DEFAULTS.contrast[userType];
    expect(contrast.body).toEqual({
      code: ApiCode.OK,
      message: Msg.ok,
      remainCount: total,
      useCount: 0,
      totalCount: total,
    });
    const exportCount = await t.call('GET', '/api/usage/excelResidueCount', { type: 3 }, { token: m.token });
    expect(exportCount.body).toMatchObject({
      code: ApiCode.OK,
      data: { residueCount: QUOTA_DEFAULTS.export[userType], useCount: 0, type: 3 },
    });
  });

  it('refuses bad input and anonymous callers', async () => {
    const m = await createMember(t.ctx, { userType: 3 });
    expect((await t.call('GET', '/api/usage/excelResidueCount', { type: 'x' }, { token: m.token })).body.code).toBe(
      ApiCode.FAIL,
    );
    expect((await t.call('GET', '/api/user/getContrastCount')).status).toBe(401);
  });

  it('counts a sub-account on its parent (one team)', async () => {
    const parent = await createMember(t.ctx, { userType: 2 });
    const sub = await createMember(t.ctx, { parentId: parent.id });
    expect((await s.quotas.spendQuota(sub.id, 'contrast', 3)).ok).toBe(true);
    expect((await s.quotas.spendQuota(parent.id, 'contrast', 2)).ok).toBe(true);
    const res = await t.call('GET', '/api/user/getContrastCount', {}, { token: parent.token });
    expect(res.body).toMatchObject({ remainCount: 25, useCount: 5, totalCount: 30 });
    const subView = await t.call('GET', '/api/user/getContrastCount', {}, { token: sub.token });
    expect(subView.body).toMatchObject({ remainCount: 25, useCount: 5 });
  });

  it('spends atomically: 100 concurrent spends at a remaining quota of 1 give exactly 1 success', async () => {
    const basic = await createMember(t.ctx, { userType: 1 });
    expect((await s.quotas.spendQuota(basic.id, 'contrast', 9)).status.remainCount).toBe(1);
    const results = await Promise.all(Array.from({ length: 100 }, () => s.quotas.spendQuota(basic.id, 'contrast', 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const row = await memberDb(t.ctx.db)
      .selectFrom('quota_usage')
      .select('used')
      .where('owner_id', '=', basic.id)
      .where('kind', '=', 'contrast')
      .executeTakeFirstOrThrow();
    expect(row.used).toBe(10);
  });

  it('refuses a spend larger than what remains, and spends nothing', async () => {
    const ent = await createMember(t.ctx, { userType: 3 });
    expect((await s.quotas.spendQuota(ent.id, 'export', 4990)).ok).toBe(true);
    const refused = await s.quotas.spendQuota(ent.id, 'export', 11);
    expect(refused).toMatchObject({ ok: false, status: { useCount: 4990, remainCount: 10 } });
    const first = await createMember(t.ctx, { userType: 3 });
    expect((await s.quotas.spendQuota(first.id, 'export', 5001)).ok).toBe(false); // no row yet
    expect((await s.quotas.status(first.id, 'export')).useCount).toBe(0);
  });
});

describe('contrast flags (§4)', () => {
  const adviser = contrastAdviserMessage('400-000-0000');

  it('gives 1 to the free tier, 0 while reports remain, 2 when a higher tier has more, 3 at the top', async () => {
    const free = await createMember(t.ctx);
    expect(await s.quotas.contrastFlag(free.id)).toBe(ContrastFlag.NO_PERMISSION);
    expect((await s.quotas.spendContrast(free.id)).flag).toBe(ContrastFlag.NO_PERMISSION);
    for (const userType of [1, 2, 3, 4]) {
      const m = await createMember(t.ctx, { userType });
      expect(await s.quotas.contrastFlag(m.id)).toBe(ContrastFlag.ALLOWED);
      const total = QUOTA_DEFAULTS.contrast[userType] ?? 0;
      expect((await s.quotas.spendQuota(m.id, 'contrast', total - 1)).ok).toBe(true);
      expect((await s.quotas.spendContrast(m.id)).flag).toBe(ContrastFlag.ALLOWED);
      const exhausted = userType === 4 ? ContrastFlag.ADVISER : ContrastFlag.UPGRADE;
      expect(await s.quotas.contrastFlag(m.id)).toBe(exhausted);
      expect((await s.quotas.spendContrast(m.id)).flag).toBe(exhausted);
    }
    expect(adviser).toContain('400-000-0000');
  });

  it('treats an expired tier as free (flag 1)', async () => {
    const expired = await createMember(t.ctx, { userType: 2, maturityDays: -1 });
    expect(await s.quotas.contrastFlag(expired.id)).toBe(ContrastFlag.NO_PERMISSION);
  });
});

describe('expireMemberships job', () => {
  it('drops ended paid and trial accounts to 免费版, touches nothing else, and is idempotent', async () => {
    const ended = await createMember(t.ctx, { userType: 2, maturityDays: -1, buyMonthNum: 12 });
    const endedTrial = await createMember(t.ctx, { userType: 3, versionType: 2, maturityDays: -0.01 });
    const active = await createMember(t.ctx, { userType: 4, maturityDays: 1 });
    const free = await createMember(t.ctx);
    const ids = [ended.id, endedTrial.id, active.id, free.id];
    const before = await t.ctx.db.selectFrom('users').selectAll().where('id', 'in', ids).orderBy('id').execute();

    const changed = await expireMemberships(t.ctx.db, new Date());
    expect(changed).toEqual(expect.arrayContaining([ended.id, endedTrial.id]));
    expect(changed).not.toContain(active.id);
    expect(changed).not.toContain(free.id);

    const after = await t.ctx.db.selectFrom('users').selectAll().where('id', 'in', ids).orderBy('id').execute();
    for (const [i, row] of after.entries()) {
      const old = before[i];
      if (!old) throw new Error('row missing');
      const { user_type, version_type, updated_at, ...rest } = row;
      const { user_type: oldType, version_type: oldVersion, updated_at: _u, ...oldRest } = old;
      expect(rest).toEqual(oldRest); // maturity_time, buy_month_num, parent, phone… unchanged
      if (row.id === ended.id || row.id === endedTrial.id) {
        expect([user_type, version_type]).toEqual([0, 1]);
      } else {
        expect([user_type, version_type, updated_at]).toEqual([oldType, oldVersion, old.updated_at]);
      }
    }
    expect(await expireMemberships(t.ctx.db, new Date())).not.toContain(ended.id);
    const info = await t.call('GET', '/api/user/userInfo', {}, { token: ended.token });
    expect(info.body.userInfoMap).toMatchObject({ userType: 0, versionType: 1, buyMonthNum: 12 });
  });
});

describe('free enterprise-tier promotion', () => {
  const form = {
    company: '示例科技',
    contactName: '张三',
    phone: '13800138000',
    position: '市场经理',
    needs: '达人投放',
  };

  it('grants a free account a 7-day 企业版 trial once (auto mode in sandbox)', async () => {
    const free = await createMember(t.ctx);
    expect((await t.call('GET', '/api/freeVip/status', {}, { token: free.token })).body).toMatchObject({
      status: 'none',
      appliedAt: null,
      trialDays: FREE_VIP_TRIAL_DAYS,
      level: 3,
    });
    const res = await t.call('POST', '/api/freeVip/apply', form, { token: free.token });
    expect(res.body).toMatchObject({ code: ApiCode.OK, message: MemberMsg.freeVipGranted, status: 'granted' });
    const info = res.body.userInfoMap as UserInfo;
    expect(info).toMatchObject({ userType: 3, versionType: 2 });
    const days = (Date.parse(info.maturityTime ?? '') - Date.now()) / DAY;
    expect(days).toBeGreaterThan(FREE_VIP_TRIAL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(FREE_VIP_TRIAL_DAYS);
    const again = await t.call('POST', '/api/freeVip/apply', form, { token: free.token });
    expect(again.body).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.freeVipOnce });
    const periods = await memberDb(t.ctx.db)
      .selectFrom('membership_periods')
      .selectAll()
      .where('user_id', '=', free.id)
      .execute();
    expect(periods).toMatchObject([{ level: 3, version_type: 2, source: 'trial', order_id: null }]);
  });

  it('never downgrades a paid member: the application waits for an operator', async () => {
    const pro = await createMember(t.ctx, { userType: 2, maturityDays: 100 });
    const res = await t.call('POST', '/api/freeVip/apply', form, { token: pro.token });
    expect(res.body).toMatchObject({ code: ApiCode.OK, message: MemberMsg.freeVipPending, status: 'pending' });
    expect(res.body.userInfoMap).toMatchObject({ userType: 2, versionType: 1 });
  });

  it('stores every application for an operator in manual mode', async () => {
    const db = memberDb(t.ctx.db);
    const manual = new FreeVipService(
      db,
      new FreeVipRepository(db),
      new MembershipRepository(db),
      s.membership,
      'manual',
    );
    const free = await createMember(t.ctx);
    expect(await manual.apply(free.id, form)).toMatchObject({ status: 'pending', message: MemberMsg.freeVipPending });
    expect((await s.users.getUserInfo(free.id)).userType).toBe(0);
  });

  it('blocks a sub-account and checks the form', async () => {
    const parent = await createMember(t.ctx, { userType: 3 });
    const sub = await createMember(t.ctx, { parentId: parent.id });
    expect((await t.call('POST', '/api/freeVip/apply', form, { token: sub.token })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: Msg.subAccountBlocked,
    });
    const free = await createMember(t.ctx);
    const cases: [Record<string, string>, string][] = [
      [{ ...form, company: ' ' }, MemberMsg.freeVipCompanyRequired],
      [{ ...form, phone: '12345' }, Msg.phoneInvalid],
      [{ ...form, position: '' }, MemberMsg.freeVipPositionRequired],
      [{ ...form, contactName: '' }, MemberMsg.freeVipContactRequired],
    ];
    for (const [params, message] of cases) {
      expect((await t.call('POST', '/api/freeVip/apply', params, { token: free.token })).body).toMatchObject({
        code: ApiCode.FAIL,
        message,
      });
    }
    expect((await t.call('GET', '/api/freeVip/status', {}, { token: free.token })).body.status).toBe('none');
  });
});

describe('GET /api/operateLimitList', () => {
  it("answers the caller's tier, this month's quotas and the gates", async () => {
    const parent = await createMember(t.ctx, { userType: 3, maturityDays: 10 });
    const sub = await createMember(t.ctx, { parentId: parent.id });
    await s.quotas.spendQuota(parent.id, 'export', 100);
    const res = await t.call('GET', '/api/operateLimitList', {}, { token: sub.token });
    expect(res.body).toMatchObject({
      code: ApiCode.OK,
      userType: 3,
      isSubAccount: true,
      quotas: [
        { kind: 'contrast', totalCount: 100, useCount: 0, remainCount: 100 },
        { kind: 'export', totalCount: 5000, useCount: 100, remainCount: 4900 },
      ],
      monitorDurations: [0, 1, 2, 3, 7],
    });
    expect(res.body.month).toMatch(/^\d{4}-\d{2}$/);
    const features = res.body.features as { feature: string; allowed: boolean }[];
    expect(features).toHaveLength(FEATURE_KEYS.length);
    expect(features.find((f) => f.feature === 'export.pdf')?.allowed).toBe(true);
  });
});
