import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { signHeaders } from '@xg/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { runSeeds } from '../src/db/seed/index.js';
import { withDatabase } from './global-setup.js';
export { TEST_DEMO_PASSWORD } from './constants.js';
/**
 * A whole app on its own database cloned from the seeded template. Each test file calls this once
 * (beforeAll) and closes it (afterAll).
 */
export async function createTestApp(overrides = {}) {
    const adminUrl = inject('adminDatabaseUrl');
    const template = inject('templateDatabase');
    const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    return appOnDatabase(adminUrl, name, overrides);
}
/**
 * A whole app on a fresh database with the migrations and the reference data only — no demo world, no demo accounts
 * (SEED_DEMO=false): what a real deployment starts from before the importer or the collector fills it.
 */
export async function createEmptyTestApp(overrides = {}) {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `${inject('templateDatabase')}_empty_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    await migrate(url);
    const test = await appOnDatabase(adminUrl, name, { ...overrides, seedDemo: false });
    await runSeeds(test.ctx, { demo: false, scale: 1, seed: 1, demoPassword: 'unused', log: () => undefined });
    return test;
}
async function appOnDatabase(adminUrl, name, overrides) {
    const databaseUrl = withDatabase(adminUrl, name);
    // Tests stand behind a simulated proxy: X-Forwarded-For gives each test its own client IP.
    const config = {
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', SEARCH_INDEX_FRESH_MS: '0' }),
        ...overrides,
        databaseUrl,
    };
    const { app, ctx } = await buildApp(config);
    await app.ready();
    async function call(method, path, params = {}, options = {}) {
        const text = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
        const headers = {
            ...(options.unsigned ? {} : signHeaders({ path, token: options.token ?? null })),
            ...(options.headers ?? {}),
        };
        const req = { method, url: path, headers, cookies: options.cookies ?? {} };
        if (method === 'GET' || method === 'DELETE') {
            req.query = text;
        }
        else if (options.json) {
            req.payload = text;
        }
        else {
            req.payload = new URLSearchParams(text).toString();
            headers['content-type'] = 'application/x-www-form-urlencoded';
        }
        const raw = await app.inject(req);
        let body;
        try {
            body = raw.json();
        }
        catch {
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
            const cleanup = new pg.Client({ connectionString: adminUrl });
            await cleanup.connect();
            await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await cleanup.end();
        },
    };
}
//# sourceMappingURL=harness.js.map