import { newInviteCode } from './invite-code.js';
import type { NewUser, UserRepository } from './user.repository.js';

/**
 * Inserts an account with a fresh invite code (retrying the rare code collision). Undefined when the phone
 * or e-mail is already held by another account (the unique columns decide, so a race cannot double it).
 * Accepts a repository over a transaction.
 */
export async function createAccount(
  users: UserRepository,
  user: Omit<NewUser, 'inviteCode'>,
): Promise<string | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = await users.insert({ ...user, inviteCode: newInviteCode() });
    if (id !== undefined) return id;
    const phoneTaken = user.phone !== null && (await users.findIdByPhone(user.phone)) !== undefined;
    const emailTaken = user.email !== null && (await users.findIdByEmail(user.email)) !== undefined;
    if (phoneTaken || emailTaken) return undefined;
  }
  throw new Error('could not allocate a unique invite code');
}
