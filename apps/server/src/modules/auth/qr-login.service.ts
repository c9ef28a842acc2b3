import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AccountMsg,
  QR_EXPIRY_MARGIN_SECONDS,
  QR_FLAGS,
  QR_LOGIN_POLLS,
  QR_REGISTER_POLLS,
  type UserInfo,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { WechatProvider } from '../../providers/wechat/index.js';
import type { SessionService } from '../session/session.service.js';
import type { UserService } from '../user/user.service.js';
import type { ClientMeta } from './auth.service.js';
import { QrTicketRepository, WechatIdentityRepository, type WechatIdentityRow } from './qr-login.repository.js';

/** A taId (the register/bind panels' proof of a scanned WeChat) is good for this long, once. */
export const TA_ID_TTL_SECONDS = 30 * 60;
/** A scan that landed in time may still be collected this long after the QR's expiry. */
export const SCANNED_GRACE_SECONDS = 60;
const PURGE_EVERY_MS = 10 * 60 * 1000;
const KEEP_SECONDS = 24 * 3600;

/** The server's lifetime of a QR: the web's poll window plus a small margin (time-based, not counted polls). */
export function qrLifetimeSeconds(flag: number): number {
  return (flag === QR_FLAGS.LOGIN ? QR_LOGIN_POLLS : QR_REGISTER_POLLS) + QR_EXPIRY_MARGIN_SECONDS;
}

export interface IssuedQr {
  imgUrl: string;
  sign: string;
  expireSeconds: number;
  sandboxScanUrl?: string;
}

export type QrPoll =
  | { status: false; expired?: true }
  | { status: true; taId: string }
  | { status: true; user_token: string; userInfoMap: UserInfo };

export interface ScanInput {
  openid: string;
  scene: string;
  /** empty: keep the stored nickname (or the default one) */
  nickname: string;
  provider: 'official' | 'sandbox';
}

/** The display name of a WeChat user the platform does not name: 微信用户 and the openid's last 4 characters. */
export function defaultNickname(openid: string): string {
  return `微信用户${openid.slice(-4).toUpperCase()}`;
}

/**
 * QR sign-in (spec §4): a QR ticket per QR shown; the scan (event push or sandbox page) marks it scanned with
 * the WeChat identity; the next poll collects the result once: a session when the identity is linked to an
 * account (one-session rule: older sessions get 461), otherwise a taId for the register/bind panels.
 */
