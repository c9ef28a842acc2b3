import type { Db } from '../../db/client.js';

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
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users as u')
      .leftJoin('users as p', 'p.id', 'u.parent_id')
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
      ])
      .where('u.id', '=', id)
      .executeTakeFirst();
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
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  // Demo accounts (db/seed/demo-accounts.ts) ------------------------------------------------------

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

  async updateDemo(id: string, fields: DemoUserFields, passwordHash: string | null): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        username: fields.username,
        phone: fields.phone,
        user_type: fields.userType,
        version_type: fields.versionType,
        maturity_time: fields.maturityTime,
        parent_id: fields.parentId,
        is_demo: true,
        updated_at: new Date(),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
}
