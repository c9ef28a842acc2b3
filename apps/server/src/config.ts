import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SiteBranding } from '@xg/shared';

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

/** Like bool() but undefined when unset (for settings whose default depends on another). */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes'));
const share = z.coerce.number().min(0).max(1).default(0);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** unset: 127.0.0.1 in sandbox mode (its pages sign anyone in), 0.0.0.0 otherwise */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  // Discovery reads on a streaming replica (db/read-replica.ts, docs/scaling.md "Read replicas"); unset: none.
  DATABASE_REPLICA_URL: z.string().url().optional(),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  REPLICA_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  // The longest a discovery read (search, rankings, details, hot content, the libraries) may run; 0: no bound.
  READ_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: one readable line per record, requests at debug; json: pino's JSON lines (lib/log-format.ts) */
  LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty'),
  SANDBOX: bool(true),
  /** sandbox mode on a non-loopback HOST: refused unless this is set (docs: README, Sandbox mode) */
  SANDBOX_PUBLIC: bool(false),
  /** unset: follows SANDBOX */
  SEED_DEMO: optionalBool,
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
  // Accounts (issue #4, docs/api/accounts.md). SMS_PROVIDER / WECHAT_PROVIDER unset: the sandbox providers in
  // sandbox mode; otherwise Aliyun SMS / the WeChat official account when their keys are set.
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).optional(),
  SMS_DAILY_PER_PHONE: z.coerce.number().int().min(1).max(1000).default(10),
  SMS_DAILY_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().min(1).optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  ALIYUN_SMS_REGION: z.string().min(1).default('cn-hangzhou'),
  WECHAT_PROVIDER: z.enum(['sandbox', 'official']).optional(),
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  /** the Token of the official account's server settings (3–32 letters or digits) */
  WECHAT_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9]{3,32}$/, 'WeChat tokens are 3 to 32 letters or digits')
    .optional(),
  WECHAT_API_BASE_URL: z.string().url().default('https://api.weixin.qq.com'),
  // Bilibili data source (docs/data-sources.md). The real platform is contacted only when an operator sets
  // BILIBILI_SOURCE=real, and that operator is responsible for respecting the platform's terms of service.
  BILIBILI_SOURCE: z.enum(['sim', 'real', 'off']).default('sim'),
  BILIBILI_BASE_URL: z.string().url().optional(),
  BILIBILI_API_BASE_URL: z.string().url().optional(),
  BILIBILI_LIVE_BASE_URL: z.string().url().optional(),
  BILIBILI_COMMENT_BASE_URL: z.string().url().optional(),
  BILIBILI_WWW_BASE_URL: z.string().url().optional(),
  BILIBILI_RPS: z.coerce.number().positive().max(50).default(2),
  BILIBILI_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  BILIBILI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BILIBILI_COOKIE: z.string().min(1).optional(),
  BILIBILI_USER_AGENT: z
    .string()
    .min(1)
    .refine((v) => !/python/i.test(v), 'the platform blocks User-Agents that contain "python" (-412)')
    .default(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ),
  // The Bilibili simulator (src/sim, docs/simulator.md). SIM_ENABLED unset follows SANDBOX; SIM_SEED / SIM_SCALE
  // unset follow DEMO_SEED / DEMO_SCALE, so the simulated world is the demo world in the database.
  SIM_ENABLED: optionalBool,
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SIM_SEED: z.coerce.number().int().optional(),
  SIM_SCALE: z.coerce.number().positive().max(1000).optional(),
  SIM_SPEED: z.coerce.number().positive().max(100_000).default(1),
  SIM_FAULT_412: share,
  SIM_FAULT_352: share,
  SIM_FAULT_5XX: share,
  SIM_FAULT_MALFORMED: share,
  SIM_FAULT_SLOW: share,
  SIM_FAULT_SLOW_MS: z.coerce.number().int().min(0).max(120_000).default(2000),
  // The data pipeline (docs/pipeline.md): process roles, the job workers and the scheduler, operators.
  ROLE: z.enum(['all', 'api', 'worker', 'scheduler']).default('all'),
  PIPELINE_ENABLED: optionalBool,
  // Creator search from the in-memory index (modules/creators/search-index.ts); off: SQL only.
  SEARCH_INDEX: optionalBool,
  SEARCH_INDEX_FRESH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** each build's snapshot in DATA_DIR/search-index.bin, loaded at the next start; unset: on, except NODE_ENV=test */
  SEARCH_INDEX_SNAPSHOT: optionalBool,
  /** how long the creator detail page's calls share one read of the creator (ms); unset: 2000, 0 in tests */
  DETAIL_SHARE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // Excel export (modules/export): how long an export call waits for its file before it goes to the background.
  EXPORT_INLINE_WAIT_MS: z.coerce.number().int().min(0).max(55_000).default(3000),
  EXPORT_JOB_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  SCHEDULER_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  // Months of creator_daily / video_daily kept attached (0: all); older monthly partitions are detached (0060).
  DAILY_RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(0),
  OPERATOR_USER_IDS: z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'a comma-separated list of user ids')
    .default(''),
  COLLECT_HOT_TOP_FANS: z.coerce.number().int().min(0).max(1_000_000).default(50),
  COLLECT_HOT_TOP_GROWTH: z.coerce.number().int().min(0).max(1_000_000).default(50),
  COLLECT_HIGH_TOP_INDEX: z.coerce.number().int().min(0).max(1_000_000).default(100),
  COLLECT_COMMENT_VIDEOS: z.coerce.number().int().min(0).max(20).default(1),
  COLLECT_COMMENT_PAGES: z.coerce.number().int().min(1).max(100).default(3),
  COLLECT_BACKFILL_PAGES: z.coerce.number().int().min(1).max(1000).default(20),
  LIVE_STATUS_BATCH: z.coerce.number().int().min(1).max(500).default(100),
  // Membership and payment (issue #5, docs/api/membership.md). PAYMENT_MODE unset: sandbox in sandbox mode,
  // else live with the providers whose keys are set. FREE_VIP_MODE unset: auto in sandbox mode, else manual.
  PAYMENT_MODE: z.enum(['sandbox', 'live']).optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  FREE_VIP_MODE: z.enum(['auto', 'manual']).optional(),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_NOTIFY_URL: z.string().url().optional(),
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_SERIAL_NO: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_SERIAL_NO: z.string().min(1).optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'the APIv3 key has 32 characters').optional(),
  WECHATPAY_API_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_NOTIFY_URL: z.string().url().optional(),
});

