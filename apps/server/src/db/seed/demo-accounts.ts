import { TRIAL_VERSION_TYPE, UserType, userTypeLabel } from '@xg/shared';
import { newInviteCode } from '../../modules/user/invite-code.js';
import { hashPassword, verifyPassword } from '../../modules/user/password.js';
import { UserRepository, type DemoUserFields } from '../../modules/user/user.repository.js';
import type { Db } from '../client.js';

export interface DemoAccount {
  login: string;
  description: string;
}

interface DemoSpec {
  email: string;
  phone: string;
  username: string;
  userType: number;
  versionType: number;
  /** days until the paid period ends; null → no paid period */
  days: number | null;
  /** e-mail of the parent account (a sub-account shares the parent's tier) */
  parentEmail: string | null;
  description: string;
}

const REGULAR = 1;
const YEAR = 365;

/**
 * One account per tier, a trial and a sub-account (sandbox mode, printed at start). Phones are fake
 * 199000000xx numbers so phone sign-in works too. Parents come before their sub-accounts.
 */
export const DEMO_SPECS: readonly DemoSpec[] = [
  demo('demo-free@example.com', '19900000001', UserType.FREE, REGULAR, null, null, userTypeLabel(UserType.FREE)),
  demo('demo-basic@example.com', '19900000002', UserType.BASIC, REGULAR, YEAR, null, userTypeLabel(UserType.BASIC)),
  demo('demo-pro@example.com', '19900000003', UserType.PRO, REGULAR, YEAR, null, userTypeLabel(UserType.PRO)),
  demo(
    'demo-ent@example.com',
    '19900000004',
    UserType.ENTERPRISE,
    REGULAR,
    YEAR,
    null,
    userTypeLabel(UserType.ENTERPRISE),
  ),
  demo(
    'demo-premium@example.com',
    '19900000005',
    UserType.PREMIUM,
    REGULAR,
    YEAR,
    null,
    userTypeLabel(UserType.PREMIUM),
  ),
  demo(
    'demo-trial@example.com',
    '19900000006',
    UserType.ENTERPRISE,
    TRIAL_VERSION_TYPE,
    15,
    null,
    `${userTypeLabel(UserType.ENTERPRISE)} · 试用（15天）`,
  ),
  demo(
    'demo-sub@example.com',
    '19900000007',
    UserType.FREE,
    REGULAR,
    null,
    'demo-ent@example.com',
    `${userTypeLabel(UserType.ENTERPRISE)} · 子账号（主账号 demo-ent）`,
  ),
];

function demo(
  email: string,
  phone: string,
  userType: number,
  versionType: number,
  days: number | null,
  parentEmail: string | null,
  description: string,
): DemoSpec {
  const name = email.slice(0, email.indexOf('@'));
  return { email, phone, username: name, userType, versionType, days, parentEmail, description };
}

/**
 * Creates the demo accounts that do not exist yet, with their tier, expiry (one year, or 15 days for the trial,
 * from now), parent and phone. An existing demo account keeps what happened to it — a sandbox purchase, an
 * expiry, a renamed user, a sub-account that left (issue #14: tiers used to be rewritten at every start, so a
 * demo purchase disappeared). Its password hash is replaced only when the stored one does not verify with
 * `password`, so a restart with the same DEMO_PASSWORD costs one verify per account. A phone already held by a
 * real account is left to it (the demo account then signs in by e-mail only).
 */
export async function seedDemoAccounts(db: Db, password: string): Promise<DemoAccount[]> {
  const users = new UserRepository(db);
  const idsByEmail = new Map<string, string>();
  const accounts: DemoAccount[] = [];

  for (const spec of DEMO_SPECS) {
    const phoneHolder = await users.findIdByPhone(spec.phone);
    const existing = await users.findLoginByEmail(spec.email);
    let id: string | undefined;
    let description = spec.description;
    let phone: string | null;
    if (existing) {
      const keepHash = await verifyPassword(existing.passwordHash, password);
      const freePhone = phoneHolder === undefined ? spec.phone : null;
      const stored = await users.refreshDemo(existing.id, freePhone, keepHash ? null : await hashPassword(password));
      if (stored.userType !== spec.userType)
        description = `${userTypeLabel(stored.userType)}（演示初始为${spec.description}，已在沙箱中变更）`;
      phone = stored.phone;
      id = existing.id;
    } else {
      const fields: DemoUserFields = {
        username: spec.username,
        phone: phoneHolder === undefined ? spec.phone : null,
        userType: spec.userType,
        versionType: spec.versionType,
        maturityTime: spec.days === null ? null : new Date(Date.now() + spec.days * 24 * 3600 * 1000),
        parentId: spec.parentEmail ? (idsByEmail.get(spec.parentEmail) ?? null) : null,
      };
      const hash = await hashPassword(password); // its own salt per account
      for (let attempt = 0; attempt < 5 && id === undefined; attempt += 1) {
        id = await users.insertDemo(spec.email, fields, hash, newInviteCode());
      }
      if (id === undefined) throw new Error(`demo account ${spec.email} could not be created`);
      phone = fields.phone;
    }
    idsByEmail.set(spec.email, id);
    const phoneNote = phone ? ` · 手机 ${phone}` : '';
    accounts.push({ login: spec.email, description: `${description}${phoneNote}` });
  }
  return accounts;
}

/**
 * Production (SANDBOX=false) refuses a database that holds demo accounts (issue #14): their password is
 * published (README), so they would be open doors. Delete them, or run in sandbox mode.
 */
export async function refuseDemoAccounts(db: Db): Promise<void> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('is_demo', '=', true)
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  if (n > 0)
    throw new Error(
      `SANDBOX=false (production) but the database holds ${n} demo account(s) with a published password. ` +
        'Delete them (DELETE FROM users WHERE is_demo;) or start with SANDBOX=true.',
    );
}
