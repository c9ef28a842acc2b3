/** The console's 品牌词库 (issue #26 item 3): operator roles, TOTP, audit, and each bad input changing nothing. */
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandMsg } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { ConsoleMsg, type OperatorRole } from '../console/console.roles.js';
import { createMember, type TestMember } from '../membership/test-members.js';

let t: TestApp;
const ops = {} as Record<OperatorRole, TestMember>;

async function operator(role: OperatorRole): Promise<TestMember> {
  const m = await createMember(t.ctx);
  await sql`INSERT INTO operators (user_id, role) VALUES (${m.id}, ${role})`.execute(t.ctx.db);
  const setup = await t.call('POST', '/api/console/totp/setup', {}, { token: m.token });
  const code = new OTPAuth.TOTP({
    secret: setup.body.secret as string,
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate();
  await t.call('POST', '/api/console/totp/verify', { code }, { token: m.token });
  return m;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['content', 'service', 'admin'] as const) ops[role] = await operator(role);
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: Record<string, string | number>, who: TestMember = ops.content) =>
  t.call('POST', path, body, { token: who.token });
const brandCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM brands`.execute(t.ctx.db)).rows[0]?.n);
const aliasCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM brand_aliases`.execute(t.ctx.db)).rows[0]?.n);

describe('console brands', () => {
  it('content and admin operators only; a customer gets 403; a service operator gets the role refusal', async () => {
    const customer = await createMember(t.ctx, { userType: 4 });
    expect((await t.call('GET', '/api/console/brands', {}, { token: customer.token })).status).toBe(403);
    const svc = await t.call('GET', '/api/console/brands', {}, { token: ops.service.token });
    expect(svc.body).toMatchObject({ code: 403, message: ConsoleMsg.roleDenied });
    const ok = await t.call('GET', '/api/console/brands', { keyword: '小米' }, { token: ops.admin.token });
    expect(ok.body.code).toBe(200);
    const names = (ok.body.list as { name: string }[]).map((b) => b.name);
    expect(names).toContain('小米');
    const xiaomi = (ok.body.list as { name: string; aliases: { alias: string; ambiguous: boolean }[] }[]).find(
      (b) => b.name === '小米',
    );
    expect(xiaomi?.aliases.some((a) => a.ambiguous)).toBe(true);
  });

  it('adds a brand, an ambiguous alias with context words and exclude phrases, edits, disables; all audited', async () => {
    const created = await post('/api/console/brands/save', { name: '测试词库品牌', categoryId: 3, note: '试用' });
    expect(created.body.code).toBe(200);
    const id = (created.body.brand as { id: number }).id;
    const alias = await post('/api/console/brands/alias/save', {
      brandId: id,
      alias: '词库',
      ambiguous: 1,
      contextWords: '饮料\n零食',
      excludePhrases: '词库管理，词库软件',
    });
    expect(alias.body.brand).toMatchObject({
      aliases: [
        { alias: '词库', ambiguous: true, contextWords: ['饮料', '零食'], excludePhrases: ['词库管理', '词库软件'] },
      ],
    });
    const aliasId = (alias.body.brand as { aliases: { id: number }[] }).aliases[0]?.id as number;
    const edited = await post('/api/console/brands/alias/save', {
      id: aliasId,
      brandId: id,
      alias: '词库饮品',
      ambiguous: 0,
      contextWords: '',
      excludePhrases: '',
    });
    expect(edited.body.brand).toMatchObject({ aliases: [{ alias: '词库饮品', ambiguous: false, contextWords: [] }] });
    const off = await post('/api/console/brands/enable', { id, enabled: 0 });
    expect(off.body.brand).toMatchObject({ enabled: false });
    const del = await post('/api/console/brands/alias/delete', { id: aliasId });
    expect(del.body.brand).toMatchObject({ aliases: [] });
    const audit = await sql<{ action: string; target: string; operator_id: string }>`
      SELECT action, target, operator_id::text FROM audit_log WHERE target = ${`brand:${id}`} ORDER BY id`.execute(
      t.ctx.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'brand.create',
      'brand.alias.create',
      'brand.alias.update',
      'brand.disable',
      'brand.alias.delete',
    ]);
    expect(audit.rows.every((r) => r.operator_id === ops.content.id)).toBe(true);
  });

  it('bad input is refused in Chinese and changes nothing', async () => {
    const brands = await brandCount();
    const aliases = await aliasCount();
    const xiaomiId = (await sql<{ id: number }>`SELECT id FROM brands WHERE name = '小米'`.execute(t.ctx.db)).rows[0]
      ?.id as number;
    const cases: [string, Record<string, string | number>, string][] = [
      ['/api/console/brands/save', { name: '', categoryId: 1 }, BrandMsg.nameRequired],
      ['/api/console/brands/save', { name: '品'.repeat(41), categoryId: 1 }, BrandMsg.nameTooLong],
      ['/api/console/brands/save', { name: '新品牌', categoryId: 50 }, BrandMsg.categoryInvalid],
      ['/api/console/brands/save', { name: '华为', categoryId: 1 }, BrandMsg.nameTaken],
      ['/api/console/brands/save', { id: 99999999, name: '不存在', categoryId: 1 }, BrandMsg.brandMissing],
      ['/api/console/brands/save', { name: 'a\u0000b', categoryId: 1 }, ''],
      ['/api/console/brands/alias/save', { brandId: xiaomiId, alias: '' }, BrandMsg.aliasRequired],
      ['/api/console/brands/alias/save', { brandId: xiaomiId, alias: '华为' }, BrandMsg.aliasTaken('华为')],
      [
        '/api/console/brands/alias/save',
        { brandId: xiaomiId, alias: '新别名', ambiguous: 1 },
        BrandMsg.ambiguousNeedsContext,
      ],
      [
        '/api/console/brands/alias/save',
        { brandId: xiaomiId, alias: '新别名', contextWords: '词'.repeat(21) },
        BrandMsg.wordsInvalid,
      ],
      ['/api/console/brands/alias/save', { brandId: 99999999, alias: '新别名' }, BrandMsg.brandMissing],
      ['/api/console/brands/alias/delete', { id: 99999999 }, BrandMsg.aliasMissing],
      ['/api/console/brands/enable', { id: 99999999, enabled: 1 }, BrandMsg.brandMissing],
    ];
    for (const [path, body, message] of cases) {
      const r = await post(path, body);
      expect(r.body.code, `${path} ${JSON.stringify(body)}`).toBe(-1);
      if (message) expect(r.body.message, `${path} ${JSON.stringify(body)}`).toBe(message);
    }
    expect(await brandCount()).toBe(brands);
    expect(await aliasCount()).toBe(aliases);
  });
});
