import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Msg, signHeaders } from '@xg/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { routesFromPrintout, type Route } from './route-table.js';
import type * as ValidateModule from './validate.js';

/**
 * Issue #14: a fuzz test over EVERY route of the route table (read from Fastify itself, so routes added
 * later are walked too). Each route gets hostile inputs — NUL and control characters, huge strings, wrong
 * types, unknown enum values, arrays, objects, negative, fractional and huge numbers — anonymously and as a
 * signed-in premium user, as query, form body and JSON body. Any HTTP 500, and any answer that shows a
 * stack trace or SQL text, fails the test.
 *
 * Which fields a route reads is learnt, not listed: parseParams is wrapped (calling through to the real
 * one) to record the schema each route parses, and the schema's keys are then fuzzed one at a time with
 * the others at a plausible value, so the hostile value reaches the code behind the schema.
 */
const parsedSchemas: z.ZodType[] = [];
vi.mock('./validate.js', async (importOriginal) => {
  const real = await importOriginal<typeof ValidateModule>();
  return {
    ...real,
    parseParams: (schema: z.ZodType, input: unknown) => {
      parsedSchemas.push(schema);
      return real.parseParams(schema, input);
    },
  };
});

/** The top-level keys of a parameter schema (through pipes, preprocessors, refinements and defaults). */
function schemaKeys(schema: z.ZodType, depth = 0): string[] {
  if (depth > 6) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = ['in', 'out', 'innerType', 'schema'].map((k) => def[k]).filter((v) => v instanceof z.ZodType);
  return [...new Set(inner.flatMap((s) => schemaKeys(s, depth + 1)))];
}

type Value = string | string[] | number | boolean | null | Record<string, unknown> | unknown[];

/** Plausible values, so that one hostile field at a time gets past the others. */
const PLAUSIBLE: Record<string, string> = {
  keyword: '游戏',
  kolId: '1',
  id: '1',
  phone: '13800138000',
  email: 'fuzz@example.com',
  account: '13800138001',
  loginname: 'demo-free@example.com',
  loginpwd: 'wrong-password',
  password: 'fuzz-pass-123',
  rePassword: 'fuzz-pass-123',
  checkCode: 'ABCD',
  verifyCode: '123456',
  type: '1',
  flag: '1',
  otype: '1',
  priceId: '1',
  payType: '1',
  menuId: '1',
  dayNum: '30',
  days: '7',
  period: 'day',
  kind: 'fans',
  sort: 'fans',
  date: '2026-11-01',
  pageNo: '1',
  pageSize: '10',
  tid: '1',
  topic: '游戏',
  name: '子账号',
  company: '公司',
  contactName: '张三',
  position: '经理',
  needs: '需求',
  username: '昵称',
  coverImage: '/api/assets/cover/1.svg',
  orderNo: 'XG2026110100000000000000',
  scene: 'x',
  mode: 'existing',
  url: 'https://space.bilibili.com/1',
  kol: '1',
  sign: 'x',
  taId: 'x',
  pick: '13800138000',
  signature: 'x',
  timestamp: '1',
  nonce: 'x',
  echostr: 'x',
};

/** Past every length cap; a real request line cannot be much longer (Node's 16 KB header limit). */
const HUGE = 'x'.repeat(20_000);
/** The hostile values every field gets. */
const HOSTILE: [string, Value][] = [
  ['NUL', 'a\u0000b'],
  ['control', '\u0001\u001b[31m\u007f\u0085'],
  ['newline', 'a\r\nb\tc'],
  ['huge', HUGE],
  ['unicode', '\ud800🎮\u202e\ufffe'],
  ['percent', '%00%zz%'],
  ['sql', "1' OR '1'='1'; --"],
  ['empty', ''],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['huge-number', '1e308'],
  ['big-int', '99999999999999999999999'],
  ['nan', 'NaN'],
  ['unknown-enum', 'zzz-unknown'],
  ['array', ['1', '2']],
];
/** Only a JSON body can carry these. */
const JSON_ONLY: [string, Value][] = [
  ['object', { $gt: '' }],
  ['nested-array', [[1], { a: null }]],
  ['null', null],
  ['true', true],
  ['number', -1e300],
  ['huge-body', 'y'.repeat(400_000)],
];

let t: TestApp;
let routes: Route[] = [];
let premiumId = '';
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  routes = routesFromPrintout(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.url.startsWith('/api'));
  const premium = await t.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'demo-premium@example.com')
    .executeTakeFirstOrThrow();
  premiumId = premium.id;
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Percent-encodes a path segment; a lone surrogate becomes the invalid UTF-8 it would be (hostile too). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function fill(url: string, value: (name: string) => string): string {
  return url
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeSegment(value(name)))
    .replace(/\*$/, () => encodeSegment(value('*')));
}

function toSearch(params: Record<string, Value>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else if (value !== null && typeof value === 'object') search.append(key, JSON.stringify(value));
    else search.append(key, String(value));
  }
  return search.toString();
}

interface Sent {
  route: Route;
  what: string;
  status: number;
  body: string;
}

