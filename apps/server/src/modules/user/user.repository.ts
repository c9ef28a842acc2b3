import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { preparedCompiled } from '../creators/prepared.js';

/** What the tier rules need of an account (its own, or its parent's for a sub-account). */
export interface TierFields {
  userType: number;
  versionType: number;
  maturityTime: Date | null;
}

export interface UserRecord extends TierFields {
  id: string;
  username: string;
  phone: string | null;
  email: string | null;
  userImage: string;
  parentId: string | null;
  buyMonthNum: number;
  isOldPassword: number;
  /** the parent account's tier fields, for a sub-account */
  parent: TierFields | null;
  coverImage: string;
  inviteCode: string;
  identityType: number | null;
  createdAt: Date;
  /** the nickname of the linked WeChat identity, when one is linked */
  wechatNickname: string | null;
}

export interface LoginRecord {
  id: string;
  passwordHash: string;
}

export interface NewUser {
  username: string;
  phone: string | null;
  email: string | null;
  passwordHash: string;
  inviteCode: string;
  invitedBy: string | null;
  identityType: number | null;
  registerParent: string | null;
  source: string | null;
  taId: string | null;
  /** 0 for accounts made by QR bind without a password of their own (default 1) */
  isOldPassword?: number;
  /** the parent of a sub-account */
  parentId?: string | null;
}

/** Fields the demo seed sets on every start (by e-mail). */
export interface DemoUserFields {
  username: string;
  phone: string | null;
  userType: number;
  versionType: number;
  maturityTime: Date | null;
  parentId: string | null;
}

/** SQL over `users`. Accepts the app's Db or a transaction. */
export class UserRepository {
  /**
   * `pool`: the primary's pool, for the account lookup of every gated call (findById) as a prepared statement —
   * its planning (two joins) cost more than its execution, and the gates run it on every uncached request
   * (docs/performance.md, session 16). Only for a repository over the app's Db: one over a transaction must not
   * get it (the statement would run outside the transaction).
   */
  constructor(
    private readonly db: Db,
    private readonly pool: PreparedPool | null = null,
  ) {}

  async findById(id: string): Promise<UserRecord | undefined> {
    const query = this.db
      .selectFrom('users as u')
      .leftJoin('users as p', 'p.id', 'u.parent_id')
      .leftJoin('wechat_identities as w', 'w.user_id', 'u.id')
      .select([
        'u.id',
        'u.username',
        'u.phone',
        'u.email',
        'u.user_image',
        'u.user_type',
        'u.version_type',
        'u.maturity_time',
        'u.parent_id',
        'u.buy_month_num',
        'u.is_old_password',
        'p.id as p_id',
        'p.user_type as p_user_type',
        'p.version_type as p_version_type',
        'p.maturity_time as p_maturity_time',
        'u.cover_image',
        'u.invite_code',
        'u.identity_type',
        'u.created_at',
        'w.nickname as wechat_nickname',
      ])
      .where('u.id', '=', id);
    const row = this.pool ? (await preparedCompiled(this.pool, query.compile()))[0] : await query.executeTakeFirst();
    if (!row) return undefined;
    const parent =
      row.p_id !== null && row.p_user_type !== null && row.p_version_type !== null
        ? { userType: row.p_user_type, versionType: row.p_version_type, maturityTime: row.p_maturity_time }
        : null;
    return {
      id: row.id,
      username: row.username,
      phone: row.phone,
      email: row.email,
      userImage: row.user_image,
      userType: row.user_type,
      versionType: row.version_type,
      maturityTime: row.maturity_time,
      parentId: row.parent_id,
      buyMonthNum: row.buy_month_num,
      isOldPassword: row.is_old_password,
      parent,
      coverImage: row.cover_image,
      inviteCode: row.invite_code,
      identityType: row.identity_type,
      createdAt: row.created_at,
      wechatNickname: row.wechat_nickname,
    };
  }

