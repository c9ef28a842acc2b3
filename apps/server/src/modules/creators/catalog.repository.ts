import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { num } from './kol-items.js';

export interface PartitionRow {
  tid: number;
  parentId: number | null;
  name: string;
  sort: number;
}

export interface McnOption {
  id: number;
  name: string;
  kolNum: number;
}

/** Reference data of the search screen: partitions and MCNs. */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  async partitions(): Promise<PartitionRow[]> {
    const rows = await this.db
      .selectFrom('partitions')
      .select(['tid', 'parent_id', 'name', 'sort'])
      .orderBy('sort')
      .orderBy('tid')
      .execute();
    return rows.map((r) => ({ tid: r.tid, parentId: r.parent_id, name: r.name, sort: r.sort }));
  }

  /** The MCNs with the most tracked creators. */
  async topMcns(limit: number): Promise<McnOption[]> {
    const rows = await sql<{ id: number; name: string; kol_num: string }>`
      SELECT m.id, m.name, s.kol_num FROM (
        SELECT mcn_id, count(*) AS kol_num FROM creators WHERE mcn_id IS NOT NULL
        GROUP BY mcn_id ORDER BY count(*) DESC, mcn_id LIMIT ${limit}
      ) s JOIN mcns m ON m.id = s.mcn_id
      ORDER BY s.kol_num DESC, m.id`.execute(this.db);
    return rows.rows.map((r) => ({ id: r.id, name: r.name, kolNum: num(r.kol_num) }));
  }

  async mcnExists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('mcns').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}
