/** The console's editors (issue #27): help, tutorials, popups, branding, prices, menus — validation, publish, audit. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember } from '../membership/test-members.js';
import { ConsoleMsg } from './console.roles.js';
import { createOperator, type TestOperator } from './console.test-kit.js';

let t: TestApp;
let editor: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createOperator(t, 'content');
  finance = await createOperator(t, 'finance');
});
afterAll(async () => {
  await t.close();
});

const auditCount = async (action: string, target: string) => {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE action = ${action}
    AND target = ${target}`.execute(t.ctx.db);
  return Number(rows[0]!.n);
};

describe('help articles', () => {
  it('a draft is not public; publishing shows it in the help drawer; unpublishing hides it; each step audited', async () => {
    const token = editor.token;
    const types = await t.call('GET', '/api/console/help', {}, { token });
    const typeId = (types.body.types as { id: number; audience: number }[]).find((x) => x.audience === 1)!.id;
    const form = {
      typeId,
      title: '控制台帮助Q',
      answers: '第一行\n第二行',
      introduce: '简介',
      answersType: 1,
      isRecommendFunction: 'false',
      menus: JSON.stringify([{ name: '会员中心', url: '/member', type: 1 }]),
      sort: 9,
      published: 'false',
    };
    // bad input: each gets its message and nothing is stored
    const bad: [Record<string, string | number>, string][] = [
      [{ ...form, title: '  ' }, '请输入问题标题'],
      [{ ...form, title: '标题\u0007' }, '输入内容包含不支持的字符'],
      [{ ...form, menus: '[{"name":"x"' }, '推荐功能链接格式不正确'],
      [{ ...form, menus: '[{"name":"x","url":"javascript:alert(1)","type":1}]' }, '链接地址须以 / 或 http(s):// 开头'],
      [{ ...form, answersType: 3 }, '展示方式不正确'],
      [{ ...form, typeId: 99999 }, ConsoleMsg.answerTypeMissing],
    ];
    for (const [params, message] of bad) {
      const res = await t.call('POST', '/api/console/help/save', params, { token });
      expect(res.body.code, message).toBe(-1);
      if (message !== '输入内容包含不支持的字符') expect(res.body.message).toBe(message);
    }
    const { rows: none } = await sql`SELECT 1 FROM answers WHERE title LIKE '%控制台帮助%'`.execute(t.ctx.db);
    expect(none).toHaveLength(0);

    const saved = await t.call('POST', '/api/console/help/save', form, { token });
    expect(saved.body.code).toBe(200);
    const id = saved.body.id as number;
    const publicTitles = async () =>
      ((await t.call('GET', '/api/getAnswers', { type: 1, id: typeId })).body.answers as { title: string }[]).map(
        (a) => a.title,
      );
    expect(await publicTitles()).not.toContain('控制台帮助Q');
    const pub = await t.call('POST', '/api/console/help/publish', { id, published: 'true' }, { token });
    expect(pub.body.message).toBe(ConsoleMsg.published);
    expect(await publicTitles()).toContain('控制台帮助Q');
    const edited = await t.call(
      'POST',
      '/api/console/help/save',
      { ...form, id, title: '控制台帮助Q2', published: 'true' },
      { token },
    );
    expect(edited.body.code).toBe(200);
    expect(await publicTitles()).toContain('控制台帮助Q2');
    await t.call('POST', '/api/console/help/publish', { id, published: 'false' }, { token });
    expect(await publicTitles()).not.toContain('控制台帮助Q2');
    for (const a of ['help.create', 'help.publish', 'help.update', 'help.unpublish'])
      expect(await auditCount(a, `answer:${id}`), a).toBe(1);
    expect(
      (await t.call('POST', '/api/console/help/publish', { id: 999999, published: 'true' }, { token })).body.message,
    ).toBe(ConsoleMsg.answerMissing);
  });

  it('categories: a category with answers cannot be deleted; an empty one can', async () => {
    const token = editor.token;
    const created = await t.call(
      'POST',
      '/api/console/help/type/save',
      { audience: 2, dataName: '新分类X', sort: 5 },
      { token },
    );
    expect(created.body.code).toBe(200);
    expect((await t.call('GET', '/api/getAnswersTypes', { type: 2 })).body.answersTypes).toContainEqual({
      id: created.body.id,
      dataName: '新分类X',
    });
    const bad = await t.call('POST', '/api/console/help/type/save', { audience: 3, dataName: 'x' }, { token });
    expect(bad.body.message).toBe('请选择身份');
    const full = await t.call('POST', '/api/console/help/type/delete', { id: 1 }, { token });
    expect(full.body.code).toBe(-1);
    const empty = await t.call('POST', '/api/console/help/type/delete', { id: created.body.id as number }, { token });
    expect(empty.body.code).toBe(200);
  });
});

describe('tutorials and popups', () => {
  it('a tutorial is listed when published; a duplicate name and a bad address are refused', async () => {
    const token = editor.token;
    const form = {
      name: '控制台教程',
      url: '/videos/intro.mp4',
      posterUrl: '',
      mustWatch: 'true',
      sort: 1,
      published: 'false',
    };
    expect(
      (await t.call('POST', '/api/console/tutorials/save', { ...form, url: 'ftp://x' }, { token })).body.message,
    ).toBe('视频地址须以 / 或 http(s):// 开头');
    const saved = await t.call('POST', '/api/console/tutorials/save', form, { token });
    expect(saved.body.code).toBe(200);
    const names = async () =>
      ((await t.call('GET', '/api/tutorialVideos')).body.videos as { name: string }[]).map((v) => v.name);
    expect(await names()).not.toContain('控制台教程');
    await t.call(
      'POST',
      '/api/console/tutorials/publish',
      { id: saved.body.id as number, published: 'true' },
      { token },
    );
    expect(await names()).toContain('控制台教程');
    expect((await t.call('POST', '/api/console/tutorials/save', form, { token })).body.message).toBe(
      ConsoleMsg.tutorialDuplicate,
    );
  });

  it('a popup layout is validated; a disabled popup is not served', async () => {
    const token = editor.token;
    const layout = {
      title: '公告',
      blocks: [
        { type: 'text', text: '今晚维护' },
        { type: 'button', text: '知道了', action: { type: 'closeModal' } },
      ],
    };
    for (const bad of [
      '{',
      JSON.stringify({ title: '', blocks: [] }),
      JSON.stringify({ title: 'x', blocks: [{ type: 'button', action: { type: 'eval' } }] }),
    ])
      expect(
        (await t.call('POST', '/api/console/popups/save', { name: '公告', layout: bad, enabled: 'true' }, { token }))
          .body.message,
      ).toBe(ConsoleMsg.popupInvalid);
    const saved = await t.call(
      'POST',
      '/api/console/popups/save',
      { name: '公告', layout: JSON.stringify(layout), enabled: 'true' },
      { token },
    );
    expect(saved.body.code).toBe(200);
    const served = await t.call('GET', '/api/popupContent', { id: saved.body.id as number });
    expect(served.body.code).toBe(200);
    expect(JSON.parse(Buffer.from(served.body.content as string, 'base64').toString('utf8'))).toEqual(layout);
    await t.call('POST', '/api/console/popups/publish', { id: saved.body.id as number, published: 'false' }, { token });
    expect((await t.call('GET', '/api/popupContent', { id: saved.body.id as number })).body.code).not.toBe(200);
  });
});

describe('branding', () => {
  it('the product name and company lines the console sets are what the site config serves; bad text is refused', async () => {
    const token = editor.token;
    const settings = await t.call('GET', '/api/console/settings', {}, { token });
    const branding = (settings.body.settings as { branding: Record<string, string> }).branding;
    expect(branding.productName).toBe(t.ctx.config.site.productName);
    const bad = await t.call(
      'POST',
      '/api/console/settings/save',
      { key: 'branding', value: JSON.stringify({ ...branding, productName: 'a\nb' }) },
      { token },
    );
    expect(bad.body.message).toBe(ConsoleMsg.settingInvalid);
    const saved = await t.call(
      'POST',
      '/api/console/settings/save',
      { key: 'branding', value: JSON.stringify({ ...branding, productName: '云图数据', companyName: '' }) },
      { token },
    );
    expect(saved.body.code).toBe(200);
    const site = (await t.call('GET', '/api/siteConfig')).body.site as Record<string, string>;
    expect(site.productName).toBe('云图数据');
    // an empty field keeps the configured value
    expect(site.companyName).toBe(t.ctx.config.site.companyName);
  });
});

describe('prices', () => {
  it('a price change is exact, applies to new quotes only, never alters a paid order, and is audited before/after', async () => {
    const token = finance.token;
    const list = (await t.call('GET', '/api/console/prices', {}, { token })).body.list as {
      id: number;
      level: number;
      monthNum: number;
      price: string;
      originalPrice: string;
    }[];
    const option = list.find((p) => p.level === 2 && p.monthNum === 6)!;
    // a paid order at the old price
    const buyer = await createMember(t.ctx);
    await sql`INSERT INTO payment_orders (order_no, user_id, kind, request_type, level, month_num, price_option_id,
      price_fen, amount_fen, pay_type, provider, status, expires_at, paid_at)
      VALUES ('T-PRICE-1', ${buyer.id}, 'new', 1, 2, 6, ${option.id}, 143520, 143520, 1, 'sandbox', 'paid', now(), now())`.execute(
      t.ctx.db,
    );
    const form = {
      id: option.id,
      title: '半年会员',
      price: '1234.56',
      originalPrice: option.originalPrice,
      enabled: 'true',
      isDefault: 'false',
    };
    for (const [params, message] of [
      [{ ...form, price: '12.345' }, '售价须为最多两位小数的金额'],
      [{ ...form, price: '-1' }, '售价须为最多两位小数的金额'],
      [{ ...form, price: '1e3' }, '售价须为最多两位小数的金额'],
      [{ ...form, price: '0' }, '售价须大于0'],
      [{ ...form, originalPrice: '1000' }, ConsoleMsg.priceAboveOriginal],
      [{ ...form, id: 99999 }, ConsoleMsg.priceMissing],
    ] as const) {
      const res = await t.call('POST', '/api/console/prices/save', params, { token });
      expect(res.body.message, message).toBe(message);
    }
    expect((await t.call('POST', '/api/console/prices/save', form, { token: editor.token })).status).toBe(403);
    const unchanged = (await t.call('GET', '/api/console/prices', {}, { token })).body.list as typeof list;
    expect(unchanged.find((p) => p.id === option.id)!.price).toBe(option.price);

    const saved = await t.call('POST', '/api/console/prices/save', form, { token });
    expect(saved.body.code).toBe(200);
    expect(saved.body.price).toMatchObject({ price: '1234.56', unitPrice: '205.76' });
    const quote = await t.call('GET', '/api/buy/buyPrice', { type: 2 }, { token: (await createMember(t.ctx)).token });
    expect(JSON.stringify(quote.body)).toContain('1234.56');
    const { rows } = await sql<{
      price_fen: number;
      amount_fen: number;
    }>`SELECT price_fen, amount_fen FROM payment_orders
      WHERE order_no = 'T-PRICE-1'`.execute(t.ctx.db);
    expect(rows[0]).toEqual({ price_fen: 143520, amount_fen: 143520 });
    const { rows: audit } = await sql<{ detail: { before: { price: string }; after: { price: string } } }>`
      SELECT detail FROM audit_log WHERE action = 'price.update' AND target = ${`price:${option.id}`}`.execute(
      t.ctx.db,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail.before.price).toBe(option.price);
    expect(audit[0]!.detail.after.price).toBe('1234.56');
  });
});

describe('menus', () => {
  it('a disabled menu leaves the users’ menus; enabling brings it back', async () => {
    const token = editor.token;
    const menus = (await t.call('GET', '/api/console/menus', {}, { token })).body.list as {
      id: number;
      path: string;
      parentId: number | null;
    }[];
    const leaf = menus.find((m) => m.parentId !== null)!;
    const user = await createMember(t.ctx, { userType: 4 });
    const served = async () =>
      JSON.stringify((await t.call('GET', '/api/getMenu', {}, { token: user.token })).body.menus).replaceAll(
        /"redirect":"[^"]*"/g,
        '',
      );
    expect(await served()).toContain(`"${leaf.path}"`);
    expect(
      (await t.call('POST', '/api/console/menus/toggle', { id: leaf.id, enabled: 'false' }, { token })).body.code,
    ).toBe(200);
    expect(await served()).not.toContain(`"${leaf.path}"`);
    await t.call('POST', '/api/console/menus/toggle', { id: leaf.id, enabled: 'true' }, { token });
    expect(await served()).toContain(`"${leaf.path}"`);
    expect(
      (await t.call('POST', '/api/console/menus/toggle', { id: 999999, enabled: 'true' }, { token })).body.message,
    ).toBe(ConsoleMsg.menuMissing);
    expect(await auditCount('menu.disable', `menu:${leaf.id}`)).toBe(1);
  });
});
