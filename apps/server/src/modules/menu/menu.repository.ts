import type { Db } from '../../db/client.js';

export interface MenuRow {
  id: number;
  parentId: number | null;
  path: string;
  name: string;
  component: string;
  redirect: string | null;
  hidden: boolean;
  title: string;
  icon: string | null;
  tag: string | null;
  parentTitle: string | null;
  openDefault: boolean;
}

/** A menu row as the seed writes it (every column but `enabled`, which operators own). */
export interface MenuSeedRow extends MenuRow {
  sort: number;
  minUserType: number;
}

/** The columns the table and the rows name alike. */
type SameNamed = Pick<MenuRow, 'path' | 'name' | 'component' | 'redirect' | 'hidden' | 'title' | 'icon' | 'tag'>;
const sameNamed = (r: SameNamed): SameNamed => ({
  path: r.path,
  name: r.name,
  component: r.component,
  redirect: r.redirect,
  hidden: r.hidden,
  title: r.title,
  icon: r.icon,
  tag: r.tag,
});

export class MenuRepository {
  constructor(private readonly db: Db) {}

  /** Enabled rows a tier may see, in display order (parents are not checked here). */
  async listForTier(userType: number): Promise<MenuRow[]> {
    const rows = await this.db
      .selectFrom('menus')
      .select([
        'id',
        'parent_id',
        'path',
        'name',
        'component',
        'redirect',
        'hidden',
        'title',
        'icon',
        'tag',
        'parent_title',
        'open_default',
      ])
      .where('enabled', '=', true)
      .where('min_user_type', '<=', userType)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      ...sameNamed(r),
      parentTitle: r.parent_title,
      openDefault: r.open_default,
    }));
  }

  /** Upserts by id, parents first (the caller orders them). */
  async upsert(rows: readonly MenuSeedRow[]): Promise<void> {
    for (const r of rows) {
      const values = {
        parent_id: r.parentId,
        ...sameNamed(r),
        parent_title: r.parentTitle,
        sort: r.sort,
        min_user_type: r.minUserType,
        open_default: r.openDefault,
      };
      await this.db
        .insertInto('menus')
        .values({ id: r.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    }
  }
}
