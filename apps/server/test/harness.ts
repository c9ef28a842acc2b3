import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { signHeaders } from '@xg/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { migrate } from '../src/db/migrate.js';
import { createMember, type TestMember } from '../src/modules/membership/test-members.js';
import { DEMO_WORLD_KEY } from '../src/db/seed/demo-world.js';
import { runSeeds } from '../src/db/seed/index.js';
import { createDatabase, dropDatabase, withDatabase } from './global-setup.js';

export { TEST_DEMO_PASSWORD } from './constants.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  databaseUrl: string;
  /** Signed request as the web client sends it (query for GET/DELETE, form body for POST/PUT). */
  call(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    path: string,
    params?: Record<string, string | number>,
    options?: CallOptions,
  ): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Skip the sign headers entirely. */
  unsigned?: boolean;
  json?: boolean;
}

export interface CallResult {
  status: number;
  body: Record<string, unknown> & { code: number; message: string };
  raw: LightMyRequestResponse;
}

/**
 * A whole app on its own database cloned from the seeded template. Each test file calls this once
 * (beforeAll) and closes it (afterAll).
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name, template);
  return appOnDatabase(adminUrl, name, overrides);
}

/**
 * The app of a test file (or of a describe block): made by `createTestApp(overrides)` before the first test, closed
 * after the last. The answer reads that app inside tests and hooks; hooks the file registers after this call run
 * once the app is made (before) and before it is closed (after).
 */
export function useTestApp(overrides: Partial<AppConfig> = {}): TestApp {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(overrides);
  });
  afterAll(async () => {
    await made?.close();
  });
  const current = (): TestApp => {
    if (!made) throw new Error('useTestApp: the app is made in beforeAll, read it inside tests and hooks');
    return made;
  };
  return {
    get app() {
      return current().app;
    },
    get ctx() {
      return current().ctx;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    call: (...args) => current().call(...args),
    close: () => current().close(),
  };
}

/**
 * A 免费版 (user type 0) and a 专业版 (user type 2) member of the file's app, made before its tests (register after
 * `useTestApp`; read them inside tests and hooks).
 */
export function useFreeAndProMembers(t: TestApp): { free: TestMember; pro: TestMember } {
  const members = {} as { free: TestMember; pro: TestMember };
  beforeAll(async () => {
    members.free = await createMember(t.ctx, { userType: 0 });
    members.pro = await createMember(t.ctx, { userType: 2 });
  });
  return members;
}

/** The seeded demo world's last day of history (historyEnd of its app_meta marker); throws when none is loaded. */
export async function demoWorldHistoryEnd(db: AppContext['db']): Promise<string> {
  const marker = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', DEMO_WORLD_KEY)
    .executeTakeFirstOrThrow();
  return (marker.value as { historyEnd: string }).historyEnd;
}

/**
 * The seeded demo world of the file's app `t` (register after `useTestApp`): its database, and its last day of
 * history (`demoWorldHistoryEnd`) read before the tests. Read them inside tests and hooks.
 */
export function useDemoWorld(t: TestApp): { readonly db: AppContext['db']; readonly end: string } {
  let end: string | undefined;
  beforeAll(async () => {
    end = await demoWorldHistoryEnd(t.ctx.db);
  });
  return {
    get db() {
      return t.ctx.db;
    },
    get end() {
      if (end === undefined) throw new Error('useDemoWorld: the day is read in beforeAll, read it inside tests');
      return end;
    },
  };
}

/** The params of a call: the query of a GET, the form body of a POST. */
export type CallParams = Record<string, string | number>;

/**
 * A signed GET with a session token that must answer HTTP 200; the body typed as the route's answer (with the
 * envelope's code and message, and the required level of a tier refusal).
 */
export async function getAnswer<T>(
  t: TestApp,
  path: string,
  params: CallParams,
  token: string,
): Promise<T & { code: number; message: string; requiredLevel?: number }> {
  const res = await t.call('GET', path, params, { token });
  expect(res.status).toBe(200);
  return res.body as unknown as T & { code: number; message: string; requiredLevel?: number };
}

/** `getAnswer` as a member: `member`, or the one `byDefault` gives when the call names none. */
export function memberGet(t: TestApp, byDefault: () => TestMember) {
  return <T>(path: string, params: CallParams, member: TestMember = byDefault()) =>
    getAnswer<T>(t, path, params, member.token);
}

/**
 * A whole app on a fresh database with the migrations and the reference data only — no demo world, no demo accounts
 * (SEED_DEMO=false): what a real deployment starts from before the importer or the collector fills it.
 */
export async function createEmptyTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `${inject('templateDatabase')}_empty_${crypto.randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  await migrate(url);
  const test = await appOnDatabase(adminUrl, name, { ...overrides, seedDemo: false });
  await runSeeds(test.ctx, { demo: false, scale: 1, seed: 1, demoPassword: 'unused', log: () => undefined });
  return test;
}

async function appOnDatabase(adminUrl: string, name: string, overrides: Partial<AppConfig>): Promise<TestApp> {
  const databaseUrl = withDatabase(adminUrl, name);
  // Tests stand behind a simulated proxy: X-Forwarded-For gives each test its own client IP.
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', SEARCH_INDEX_FRESH_MS: '0' }),
    ...overrides,
    databaseUrl,
  };
  const { app, ctx } = await buildApp(config);
  await app.ready();

  async function call(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    path: string,
    params: Record<string, string | number> = {},
    options: CallOptions = {},
  ): Promise<CallResult> {
    const text = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const headers: Record<string, string> = {
      ...(options.unsigned ? {} : signHeaders({ path, token: options.token ?? null })),
      ...(options.headers ?? {}),
    };
    const req: InjectOptions = { method, url: path, headers, cookies: options.cookies ?? {} };
    if (method === 'GET' || method === 'DELETE') {
      req.query = text;
    } else if (options.json) {
      req.payload = text;
    } else {
      req.payload = new URLSearchParams(text).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const raw = await app.inject(req);
    let body: CallResult['body'];
    try {
      body = raw.json();
    } catch {
      body = { code: Number.NaN, message: raw.body };
    }
    return { status: raw.statusCode, body, raw };
  }

  return {
    app,
    ctx,
    databaseUrl,
    call,
    async close() {
      await app.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