/** The product's and the operator's names and licences (README: PRODUCT_NAME, LOGO_URL, COMPANY_*…). */
export type Branding = SiteBranding;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** SANDBOX_PUBLIC: sandbox mode may listen beyond loopback (main.ts warns loudly) */
  sandboxPublic: boolean;
  /** undefined → start the embedded PostgreSQL */
  databaseUrl: string | undefined;
  /**
   * A streaming replica for discovery reads (DATABASE_REPLICA_URL; undefined: none), skipped while it lags more
   * than maxLagMs (REPLICA_MAX_LAG_MS, default 5000) or is away; its health is re-checked at most every checkMs
   * (REPLICA_CHECK_MS, default 1000). db/read-replica.ts.
   */
  readReplica: { url: string | undefined; maxLagMs: number; checkMs: number };
  /**
   * READ_STATEMENT_TIMEOUT_MS (default 20000; 0: none): how long a discovery read may run before it is cancelled
   * in the database (db/bounded-reads.ts on the primary; statement_timeout on a replica's connections), so a read
   * nobody waits for any more stops instead of slowing the next requests; answered 503 with Msg.queryTimeout.
   * Writes, accounts, money and jobs are not bounded; of the exports, only the lists read through the discovery
   * reads (the video and goods libraries) are, statement by statement.
   */
  readStatementTimeoutMs: number;
  dataDir: string;
  webDist: string;
  logLevel: string;
  /** LOG_FORMAT: 'pretty' (readable lines, requests at debug) or 'json' (pino's JSON lines) */
  logFormat: 'pretty' | 'json';
  sandbox: boolean;
  /**
   * Creator searches from the in-memory index (SEARCH_INDEX, default on); the rows changed since its snapshot
   * are re-read at most every `freshMs` (SEARCH_INDEX_FRESH_MS, default 1000; the tests use 0).
   */
  searchIndex: {
    enabled: boolean;
    freshMs: number;
    /**
     * SEARCH_INDEX_SNAPSHOT (default on, off in tests): each build is written to DATA_DIR/search-index.bin and a
     * starting API process loads it (seconds) instead of waiting for a build; null: no file.
     */
    snapshotFile?: string | null;
  };
  /**
   * How long the creator detail page's calls share one read of the creator, in ms (DETAIL_SHARE_MS, default 2000;
   * 0 in tests: only a read in flight is shared). Issue #28 item 1, CreatorService.find.
   */
  detailShareMs: number;
  /**
   * An export call answers with the file when it is made within this many ms (EXPORT_INLINE_WAIT_MS, default
   * 3000); else it answers the export's record and the file is finished in the background (导出记录).
   */
  exportInlineWaitMs: number;
  /**
   * An export of at least this many rows (EXPORT_JOB_ROWS, default 5000) is made by a pg-boss job
   * (`export.produce`) when this process has a job system; smaller ones, or all without one, in this process.
   */
  exportJobRows: number;
  seedDemo: boolean;
  demoPassword: string;
  demoScale: number;
  demoSeed: number;
  signCheck: boolean;
  /** Trust X-Forwarded-For (only behind a proxy that sets it); per-IP limits read the client IP from it. */
  trustProxy: boolean;
  appVersion: string;
  bilibili: BilibiliSettings;
  sim: SimSettings;
  /** which parts this process runs (ROLE): all, or one of api / worker / scheduler */
  role: ProcessRole;
  pipeline: PipelineSettings;
  accounts: AccountSettings;
  membership: MembershipSettings;
  site: Branding;
}

