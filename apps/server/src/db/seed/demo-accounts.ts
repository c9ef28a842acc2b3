import type { Db } from '../client.js';
export interface DemoAccount {
  login: string;
  description: string;
}
/** TEMPORARY (being written by the accounts work). */
export async function seedDemoAccounts(db: Db, password: string): Promise<DemoAccount[]> {
  void db;
  void password;
  return [];
}
