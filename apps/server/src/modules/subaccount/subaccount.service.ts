import { AccountMsg, PHONE_PATTERN, subAccountLimit, type SubAccountAddParams, type SubAccountItem } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createAccount } from '../user/create-account.js';
import { hashPassword } from '../user/password.js';
import { UserRepository, type UserRecord } from '../user/user.repository.js';
import { effectiveTier, type UserService } from '../user/user.service.js';
import { SubAccountRepository, type SubAccountRow } from './subaccount.repository.js';

/**
 * Sub-accounts (spec §3, §6): a parent on 企业版 or above (effective userType ≥ 3, not itself a sub-account)
 * adds sub-accounts up to its tier's count (SUB_ACCOUNT_LIMITS), lists and unbinds them; a sub-account shares
 * the parent's tier (UserService) and may leave. An unbound account becomes an independent 免费版 account.
 * Upgrade/renew refusal for sub-accounts (Msg.subAccountBlocked) is the membership module's.
 */
export class SubAccountService {
  private readonly subs: SubAccountRepository;

  constructor(
    private readonly db: Db,
    private readonly userService: UserService,
  ) {
    this.subs = new SubAccountRepository(db);
  }

  async add(parentId: string, params: SubAccountAddParams): Promise<SubAccountItem> {
    const parent = await this.requireParent(parentId);
    const limit = subAccountLimit(effectiveTier(parent, parent.parent).userType);
    if (limit === 0) throw AppError.fail(AccountMsg.subAccountTierRequired);
    const byPhone = PHONE_PATTERN.test(params.account);
    const contact = byPhone ? params.account : params.account.toLowerCase();
    const passwordHash = await hashPassword(params.password);
    const id = await this.db.transaction().execute(async (trx) => {
      const subs = new SubAccountRepository(trx);
      await subs.lockParent(parentId);
      if ((await subs.countChildren(parentId)) >= limit) throw AppError.fail(AccountMsg.subAccountLimit);
      const created = await createAccount(new UserRepository(trx), {
        username: params.name,
        phone: byPhone ? contact : null,
        email: byPhone ? null : contact,
        passwordHash,
        invitedBy: null,
        identityType: null,
        registerParent: null,
        source: null,
        taId: null,
        parentId,
      });
      if (created === undefined) throw AppError.fail(AccountMsg.accountTaken);
      return created;
    });
    const row = (await this.subs.listChildren(parentId)).find((r) => r.id === id);
    if (!row) throw new Error('sub-account vanished after insert');
    return toItem(row);
  }

  async list(parentId: string): Promise<{ list: SubAccountItem[]; count: number; limit: number }> {
    const parent = await this.requireParent(parentId);
    const rows = await this.subs.listChildren(parentId);
    return {
      list: rows.map(toItem),
      count: rows.length,
      limit: subAccountLimit(effectiveTier(parent, parent.parent).userType),
    };
  }

  /** The parent unbinds one of its sub-accounts; another account's id answers "not found". */
  async unbind(parentId: string, subId: string): Promise<void> {
    await this.requireParent(parentId);
    if (!(await this.subs.detach(subId, parentId))) throw AppError.fail(AccountMsg.subAccountNotFound);
  }

  /** A sub-account unbinds itself. */
  async leave(userId: string): Promise<void> {
    const user = await this.userService.requireUser(userId);
    if (user.parentId === null || !(await this.subs.detach(userId, user.parentId)))
      throw AppError.fail(AccountMsg.notSubAccount);
  }

  private async requireParent(userId: string): Promise<UserRecord> {
    const user = await this.userService.requireUser(userId);
    if (user.parentId !== null) throw AppError.fail(AccountMsg.subAccountOfSub);
    return user;
  }
}

function toItem(row: SubAccountRow): SubAccountItem {
  return {
    id: Number(row.id),
    username: row.username,
    phone: row.phone,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}