/**
 * Where Bilibili data comes from. `sim` (default): the built-in simulator, which serves the platform's paths
 * and JSON shapes; `real`: the real web API — only when an operator sets it, and the operator must respect
 * the platform's terms of service and keep the request rate polite; `off`: no collection.
 * Base URLs: a per-host setting wins, then `baseUrl` (all hosts at once, e.g. the simulator), then the real
 * hosts when source is `real` (see providers/bilibili/hosts.ts).
 */
export interface BilibiliSettings {
  source: 'sim' | 'real' | 'off';
  baseUrl: string | undefined;
  apiBaseUrl: string | undefined;
  liveBaseUrl: string | undefined;
  commentBaseUrl: string | undefined;
  wwwBaseUrl: string | undefined;
  /** the global request budget: requests per second over every call of one process */
  rps: number;
  maxAttempts: number;
  timeoutMs: number;
  /** optional raw Cookie header (e.g. SESSDATA=…; buvid3=…) sent to the platform */
  cookie: string | undefined;
  userAgent: string;
}

export type ProcessRole = 'all' | 'api' | 'worker' | 'scheduler';

/** The data pipeline (docs/pipeline.md): job workers, the scheduler and the operator endpoint. */
export interface PipelineSettings {
  /** start workers / the scheduler in main.ts (PIPELINE_ENABLED; default on, off when NODE_ENV=test) */
  enabled: boolean;
  /** parallel jobs per worker process for the busiest queues (others run fewer) */
  workerConcurrency: number;
  /** how often the scheduler looks for due work */
  schedulerTickMs: number;
  /** users allowed on GET /api/admin/pipeline (besides demo-premium@example.com in sandbox mode) */
  operatorUserIds: string[];
  /** hot cadence: the top N creators by fans and the top N by 7-day fan growth */
  hotTopFans: number;
  hotTopGrowth: number;
  /** high-value cadence: the top N creators by 云指数 (plus creators of active monitor targets) */
  highTopIndex: number;
  /** the daily comment sampler: latest videos per creator, and pages per video */
  commentVideos: number;
  commentPages: number;
  /** pages (50 videos each) of a new creator's video list collected by its backfill */
  backfillPages: number;
  /** uids per live-status request */
  liveStatusBatch: number;
  /** months of daily snapshots kept attached (DAILY_RETENTION_MONTHS; 0 = everything) */
  dailyRetentionMonths: number;
}