async function send(
  route: Route,
  params: Record<string, Value>,
  options: { token: string | null; json?: boolean; pathValue?: string },
): Promise<Sent> {
  const path = fill(route.url, (name) => options.pathValue ?? PLAUSIBLE[name] ?? '1');
  const headers: Record<string, string> = {
    ...signHeaders({ path, token: options.token }),
    'x-forwarded-for': `10.99.${(seq >> 8) & 255}.${seq & 255}`,
  };
  seq += 1;
  const bodyMethod = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  let url = path;
  let payload: string | undefined;
  if (!bodyMethod) {
    const search = toSearch(params);
    if (search) url = `${path}?${search}`;
  } else if (options.json) {
    payload = JSON.stringify(params);
    headers['content-type'] = 'application/json';
  } else {
    payload = toSearch(params);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  const type = String(res.headers['content-type'] ?? '');
  const textual = type === '' || /json|text|html|xml/.test(type);
  return { route, what: '', status: res.statusCode, body: textual ? res.body : '' };
}

const STACK = /\n\s+at [^\n]+:\d+:\d+|\bat (?:async )?[A-Za-z_$.]+ \((?:file:|node:|\/)/;
const SQL =
  /\b(?:SELECT|INSERT|UPDATE|DELETE)\b[^\n]{0,200}\b(?:FROM|INTO|SET|WHERE)\b|syntax error at or near|invalid input syntax|violates (?:check|unique|foreign key|not-null)|duplicate key value|relation "[^"]+"|column "[^"]+"|invalid byte sequence|out of range for type|PostgresError|DatabaseError/;

function problem(sent: Sent): string | null {
  if (sent.status >= 500) return `HTTP ${sent.status}`;
  if (STACK.test(sent.body)) return 'stack trace in the answer';
  if (SQL.test(sent.body)) return 'SQL text in the answer';
  return null;
}

/** A fresh session of the premium demo user (the previous call may have ended or replaced it). */
async function freshToken(): Promise<string> {
  return t.ctx.sessions.open(premiumId, { ip: null, userAgent: null });
}

/** The fields the route parses: one plausible signed-in call, recording the schema parseParams saw. */
async function fieldsOf(route: Route, token: string): Promise<string[]> {
  parsedSchemas.length = 0;
  const all = Object.fromEntries(Object.entries(PLAUSIBLE));
  await send(route, all, { token });
  return [...new Set(parsedSchemas.flatMap((s) => schemaKeys(s)))];
}

describe('every route survives hostile input', () => {
  it('reads the whole route table from Fastify', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const must of ['/api/searchKeyword', '/api/gologin', '/api/pay/confirmPay', '/api/user/userInfo'])
      expect(routes.map((r) => r.url)).toContain(must);
  });

  it('answers a NUL in a keyword with the input rule message (was HTTP 500: PostgreSQL refuses 0x00)', async () => {
    const token = await freshToken();
    for (const url of [
      '/api/searchKeyword?keyword=a%00b',
      '/api/searchKol?keyword=a%00b',
      '/api/topicDetail?topic=a%00b',
    ]) {
      const path = url.split('?')[0] ?? '';
      const res = await t.app.inject({ method: 'GET', url, headers: { ...signHeaders({ path, token }) } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toMatchObject({ code: -1, message: Msg.textInvalid });
    }
  });

  it('answers no hostile input with a 500, a stack trace or SQL text', async () => {
    const problems: string[] = [];
    const check = (sent: Sent, what: string) => {
      const p = problem(sent);
      if (p) problems.push(`${sent.route.method} ${sent.route.url} ${what}: ${p} — ${sent.body.slice(0, 300)}`);
    };
    let requests = 0;
    const started = Date.now();
    const slow: string[] = [];
    for (const route of routes) {
      const routeStarted = Date.now();
      let token = await freshToken();
      const fields = await fieldsOf(route, token);
      const names = [...new Set([...fields, ...Object.keys(PLAUSIBLE)])];
      const plausible = Object.fromEntries(fields.map((f) => [f, PLAUSIBLE[f] ?? '1']));
      // a route that parses no parameters gets a few hostile values (its answers cannot depend on them)
      const hostile = fields.length ? HOSTILE : HOSTILE.filter(([label]) => ['NUL', 'huge', 'array'].includes(label));
      for (const [label, value] of hostile) {
        // every known name hostile at once, anonymous and signed in
        const everywhere = Object.fromEntries(names.map((n) => [n, value]));
        check(await send(route, everywhere, { token: null }), `all fields ${label}, anonymous`);
        check(await send(route, everywhere, { token }), `all fields ${label}`);
        if (/:|\*$/.test(route.url) && typeof value === 'string' && value.length < 1000)
          check(await send(route, {}, { token, pathValue: value }), `path parameter ${label}`);
        // each field the route reads hostile alone, the others plausible
        for (const field of fields) {
          check(await send(route, { ...plausible, [field]: value }, { token }), `${field}=${label}`);
          requests += 1;
        }
        requests += 2;
        if (requests % 200 === 0) token = await freshToken();
      }
      if (route.method === 'POST' || route.method === 'PUT') {
        for (const [label, value] of [...HOSTILE, ...JSON_ONLY]) {
          for (const field of fields.length ? fields : ['x']) {
            const sent = await send(route, { ...plausible, [field]: value }, { token, json: true });
            check(sent, `JSON ${field}=${label}`);
            requests += 1;
          }
        }
        const raw = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { ...signHeaders({ path: route.url, token }), 'content-type': 'application/json' },
          payload: '{"a":',
        });
        check({ route, what: '', status: raw.statusCode, body: raw.body }, 'broken JSON');
      }
      const ms = Date.now() - routeStarted;
      if (ms > 700) slow.push(`${route.method} ${route.url} ${ms} ms`);
    }
    if (slow.length) console.log(`route fuzz, slow routes:\n${slow.join('\n')}`);
    console.log(`route fuzz: ${routes.length} routes, ${requests} requests, ${Date.now() - started} ms`);
    expect(problems).toEqual([]);
  }, 600_000);
});
