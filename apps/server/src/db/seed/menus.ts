import type { Db } from '../client.js';
/** TEMPORARY (being written by the accounts work): upserts the menu rows. */
export async function seedMenus(db: Db): Promise<void> {
  void db;
}
