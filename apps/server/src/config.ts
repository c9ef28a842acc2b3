import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is validated at boot and every problem is listed at once.
 * The table in the README documents each variable.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SANDBOX: bool(true),
  SEED_DEMO: bool(true),
  DEMO_PASSWORD: z.string().min(6).default('demo123456'),
  DEMO_SCALE: z.coerce.number().positive().max(1000).default(1),
  DEMO_SEED: z.coerce.number().int().default(20261121),
  SIGN_CHECK: bool(true),
  TRUST_PROXY: bool(false),
  PRODUCT_NAME: z.string().min(1).default('霞光数据'),
  PRODUCT_SHORT_NAME: z.string().min(1).default('霞光'),
  LOGO_URL: z.string().default('/logo.svg'),
  COMPANY_NAME: z.string().default('霞光数据（示例）科技有限公司'),
  COMPANY_ADDRESS: z.string().default('上海市徐汇区示例路 100 号'),
  COMPANY_PHONE: z.string().default('400-000-0000'),
  COMPANY_EMAIL: z.string().default('service@example.com'),
  ICP: z.string().default('沪ICP备00000000号-1（示例）'),
  LICENSE: z.string().default('增值电信业务经营许可证：沪B2-00000000（示例）'),
  PUBLIC_SECURITY: z.string().default('沪公网安备 31000000000000号（示例）'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** undefined → start the embedded PostgreSQL */
  databaseUrl: string | undefined;
  dataDir: string;
  webDist: string;
  logLevel: string;
  sandbox: boolean;
  seedDemo: boolean;
  demoPassword: string;
  demoScale: number;
  demoSeed: number;
  signCheck: boolean;
  /** Trust X-Forwarded-For (only behind a proxy that sets it); per-IP limits read the client IP from it. */
  trustProxy: boolean;
  appVersion: string;
  site: {
    productName: string;
    productShortName: string;
    logoUrl: string;
    companyName: string;
    companyAddress: string;
    companyPhone: string;
    companyEmail: string;
    icp: string;
    license: string;
    publicSecurity: string;
  };
}

export const APP_VERSION = '0.1.0';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    sandbox: e.SANDBOX,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    demoScale: e.DEMO_SCALE,
    demoSeed: e.DEMO_SEED,
    signCheck: e.SIGN_CHECK,
    trustProxy: e.TRUST_PROXY,
    appVersion: APP_VERSION,
    site: {
      productName: e.PRODUCT_NAME,
      productShortName: e.PRODUCT_SHORT_NAME,
      logoUrl: e.LOGO_URL,
      companyName: e.COMPANY_NAME,
      companyAddress: e.COMPANY_ADDRESS,
      companyPhone: e.COMPANY_PHONE,
      companyEmail: e.COMPANY_EMAIL,
      icp: e.ICP,
      license: e.LICENSE,
      publicSecurity: e.PUBLIC_SECURITY,
    },
  };
}
