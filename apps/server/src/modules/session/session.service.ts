import { ApiCode, Msg } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { SessionRepository } from './session.repository.js';

/** Sessions live 30 days from sign-in; one live session per user (spec §6: signed in elsewhere → kicked out). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionPrincipal {
  sessionId: string;
  userId: string;
}

export class SessionService {
  private readonly lastTouch = new Map<string, number>();

  constructor(private readonly sessions: SessionRepository) {}

  async open(userId: string, meta: { ip: string | null; userAgent: string | null }): Promise<string> {
    const { token, hash } = newToken();
    await this.sessions.open({ userId, tokenHash: hash, expiresAt: new Date(Date.now() + SESSION_TTL_MS), ...meta });
    return token;
  }

  /**
   * Resolves a USER-TOKEN. A token replaced by a newer sign-in → code 461 (kicked out); a logged-out,
   * expired or unknown token → code 0 (log out and reload), per spec §8.
   */
  async resolve(token: string): Promise<SessionPrincipal> {
    const row = await this.sessions.findByTokenHash(hashToken(token));
    if (!row) throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
    if (row.revokedReason === 'replaced') throw new AppError(ApiCode.KICKED, Msg.kickedOut);
    if (row.revokedReason) throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
    if (row.expiresAt.getTime() < Date.now()) {
      await this.sessions.revoke(row.id, 'expired');
      throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
    }
    const last = this.lastTouch.get(row.id) ?? 0;
    if (Date.now() - last > TOUCH_INTERVAL_MS) {
      this.lastTouch.set(row.id, Date.now());
      await this.sessions.touch(row.id);
    }
    return { sessionId: row.id, userId: row.userId };
  }

  async close(sessionId: string): Promise<void> {
    this.lastTouch.delete(sessionId);
    await this.sessions.revoke(sessionId, 'logout');
  }

  /** Signs a user out everywhere (code 0 on every device), e.g. after a password reset by SMS. */
  async closeAllForUser(userId: string): Promise<void> {
    await this.sessions.revokeAllForUser(userId, 'logout');
  }
}