  async findLoginByPhone(phone: string): Promise<LoginRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('phone', '=', phone)
      .executeTakeFirst();
    return row && { id: row.id, passwordHash: row.password_hash };
  }

  /** E-mails are stored lower-case; pass the lower-cased address. */
  async findLoginByEmail(email: string): Promise<LoginRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    return row && { id: row.id, passwordHash: row.password_hash };
  }

  async findIdByPhone(phone: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    return row?.id;
  }

  /** E-mails are stored lower-case; pass the lower-cased address. */
  async findIdByEmail(email: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    return row?.id;
  }

  async findPasswordHash(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
    return row?.password_hash;
  }

  /** A new password; the account then has a password of its own (isOldPassword 1). */
  async updatePassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, is_old_password: 1, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async updateProfile(id: string, fields: { username?: string; userImage?: string }): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        ...(fields.username === undefined ? {} : { username: fields.username }),
        ...(fields.userImage === undefined ? {} : { user_image: fields.userImage }),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async setCoverImage(id: string, coverImage: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ cover_image: coverImage, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** False when another account holds the phone (the unique constraint decides, so a race cannot double it). */
  async updatePhone(id: string, phone: string): Promise<boolean> {
    const row = await this.db
      .updateTable('users')
      .set({ phone, updated_at: new Date() })
      .where('id', '=', id)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('users as o').select('o.id').where('o.phone', '=', phone).where('o.id', '<>', id)),
        ),
      )
      .returning('id')
      .executeTakeFirst()
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      });
    return row !== undefined;
  }

  /** How many accounts registered with this account's invite code. */
  async countInvited(id: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('invited_by', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findIdByInviteCode(inviteCode: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst();
    return row?.id;
  }

  /** Inserts the user; undefined when a unique column (phone, e-mail or invite code) is already taken. */
  async insert(user: NewUser): Promise<string | undefined> {
    const row = await this.db
      .insertInto('users')
      .values({
        username: user.username,
        phone: user.phone,
        email: user.email,
        password_hash: user.passwordHash,
        invite_code: user.inviteCode,
        invited_by: user.invitedBy,
        identity_type: user.identityType,
        register_parent: user.registerParent,
        source: user.source,
        ta_id: user.taId,
        ...(user.isOldPassword === undefined ? {} : { is_old_password: user.isOldPassword }),
        ...(user.parentId ? { parent_id: user.parentId } : {}),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  // Demo accounts (db/seed/demo-accounts.ts) ------------------------------------------------------

  /** Demo accounts that have a phone, for the sandbox scan page. */
  async listDemoContacts(): Promise<{ username: string; phone: string }[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['username', 'phone'])
      .where('is_demo', '=', true)
      .where('phone', 'is not', null)
      .orderBy('id')
      .limit(50)
      .execute();
    return rows.flatMap((r) => (r.phone === null ? [] : [{ username: r.username, phone: r.phone }]));
  }

  async insertDemo(
    email: string,
    fields: DemoUserFields,
    passwordHash: string,
    inviteCode: string,
  ): Promise<string | undefined> {
    const row = await this.db
      .insertInto('users')
      .values({
        email,
        username: fields.username,
        phone: fields.phone,
        password_hash: passwordHash,
        user_type: fields.userType,
        version_type: fields.versionType,
        maturity_time: fields.maturityTime,
        parent_id: fields.parentId,
        invite_code: inviteCode,
        is_demo: true,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * A demo account that exists already: marked demo, given its phone when it has none (and `phone` is free),
   * and the new password hash when DEMO_PASSWORD changed. Tier, expiry, parent and name stay as the user left
   * them (a sandbox purchase survives a restart; issue #14). Answers the stored tier and phone.
   */
  async refreshDemo(
    id: string,
    phone: string | null,
    passwordHash: string | null,
  ): Promise<{ userType: number; phone: string | null }> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({
        phone: eb.fn.coalesce('phone', eb.val(phone)),
        is_demo: true,
        updated_at: new Date(),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      }))
      .where('id', '=', id)
      .returning(['user_type', 'phone'])
      .executeTakeFirstOrThrow();
    return { userType: row.user_type, phone: row.phone };
  }
}

/** PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}
