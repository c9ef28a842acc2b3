import type { Db } from '../../db/client.js';
import { memberDb } from '../membership/membership.tables.js';
import { PaymentRepository } from './payment.repository.js';

export const CLOSE_EXPIRED_ORDERS_JOB = 'payment.close-expired-orders';

/** Unpaid orders past their expiry become closed (a payment that still arrives for one is honoured). Idempotent. */
export async function closeExpiredOrders(db: Db, now: Date = new Date()): Promise<number> {
  return new PaymentRepository(memberDb(db)).closeExpired(now);
}