function pipelineSettings(e: z.infer<typeof EnvSchema>): PipelineSettings {
  return {
    enabled: e.PIPELINE_ENABLED ?? e.NODE_ENV !== 'test',
    workerConcurrency: e.WORKER_CONCURRENCY,
    schedulerTickMs: e.SCHEDULER_TICK_MS,
    operatorUserIds: e.OPERATOR_USER_IDS.split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map((v) => String(BigInt(v))),
    hotTopFans: e.COLLECT_HOT_TOP_FANS,
    hotTopGrowth: e.COLLECT_HOT_TOP_GROWTH,
    highTopIndex: e.COLLECT_HIGH_TOP_INDEX,
    commentVideos: e.COLLECT_COMMENT_VIDEOS,
    commentPages: e.COLLECT_COMMENT_PAGES,
    backfillPages: e.COLLECT_BACKFILL_PAGES,
    liveStatusBatch: e.LIVE_STATUS_BATCH,
    dailyRetentionMonths: e.DAILY_RETENTION_MONTHS,
  };
}

/** The built-in Bilibili simulator (src/sim): its world, its port and the faults it injects. */
export interface SimSettings {
  /** default: on in SANDBOX mode */
  enabled: boolean;
  /** 0 = a free port */
  port: number;
  seed: number;
  scale: number;
  /** world-time multiplier (1 = real time) */
  speed: number;
  /** shares (0–1) of answers turned into each fault; slow answers wait slowMs */
  faults: { p412: number; p352: number; p5xx: number; pMalformed: number; pSlow: number; slowMs: number };
}

function simSettingsProblems(e: z.infer<typeof EnvSchema>): string[] {
  const total = e.SIM_FAULT_412 + e.SIM_FAULT_352 + e.SIM_FAULT_5XX + e.SIM_FAULT_MALFORMED;
  return total > 1
    ? [`  SIM_FAULT_412, SIM_FAULT_352, SIM_FAULT_5XX, SIM_FAULT_MALFORMED: add up to ${total} (at most 1)`]
    : [];
}

function simSettings(e: z.infer<typeof EnvSchema>): SimSettings {
  return {
    enabled: e.SIM_ENABLED ?? e.SANDBOX,
    port: e.SIM_PORT,
    seed: e.SIM_SEED ?? e.DEMO_SEED,
    scale: e.SIM_SCALE ?? e.DEMO_SCALE,
    speed: e.SIM_SPEED,
    faults: {
      p412: e.SIM_FAULT_412,
      p352: e.SIM_FAULT_352,
      p5xx: e.SIM_FAULT_5XX,
      pMalformed: e.SIM_FAULT_MALFORMED,
      pSlow: e.SIM_FAULT_SLOW,
      slowMs: e.SIM_FAULT_SLOW_MS,
    },
  };
}

/**
 * Outside services of the accounts area. A provider of null follows SANDBOX: the sandbox provider in sandbox
 * mode; otherwise the real one when its keys are set, else none (sends fail loudly with a clear message).
 */
export interface AccountSettings {
  sms: {
    provider: 'sandbox' | 'aliyun' | null;
    /** daily caps (a day in Asia/Shanghai) on verification codes per destination and per client IP */
    dailyPerPhone: number;
    dailyPerIp: number;
    aliyun: AliyunSmsSettings | null;
  };
  wechat: WechatSettings;
}

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** one template with a ${code} variable, used for every code type */
  templateCode: string;
  endpoint: string;
  regionId: string;
}

export interface WechatSettings {
  provider: 'sandbox' | 'official' | null;
  appId: string | undefined;
  appSecret: string | undefined;
  /** the event-push Token: every push is signed with it (sha1 of token, timestamp, nonce) */
  token: string | undefined;
  apiBaseUrl: string;
}

