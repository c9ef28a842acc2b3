import type { AppContext } from '../../context.js';
import { UserRepository } from '../user/user.repository.js';
import { UserService } from '../user/user.service.js';
import { FreeVipRepository } from './free-vip.repository.js';
import { FreeVipService } from './free-vip.service.js';
import { LimitsService } from './limits.service.js';
import { MembershipRepository } from './membership.repository.js';
import { MembershipService } from './membership.service.js';
import { memberDb } from './membership.tables.js';
import { QuotaRepository } from './quota.repository.js';
import { QuotaService } from './quota.service.js';

export interface MembershipServices {
  users: UserService;
  /** tiers, prices, grants and `requireFeature(userId, feature)` for every gated route */
  membership: MembershipService;
  /** `spendQuota(userId, kind, n)`, `contrastFlag(userId)`, `spendContrast(userId)` */
  quotas: QuotaService;
  freeVip: FreeVipService;
  limits: LimitsService;
}

/** The membership area's services over the app's database; other modules build theirs with this. */
export function membershipServices(
  ctx: Pick<AppContext, 'db' | 'config'> & { pool?: AppContext['pool'] },
): MembershipServices {
  const db = memberDb(ctx.db);
  // the gates' account lookup as a prepared statement on the primary (never the replica: a tier just bought is read
  // by the next call)
  const users = new UserService(new UserRepository(ctx.db, ctx.pool ?? null));
  const repo = new MembershipRepository(db);
  const membership = new MembershipService(repo, users);
  const quotas = new QuotaService(new QuotaRepository(db), users);
  return {
    users,
    membership,
    quotas,
    limits: new LimitsService(users, quotas),
    freeVip: new FreeVipService(db, new FreeVipRepository(db), repo, membership, ctx.config.membership.freeVipMode),
  };
}
