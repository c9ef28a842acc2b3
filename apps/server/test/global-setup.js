import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { createDb } from '../src/db/client.js';
import { runSeeds } from '../src/db/seed/index.js';
import { loadConfig } from '../src/config.js';
import { SessionRepository } from '../src/modules/session/session.repository.js';
import { SessionService } from '../src/modules/session/session.service.js';
import { TEST_DEMO_PASSWORD, TEST_SCALE, TEMPLATE_PREFIX } from './constants.js';
/**
 * Once per `npm test`: a PostgreSQL server (TEST_DATABASE_URL, or an embedded one in a temp dir), and a
 * template database migrated and seeded with a small demo world. Each test file clones the template
 * (CREATE DATABASE … TEMPLATE …), so files run in parallel without sharing rows.
 */
let embedded = null;
let adminUrl = '';
let templateName = '';
export default async function setup(project) {
    const external = process.env.TEST_DATABASE_URL;
    if (external) {
        adminUrl = external;
    }
    else {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-test-pg-'));
        fs.chmodSync(dir, 0o755); // the embedded server runs as its own OS user
        embedded = await startEmbeddedPostgres(dir, undefined, { tuning: 'small' });
        adminUrl = embedded.url;
    }
    templateName = `${TEMPLATE_PREFIX}${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
    await admin.end();
    const templateUrl = withDatabase(adminUrl, templateName);
    await migrate(templateUrl, path.resolve(import.meta.dirname, '../src/db/migrations'));
    const { db, pool } = createDb(templateUrl, 4);
    const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), databaseUrl: templateUrl };
    await runSeeds({ config, db, pool, sessions: new SessionService(new SessionRepository(db)) }, { demo: true, scale: TEST_SCALE, seed: 7, demoPassword: TEST_DEMO_PASSWORD, log: () => undefined });
    await db.destroy();
    project.provide('adminDatabaseUrl', adminUrl);
    project.provide('templateDatabase', templateName);
    return async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        const rows = await cleanup.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
            `${TEMPLATE_PREFIX}${process.pid}_%`,
        ]);
        for (const r of rows.rows)
            await cleanup.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
        await cleanup.end();
        if (embedded)
            await embedded.stop();
    };
}
export function withDatabase(url, database) {
    const u = new URL(url);
    u.pathname = `/${database}`;
    return u.toString();
}
//# sourceMappingURL=global-setup.js.map