import crypto from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with the library's defaults (19 MiB, 2 passes, 1 lane — OWASP's baseline).
 * `Algorithm` is an ambient const enum, which `isolatedModules` cannot read, so Argon2id's value (2) is
 * written here and checked against the type.
 */
const ARGON2ID = 2 satisfies Options['algorithm'];
const OPTIONS: Options = { algorithm: ARGON2ID };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // malformed stored hash: treat as a mismatch, never as a server error
  }
}

let dummyHash: Promise<string> | null = null;

function dummyHashOnce(): Promise<string> {
  return (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));
}

/** Computes the dummy hash ahead of the first sign-in to an unknown account (so that one is not slower). */
export function prepareDummyHash(): void {
  void dummyHashOnce();
}

/**
 * Spends the same work as a real verify, for sign-ins to an unknown account, so the answer time does not
 * tell whether the account exists.
 */
export async function dummyVerify(password: string): Promise<void> {
  await verifyPassword(await dummyHashOnce(), password);
}
