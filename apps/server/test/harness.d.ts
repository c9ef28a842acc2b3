import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
export { TEST_DEMO_PASSWORD } from './constants.js';
export interface TestApp {
    app: FastifyInstance;
    ctx: AppContext;
    databaseUrl: string;
    /** Signed request as the web client sends it (query for GET/DELETE, form body for POST/PUT). */
    call(method: 'GET' | 'POST' | 'DELETE' | 'PUT', path: string, params?: Record<string, string | number>, options?: CallOptions): Promise<CallResult>;
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
    body: Record<string, unknown> & {
        code: number;
        message: string;
    };
    raw: LightMyRequestResponse;
}
/**
 * A whole app on its own database cloned from the seeded template. Each test file calls this once
 * (beforeAll) and closes it (afterAll).
 */
export declare function createTestApp(overrides?: Partial<AppConfig>): Promise<TestApp>;
/**
 * A whole app on a fresh database with the migrations and the reference data only — no demo world, no demo accounts
 * (SEED_DEMO=false): what a real deployment starts from before the importer or the collector fills it.
 */
export declare function createEmptyTestApp(overrides?: Partial<AppConfig>): Promise<TestApp>;
