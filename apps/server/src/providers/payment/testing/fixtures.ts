import crypto from 'node:crypto';
import type { PrecreateOrder } from '../payment-provider.js';

/** What the provider tests share: keys made for the test, its clock and an order to pay. */

/** A fresh 2048-bit RSA key pair (ours, the platform's, or a forger's). */
export const rsaKeyPair = (): crypto.KeyPairKeyObjectResult =>
  crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A key as PEM text, as the provider settings take it. */
export const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki'): string =>
  k.export({ format: 'pem', type }).toString();

/** The tests' clock. */
export const TEST_NOW = new Date('2025-06-10T04:00:00Z');

/** An order made at TEST_NOW, 120 minutes to pay. */
export function testOrder(amountFen: number, subject: string): PrecreateOrder {
  return {
    orderNo: 'XG2025061012000012345678',
    amountFen,
    subject,
    expiresAt: new Date(TEST_NOW.getTime() + 120 * 60_000),
    origin: 'http://localhost',
  };
}