/** Cross-field rules of the account settings, listed with the other configuration problems. */
function accountSettingsProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const aliyunKeys = [
    e.ALIYUN_SMS_ACCESS_KEY_ID,
    e.ALIYUN_SMS_ACCESS_KEY_SECRET,
    e.ALIYUN_SMS_SIGN_NAME,
    e.ALIYUN_SMS_TEMPLATE_CODE,
  ];
  if (e.SMS_PROVIDER === 'aliyun' && aliyunKeys.some((k) => k === undefined))
    problems.push(
      '  ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE: all required when SMS_PROVIDER=aliyun',
    );
  if (e.WECHAT_PROVIDER === 'official' && (!e.WECHAT_APP_ID || !e.WECHAT_APP_SECRET || !e.WECHAT_TOKEN))
    problems.push('  WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_TOKEN: all required when WECHAT_PROVIDER=official');
  if (e.SMS_PROVIDER === 'sandbox' && !e.SANDBOX)
    problems.push('  SMS_PROVIDER: sandbox needs SANDBOX=true (its outbox shows every verification code)');
  if (e.WECHAT_PROVIDER === 'sandbox' && !e.SANDBOX)
    problems.push('  WECHAT_PROVIDER: sandbox needs SANDBOX=true (its scan page signs in any account)');
  return problems;
}

function accountSettings(e: z.infer<typeof EnvSchema>): AccountSettings {
  const { ALIYUN_SMS_ACCESS_KEY_ID: id, ALIYUN_SMS_ACCESS_KEY_SECRET: secret, ALIYUN_SMS_SIGN_NAME: signName } = e;
  const templateCode = e.ALIYUN_SMS_TEMPLATE_CODE;
  return {
    sms: {
      provider: e.SMS_PROVIDER ?? null,
      dailyPerPhone: e.SMS_DAILY_PER_PHONE,
      dailyPerIp: e.SMS_DAILY_PER_IP,
      aliyun:
        id && secret && signName && templateCode
          ? {
              accessKeyId: id,
              accessKeySecret: secret,
              signName,
              templateCode,
              endpoint: e.ALIYUN_SMS_ENDPOINT,
              regionId: e.ALIYUN_SMS_REGION,
            }
          : null,
    },
    wechat: {
      provider: e.WECHAT_PROVIDER ?? null,
      appId: e.WECHAT_APP_ID,
      appSecret: e.WECHAT_APP_SECRET,
      token: e.WECHAT_TOKEN,
      apiBaseUrl: e.WECHAT_API_BASE_URL,
    },
  };
}

/** Membership: the free enterprise-tier promotion and online payment (modules/membership, modules/payment). */
export interface MembershipSettings {
  /** auto: a free account's application gets the 7-day 企业版 trial at once; manual: an operator decides */
  freeVipMode: 'auto' | 'manual';
  payment: PaymentSettings;
}

export interface PaymentSettings {
  /** sandbox: every pay type goes through the local pay page; live: Alipay / WeChat Pay when configured */
  mode: 'sandbox' | 'live';
  /** base URL of links given to providers and in the sandbox QR; null → the request's own origin */
  publicBaseUrl: string | null;
  alipay: AlipaySettings | null;
  wechatpay: WechatPaySettings | null;
}

export interface AlipaySettings {
  appId: string;
  /** the app's private key: PEM, or the bare base64 PKCS#8 / PKCS#1 body of Alipay's key tool */
  privateKey: string;
  /** Alipay's public key: PEM or bare base64 SPKI */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
}

export interface WechatPaySettings {
  appId: string;
  mchId: string;
  /** serial number of the merchant API certificate */
  serialNo: string;
  privateKey: string;
  /** WeChat Pay platform public key (PEM); its serial, when given, must match the Wechatpay-Serial header */
  platformPublicKey: string;
  platformSerialNo: string | null;
  /** the APIv3 key (32 characters) that decrypts notify resources */
  apiV3Key: string;
  apiBaseUrl: string;
  notifyUrl: string;
}