export class QrLoginService {
  private readonly tickets: QrTicketRepository;
  private readonly identities: WechatIdentityRepository;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly provider: WechatProvider,
    private readonly sessions: SessionService,
    private readonly userService: UserService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.tickets = new QrTicketRepository(db);
    this.identities = new WechatIdentityRepository(db);
  }

  get providerName(): WechatProvider['name'] {
    return this.provider.name;
  }

  async issue(flag: number, origin: string, ip: string | null): Promise<IssuedQr> {
    await this.purgeNowAndThen();
    const sign = newToken();
    // A scene differs from the sign: whoever sees the QR cannot collect its result.
    const scene = `xg${crypto.randomBytes(18).toString('base64url')}`;
    const expireSeconds = qrLifetimeSeconds(flag);
    // The row exists before the QR does, so no scan can arrive for an unknown scene.
    await this.tickets.insert({ signHash: sign.hash, scene, flag, ip, ttlSeconds: expireSeconds });
    try {
      const qr = await this.provider.createQr({ scene, expireSeconds, origin });
      return {
        imgUrl: qr.imgUrl,
        sign: sign.token,
        expireSeconds,
        ...(qr.scanUrl ? { sandboxScanUrl: qr.scanUrl } : {}),
      };
    } catch (err) {
      this.log.error({ err, provider: this.provider.name }, 'wechat QR creation failed');
      throw AppError.fail(AccountMsg.qrUnavailable);
    }
  }

  /** One poll (GET /api/getQRCodeStatus). An unknown, expired or already collected sign answers expired. */
  async poll(sign: string, meta: ClientMeta): Promise<QrPoll> {
    const ticket = await this.tickets.findBySignHash(hashToken(sign), SCANNED_GRACE_SECONDS);
    if (!ticket) return { status: false, expired: true };
    if (ticket.status === 'waiting') return ticket.expired ? { status: false, expired: true } : { status: false };
    if (ticket.status === 'done' || !ticket.deliverable) return { status: false, expired: true };

    const taken = await this.db.transaction().execute(async (trx) => {
      const tickets = new QrTicketRepository(trx);
      const identityId = await tickets.takeScanned(ticket.id);
      if (identityId === undefined) return undefined; // a concurrent poll collected it
      const identity = await new WechatIdentityRepository(trx).findById(identityId);
      if (!identity) return undefined;
      if (identity.userId !== null) return { kind: 'user' as const, userId: identity.userId };
      const taId = newToken();
      await tickets.setTaId(ticket.id, taId.hash, TA_ID_TTL_SECONDS);
      return { kind: 'taId' as const, taId: taId.token };
    });
    if (!taken) return { status: false, expired: true };
    if (taken.kind === 'taId') return { status: true, taId: taken.taId };
    const token = await this.sessions.open(taken.userId, meta);
    return { status: true, user_token: token, userInfoMap: await this.userService.getUserInfo(taken.userId) };
  }

  /**
   * A scan of a scene (from the verified event push or the sandbox page): 'scanned' when it matched a live
   * QR, 'expired' otherwise (unknown, expired or already scanned scene: nothing changes).
   */
  async handleScan(input: ScanInput): Promise<'scanned' | 'expired'> {
    return this.db.transaction().execute(async (trx) => {
      const tickets = new QrTicketRepository(trx);
      const ticket = await tickets.findBySceneForUpdate(input.scene);
      if (!ticket || ticket.status !== 'waiting' || ticket.expired) return 'expired';
      const identity = await new WechatIdentityRepository(trx).upsert({
        openid: input.openid,
        nickname: input.nickname,
        fallbackNickname: defaultNickname(input.openid),
        provider: input.provider,
      });
      await tickets.markScanned(ticket.id, identity.id);
      return 'scanned';
    });
  }

  /** The WeChat identity behind a live, unused taId (nothing is used up). */
  async peekTaId(taId: string): Promise<WechatIdentityRow | undefined> {
    const identityId = await this.tickets.peekTaId(hashToken(taId));
    if (identityId === undefined) return undefined;
    const identity = await this.identities.findById(identityId);
    return identity && identity.userId === null ? identity : undefined;
  }

  /**
   * Inside the caller's transaction: uses the taId up and links its WeChat identity to `userId`. Throws
   * AccountMsg.taIdInvalid for a dead taId, AccountMsg.wechatAlreadyBound when the account has a WeChat.
   */
  async linkByTaId(trx: Db, taId: string, userId: string): Promise<void> {
    const identityId = await new QrTicketRepository(trx).claimTaId(hashToken(taId));
    if (identityId === undefined) throw AppError.fail(AccountMsg.taIdInvalid);
    const identities = new WechatIdentityRepository(trx);
    const identity = await identities.findById(identityId);
    if (!identity || identity.userId !== null) throw AppError.fail(AccountMsg.taIdInvalid);
    if (await identities.findByUserId(userId)) throw AppError.fail(AccountMsg.wechatAlreadyBound);
    if (!(await identities.link(identityId, userId))) throw AppError.fail(AccountMsg.wechatAlreadyBound);
  }

  // Sandbox: the scan page simulates the phone -------------------------------------------------------

  async isWaiting(scene: string): Promise<boolean> {
    return this.tickets.isWaiting(scene);
  }

  /**
   * "以已有账号扫码": the WeChat already linked to the account, or a sandbox WeChat linked to it now (as if
   * it had been bound before), scans the scene.
   */
  async sandboxScanAsUser(scene: string, userId: string, phoneOrName: string): Promise<'scanned' | 'expired'> {
    if (!(await this.tickets.isWaiting(scene))) return 'expired';
    let identity = await this.identities.findByUserId(userId);
    if (!identity) {
      const openid = sandboxOpenid();
      const created = await this.identities.upsert({
        openid,
        nickname: `微信用户${phoneOrName.slice(-4)}`,
        fallbackNickname: defaultNickname(openid),
        provider: 'sandbox',
      });
      await this.identities.link(created.id, userId);
      identity = created;
    }
    return this.handleScan({ openid: identity.openid, scene, nickname: '', provider: 'sandbox' });
  }

  /** "新微信用户扫码": a WeChat never seen before scans the scene. */
  async sandboxScanAsNew(scene: string): Promise<'scanned' | 'expired'> {
    const nickname = `微信用户${String(crypto.randomInt(1000, 10_000))}`;
    return this.handleScan({ openid: sandboxOpenid(), scene, nickname, provider: 'sandbox' });
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.tickets.deleteCreatedBefore(KEEP_SECONDS);
  }
}

function sandboxOpenid(): string {
  return `sandbox-${crypto.randomBytes(12).toString('base64url')}`;
}
