import { ApiCode, Msg, UserType, type UserInfo } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { TierFields, UserRecord, UserRepository } from './user.repository.js';

/** versionType of an ordinary (non-trial) account; 2 is a trial (shared TRIAL_VERSION_TYPE). */
const REGULAR_VERSION_TYPE = 1;

export interface EffectiveTier {
  userType: number;
  versionType: number;
  maturityTime: Date | null;
}

/**
 * The tier an account uses now (spec §3, §6): a sub-account shares its parent's tier; a paid period whose
 * maturity time has passed counts as 免费版 (and no longer as a trial). The membership issue adds the job that
 * writes this back; until then it is computed on every read, so nothing depends on that job having run.
 */
export function effectiveTier(own: TierFields, parent: TierFields | null, now: Date = new Date()): EffectiveTier {
  const source = parent ?? own;
  const expired = source.userType > UserType.FREE && source.maturityTime !== null && source.maturityTime < now;
  if (expired) return { userType: UserType.FREE, versionType: REGULAR_VERSION_TYPE, maturityTime: source.maturityTime };
  return { userType: source.userType, versionType: source.versionType, maturityTime: source.maturityTime };
}

/** 13812345678 → 138****5678; anything that is not 11 characters is masked whole but for its ends. */
export function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  if (phone.length === 11) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  return phone.length > 2 ? `${phone.slice(0, 1)}${'*'.repeat(phone.length - 2)}${phone.slice(-1)}` : '**';
}

export function toUserInfo(user: UserRecord, now: Date = new Date()): UserInfo {
  const tier = effectiveTier(user, user.parent, now);
  return {
    id: Number(user.id),
    username: user.username,
    userImage: user.userImage,
    userType: tier.userType,
    versionType: tier.versionType,
    maturityTime: tier.maturityTime ? tier.maturityTime.toISOString() : null,
    parentId: user.parentId === null ? null : Number(user.parentId),
    buyMonthNum: user.buyMonthNum,
    isOldPassword: user.isOldPassword,
    thirdAccountInfo: user.wechatNickname === null ? null : { type: 'wechat', nickname: user.wechatNickname },
    phone: maskPhone(user.phone),
    email: user.email,
  };
}

/** Reading accounts for other modules: user info and the effective tier. */
export class UserService {
  constructor(private readonly users: UserRepository) {}

  /** The account behind a live session; a vanished account ends the session (code 0). */
  async requireUser(userId: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
    return user;
  }

  async getUserInfo(userId: string): Promise<UserInfo> {
    return toUserInfo(await this.requireUser(userId));
  }

  async getEffectiveTier(userId: string): Promise<EffectiveTier> {
    const user = await this.requireUser(userId);
    return effectiveTier(user, user.parent);
  }
}