function paymentMode(e: z.infer<typeof EnvSchema>): 'sandbox' | 'live' {
  return e.PAYMENT_MODE ?? (e.SANDBOX ? 'sandbox' : 'live');
}

/**
 * Live payment: a provider counts once any of its keys is set, and then needs all of them. With none set, the
 * server still starts and confirmPay answers that the pay type is not available (like SMS without a provider).
 */
function membershipSettingsProblems(e: z.infer<typeof EnvSchema>): string[] {
  if (e.PAYMENT_MODE === 'sandbox' && !e.SANDBOX)
    return ['  PAYMENT_MODE: sandbox needs SANDBOX=true (its pay page grants memberships without money)'];
  if (paymentMode(e) !== 'live') return [];
  const problems: string[] = [];
  const groups = [
    { name: 'ALIPAY', notify: 'ALIPAY_NOTIFY_URL', keys: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] },
    {
      name: 'WECHATPAY',
      notify: 'WECHATPAY_NOTIFY_URL',
      keys: [
        'WECHATPAY_MCH_ID',
        'WECHATPAY_SERIAL_NO',
        'WECHATPAY_PRIVATE_KEY',
        'WECHATPAY_PLATFORM_PUBLIC_KEY',
        'WECHATPAY_API_V3_KEY',
      ],
    },
  ] as const;
  for (const { name, notify, keys } of groups) {
    if (!keys.some((k) => e[k] !== undefined)) continue;
    const missing = keys.filter((k) => e[k] === undefined);
    if (missing.length) problems.push(`  ${missing.join(', ')}: required when ${name}_* is set (PAYMENT_MODE=live)`);
    if (name === 'WECHATPAY' && !e.WECHATPAY_APP_ID && !e.WECHAT_APP_ID)
      problems.push('  WECHATPAY_APP_ID (or WECHAT_APP_ID): required for WeChat Pay');
    if (!e[notify] && !e.PUBLIC_BASE_URL)
      problems.push(`  ${notify} or PUBLIC_BASE_URL: required for live payment notifies`);
  }
  return problems;
}

function membershipSettings(e: z.infer<typeof EnvSchema>): MembershipSettings {
  const base = e.PUBLIC_BASE_URL ? e.PUBLIC_BASE_URL.replace(/\/+$/, '') : null;
  const notifyUrl = (explicit: string | undefined, route: string) => explicit ?? `${base ?? ''}${route}`;
  const wechatAppId = e.WECHATPAY_APP_ID ?? e.WECHAT_APP_ID;
  const { WECHATPAY_MCH_ID: mchId, WECHATPAY_SERIAL_NO: serialNo, WECHATPAY_PRIVATE_KEY: wxKey } = e;
  const { WECHATPAY_PLATFORM_PUBLIC_KEY: platformKey, WECHATPAY_API_V3_KEY: apiV3Key } = e;
  return {
    freeVipMode: e.FREE_VIP_MODE ?? (e.SANDBOX ? 'auto' : 'manual'),
    payment: {
      mode: paymentMode(e),
      publicBaseUrl: base,
      alipay:
        e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY
          ? {
              appId: e.ALIPAY_APP_ID,
              privateKey: e.ALIPAY_PRIVATE_KEY,
              alipayPublicKey: e.ALIPAY_PUBLIC_KEY,
              gateway: e.ALIPAY_GATEWAY,
              notifyUrl: notifyUrl(e.ALIPAY_NOTIFY_URL, '/api/notify/alipay'),
            }
          : null,
      wechatpay:
        wechatAppId && mchId && serialNo && wxKey && platformKey && apiV3Key
          ? {
              appId: wechatAppId,
              mchId,
              serialNo,
              privateKey: wxKey,
              platformPublicKey: platformKey,
              platformSerialNo: e.WECHATPAY_PLATFORM_SERIAL_NO ?? null,
              apiV3Key,
              apiBaseUrl: e.WECHATPAY_API_BASE_URL,
              notifyUrl: notifyUrl(e.WECHATPAY_NOTIFY_URL, '/api/notify/wechatpay'),
            }
          : null,
    },
  };
}

