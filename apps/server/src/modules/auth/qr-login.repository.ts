import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

export type QrStatus = 'waiting' | 'scanned' | 'done';

export interface QrTicketRow {
  id: string;
  flag: number;
  status: QrStatus;
  identityId: string | null;
  /** past expires_at: a waiting ticket is dead */
  expired: boolean;
  /** a scanned ticket's result may still be collected (expires_at plus a grace period) */
  deliverable: boolean;
}

export interface WechatIdentityRow {
  id: string;
  openid: string;
  nickname: string;
  userId: string | null;
}

/** SQL over `qr_tickets` (the QR sign-in tickets and the taIds they hand out). Accepts a transaction. */
export class QrTicketRepository {
  constructor(private readonly db: Db) {}

  async insert(row: {
    signHash: string;
    scene: string;
    flag: number;
    ip: string | null;
    ttlSeconds: number;
  }): Promise<void> {
    await this.db
      .insertInto('qr_tickets')
      .values({
        sign_hash: row.signHash,
        scene: row.scene,
        flag: row.flag,
        ip: row.ip,
        expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
      })
      .execute();
  }

  async findBySignHash(signHash: string, graceSeconds: number): Promise<QrTicketRow | undefined> {
    const row = await this.db
      .selectFrom('qr_tickets')
      .select([
        'id',
        'flag',
        'status',
        'identity_id',
        sql<boolean>`expires_at <= now()`.as('expired'),
        sql<boolean>`expires_at + make_interval(secs => ${graceSeconds}) > now()`.as('deliverable'),
      ])
      .where('sign_hash', '=', signHash)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        flag: row.flag,
        status: row.status,
        identityId: row.identity_id,
        expired: row.expired,
        deliverable: row.deliverable,
      }
    );
  }

  /** The ticket of a scene, locked for the scan (call inside a transaction). */
  async findBySceneForUpdate(scene: string): Promise<{ id: string; status: QrStatus; expired: boolean } | undefined> {
    const row = await this.db
      .selectFrom('qr_tickets')
      .select(['id', 'status', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('scene', '=', scene)
      .forUpdate()
      .executeTakeFirst();
    return row && { id: row.id, status: row.status, expired: row.expired };
  }

  /** A scene whose QR is still waiting for its scan (the sandbox page checks before it simulates one). */
  async isWaiting(scene: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('qr_tickets')
      .select('id')
      .where('scene', '=', scene)
      .where('status', '=', 'waiting')
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markScanned(id: string, identityId: string): Promise<void> {
    await this.db
      .updateTable('qr_tickets')
      .set({ status: 'scanned', identity_id: identityId, scanned_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Moves a scanned ticket to done and answers its identity; undefined when another poll took it first. */
  async takeScanned(id: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('qr_tickets')
      .set({ status: 'done', done_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'scanned')
      .returning('identity_id')
      .executeTakeFirst();
    return row?.identity_id ?? undefined;
  }

  async setTaId(id: string, taIdHash: string, ttlSeconds: number): Promise<void> {
    await this.db
      .updateTable('qr_tickets')
      .set({ ta_id_hash: taIdHash, ta_expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
      .where('id', '=', id)
      .execute();
  }

  /** The identity of a live, unused taId, without using it. */
  async peekTaId(taIdHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('qr_tickets')
      .select('identity_id')
      .where('ta_id_hash', '=', taIdHash)
      .where('ta_used_at', 'is', null)
      .where('ta_expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.identity_id ?? undefined;
  }

  /** Uses a live taId up (one statement, so it serves one bind or register) and answers its identity. */
  async claimTaId(taIdHash: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('qr_tickets')
      .set({ ta_used_at: sql<Date>`now()` })
      .where('ta_id_hash', '=', taIdHash)
      .where('ta_used_at', 'is', null)
      .where('ta_expires_at', '>', sql<Date>`now()`)
      .returning('identity_id')
      .executeTakeFirst();
    return row?.identity_id ?? undefined;
  }

  async deleteCreatedBefore(olderThanSeconds: number): Promise<void> {
    await this.db
      .deleteFrom('qr_tickets')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
      .execute();
  }
}

/** SQL over `wechat_identities` (openids and their linked account). Accepts a transaction. */
export class WechatIdentityRepository {
  constructor(private readonly db: Db) {}

  /**
   * The identity of an openid, created on first sight (named `nickname`, or `fallbackNickname` when that is
   * empty); a non-empty `nickname` replaces the stored one.
   */
  async upsert(row: {
    openid: string;
    nickname: string;
    fallbackNickname: string;
    provider: 'official' | 'sandbox';
  }): Promise<WechatIdentityRow> {
    const saved = await this.db
      .insertInto('wechat_identities')
      .values({ openid: row.openid, nickname: row.nickname || row.fallbackNickname, provider: row.provider })
      .onConflict((oc) =>
        // a no-op update when there is no new nickname, so RETURNING still answers the existing row
        oc
          .column('openid')
          .doUpdateSet(row.nickname ? { nickname: row.nickname } : { openid: sql<string>`excluded.openid` }),
      )
      .returning(['id', 'openid', 'nickname', 'user_id'])
      .executeTakeFirstOrThrow();
    return { id: saved.id, openid: saved.openid, nickname: saved.nickname, userId: saved.user_id };
  }

  async findById(id: string): Promise<WechatIdentityRow | undefined> {
    const row = await this.db
      .selectFrom('wechat_identities')
      .select(['id', 'openid', 'nickname', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, openid: row.openid, nickname: row.nickname, userId: row.user_id };
  }

  async findByUserId(userId: string): Promise<WechatIdentityRow | undefined> {
    const row = await this.db
      .selectFrom('wechat_identities')
      .select(['id', 'openid', 'nickname', 'user_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { id: row.id, openid: row.openid, nickname: row.nickname, userId: row.user_id };
  }

  /**
   * Links an unlinked identity to an account that has none; false when either already has a link (the
   * unique user_id column settles a race).
   */
  async link(identityId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .updateTable('wechat_identities')
      .set({ user_id: userId, linked_at: sql<Date>`now()` })
      .where('id', '=', identityId)
      .where('user_id', 'is', null)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('wechat_identities as o').select('o.id').where('o.user_id', '=', userId))),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