/** Whether a listen address reaches only this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * Sandbox mode is safe to run by accident (issue #14): its pages sign anyone in and show verification codes,
 * so it stays on loopback unless SANDBOX_PUBLIC=true says otherwise; production (SANDBOX=false) takes no
 * sandbox provider and no demo data.
 */
function sandboxProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (e.SANDBOX && e.HOST !== undefined && !isLoopbackHost(e.HOST) && !e.SANDBOX_PUBLIC)
    problems.push(
      `  HOST: ${e.HOST} is not a loopback address; sandbox mode (SANDBOX=true) lets anyone who reaches it sign in as any demo account and read verification codes. Use HOST=127.0.0.1, set SANDBOX=false for production, or SANDBOX_PUBLIC=true to expose the sandbox on purpose.`,
    );
  if (!e.SANDBOX && e.SANDBOX_PUBLIC) problems.push('  SANDBOX_PUBLIC: only meaningful with SANDBOX=true');
  if (!e.SANDBOX && e.SEED_DEMO === true)
    problems.push('  SEED_DEMO: demo accounts (known passwords) need SANDBOX=true; production refuses them');
  return problems;
}

export const APP_VERSION = '0.1.0';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = [
    ...sandboxProblems(e),
    ...accountSettingsProblems(e),
    ...membershipSettingsProblems(e),
    ...simSettingsProblems(e),
  ];
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.SANDBOX ? '127.0.0.1' : '0.0.0.0'),
    sandboxPublic: e.SANDBOX && e.SANDBOX_PUBLIC,
    databaseUrl: e.DATABASE_URL,
    readReplica: { url: e.DATABASE_REPLICA_URL, maxLagMs: e.REPLICA_MAX_LAG_MS, checkMs: e.REPLICA_CHECK_MS },
    readStatementTimeoutMs: e.READ_STATEMENT_TIMEOUT_MS,
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    sandbox: e.SANDBOX,
    searchIndex: {
      enabled: e.SEARCH_INDEX ?? true,
      freshMs: e.SEARCH_INDEX_FRESH_MS,
      snapshotFile:
        (e.SEARCH_INDEX_SNAPSHOT ?? e.NODE_ENV !== 'test')
          ? path.join(path.resolve(e.DATA_DIR), 'search-index.bin')
          : null,
    },
    detailShareMs: e.DETAIL_SHARE_MS ?? (e.NODE_ENV === 'test' ? 0 : 2000),
    exportInlineWaitMs: e.EXPORT_INLINE_WAIT_MS,
    exportJobRows: e.EXPORT_JOB_ROWS,
    seedDemo: e.SEED_DEMO ?? e.SANDBOX,
    demoPassword: e.DEMO_PASSWORD,
    demoScale: e.DEMO_SCALE,
    demoSeed: e.DEMO_SEED,
    signCheck: e.SIGN_CHECK,
    trustProxy: e.TRUST_PROXY,
    appVersion: APP_VERSION,
    accounts: accountSettings(e),
    membership: membershipSettings(e),
    bilibili: {
      source: e.BILIBILI_SOURCE,
      baseUrl: e.BILIBILI_BASE_URL,
      apiBaseUrl: e.BILIBILI_API_BASE_URL,
      liveBaseUrl: e.BILIBILI_LIVE_BASE_URL,
      commentBaseUrl: e.BILIBILI_COMMENT_BASE_URL,
      wwwBaseUrl: e.BILIBILI_WWW_BASE_URL,
      rps: e.BILIBILI_RPS,
      maxAttempts: e.BILIBILI_MAX_ATTEMPTS,
      timeoutMs: e.BILIBILI_TIMEOUT_MS,
      cookie: e.BILIBILI_COOKIE,
      userAgent: e.BILIBILI_USER_AGENT,
    },
    sim: simSettings(e),
    role: e.ROLE,
    pipeline: pipelineSettings(e),
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
