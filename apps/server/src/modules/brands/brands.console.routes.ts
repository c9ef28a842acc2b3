import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sql } from 'kysely';
import {
  BrandMsg,
  ConsoleAliasDeleteParams,
  ConsoleAliasSaveParams,
  ConsoleBrandEnableParams,
  ConsoleBrandListParams,
  ConsoleBrandSaveParams,
  type ConsoleBrandRow,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { doc } from '../../lib/route-doc.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { consoleGuard } from '../console/console.guard.js';
import { ConsoleMsg } from '../console/console.roles.js';

/**
 * The brand dictionary of the operator console (品牌词库; docs/api/brands.md "Console"): list and search, add and
 * edit brands, aliases (ambiguous flag, context words, exclude phrases), enable / disable. Same rules as every
 * console area (modules/console): a signed-in operator of the content or admin role whose session passed the TOTP
 * check; every change written to audit_log. The detectors read the dictionary when they run, so a change applies
 * to the next detections; past detections stay (data is history).
 */
export function registerBrandConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const guard = consoleGuard(app, ctx);
  const db = ctx.db;
  const requireEditor = (request: FastifyRequest) => guard.requireVerified(request, 'content');
  const audit = guard.audit;
  type Editor = Awaited<ReturnType<typeof requireEditor>>;
  /** A change to the dictionary: a signed-in editor, the body parsed by `schema`. */
  const editorPost = <S extends z.ZodType>(
    path: string,
    summary: string,
    schema: S,
    handle: (p: z.infer<S>, op: Editor, request: FastifyRequest) => Promise<Record<string, unknown>>,
  ) =>
    app.post(
      `/api/console/brands/${path}`,
      doc({ tag: 'console', summary, auth: 'operator', body: schema }),
      async (request) => {
        const op = await requireEditor(request);
        return handle(parseParams(schema, request.body), op, request);
      },
    );

  async function brandRows(where: ReturnType<typeof sql>, limit: number, offset: number) {
    const r = await sql<{
      id: number;
      name: string;
      category_id: number;
      category_name: string;
      enabled: boolean;
      note: string;
      updated_at: Date;
      aliases: ConsoleBrandRow['aliases'] | null;
      total: number;
    }>`
      SELECT b.id, b.name, b.category_id::int AS category_id, c.name AS category_name, b.enabled, b.note, b.updated_at,
        (SELECT json_agg(json_build_object('id', a.id, 'alias', a.alias, 'ambiguous', a.ambiguous,
                 'contextWords', a.context_words, 'excludePhrases', a.exclude_phrases) ORDER BY a.id)
           FROM brand_aliases a WHERE a.brand_id = b.id) AS aliases,
        (count(*) OVER ())::int AS total
      FROM brands b JOIN commerce_categories c ON c.id = b.category_id
      WHERE ${where}
      ORDER BY b.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
    return {
      total: r.rows[0]?.total ?? 0,
      list: r.rows.map((b): ConsoleBrandRow => ({
        id: b.id,
        name: b.name,
        categoryId: b.category_id,
        categoryName: b.category_name,
        enabled: b.enabled,
        note: b.note,
        updatedAt: b.updated_at.toISOString(),
        aliases: b.aliases ?? [],
      })),
    };
  }
  async function oneBrand(id: number): Promise<ConsoleBrandRow | null> {
    return (await brandRows(sql`b.id = ${id}`, 1, 0)).list[0] ?? null;
  }
  async function categoryExists(id: number): Promise<boolean> {
    const r = await sql`SELECT 1 FROM commerce_categories WHERE id = ${id}`.execute(db);
    return r.rows.length > 0;
  }

  app.get(
    '/api/console/brands',
    doc({
      tag: 'console',
      summary: '运营后台：品牌词库列表（名称、别名搜索）',
      auth: 'operator',
      query: ConsoleBrandListParams,
    }),
    async (request) => {
      await requireEditor(request);
      const p = parseParams(ConsoleBrandListParams, request.query);
      const like = p.keyword ? `%${p.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = sql`(${like}::text IS NULL OR b.name ILIKE ${like}
          OR EXISTS (SELECT 1 FROM brand_aliases a WHERE a.brand_id = b.id AND a.alias ILIKE ${like}))
        AND (${p.categoryId ?? null}::int IS NULL OR b.category_id = ${p.categoryId ?? null})
        AND (${p.enabled ?? null}::boolean IS NULL OR b.enabled = ${p.enabled ?? null})`;
      const page = await brandRows(where, p.pageSize, (p.pageNo - 1) * p.pageSize);
      const cats = await sql<{ id: number; name: string }>`
        SELECT id::int AS id, name FROM commerce_categories ORDER BY sort`.execute(db);
      return ok({ ...page, categories: cats.rows });
    },
  );

  editorPost('save', '运营后台：新增或修改品牌', ConsoleBrandSaveParams, async (p, op, request) => {
    if (!(await categoryExists(p.categoryId as number))) throw AppError.fail(BrandMsg.categoryInvalid);
    const clash = await sql<{ id: number }>`SELECT id FROM brands WHERE lower(name) = lower(${p.name})`.execute(db);
    if (clash.rows.some((r) => r.id !== p.id)) throw AppError.fail(BrandMsg.nameTaken);
    let id = p.id;
    const before = id === undefined ? null : await oneBrand(id);
    if (id !== undefined && !before) throw AppError.fail(BrandMsg.brandMissing);
    if (id === undefined) {
      const r = await sql<{ id: number }>`
        INSERT INTO brands (name, category_id, note, enabled, updated_by)
        VALUES (${p.name}, ${p.categoryId}, ${p.note}, ${p.enabled ?? true}, ${op.userId}) RETURNING id`.execute(db);
      id = Number(r.rows[0]?.id);
    } else {
      await sql`UPDATE brands SET name = ${p.name}, category_id = ${p.categoryId}, note = ${p.note},
          enabled = COALESCE(${p.enabled ?? null}::boolean, enabled), updated_at = now(), updated_by = ${op.userId}
        WHERE id = ${id}`.execute(db);
    }
    await audit(request, op, p.id === undefined ? 'brand.create' : 'brand.update', `brand:${id}`, {
      name: p.name,
      categoryId: p.categoryId,
      enabled: p.enabled ?? null,
      before: before ? { name: before.name, categoryId: before.categoryId, enabled: before.enabled } : null,
    });
    return ok({ brand: await oneBrand(id) }, ConsoleMsg.saved);
  });

  editorPost('enable', '运营后台：启用或停用品牌', ConsoleBrandEnableParams, async (p, op, request) => {
    const r = await sql`UPDATE brands SET enabled = ${p.enabled}, updated_at = now(), updated_by = ${op.userId}
      WHERE id = ${p.id}`.execute(db);
    if (Number(r.numAffectedRows ?? 0) === 0) throw AppError.fail(BrandMsg.brandMissing);
    await audit(request, op, p.enabled ? 'brand.enable' : 'brand.disable', `brand:${p.id}`, {});
    return ok({ brand: await oneBrand(p.id) }, ConsoleMsg.saved);
  });

  editorPost('alias/save', '运营后台：新增或修改品牌别名', ConsoleAliasSaveParams, async (p, op, request) => {
    if (!(await oneBrand(p.brandId))) throw AppError.fail(BrandMsg.brandMissing);
    const clash = await sql<{ id: number; brand: string }>`
      SELECT a.id, b.name AS brand FROM brand_aliases a JOIN brands b ON b.id = a.brand_id
      WHERE lower(a.alias) = lower(${p.alias})`.execute(db);
    const other = clash.rows.find((r) => r.id !== p.id);
    if (other) throw AppError.fail(BrandMsg.aliasTaken(other.brand));
    const ambiguous = p.ambiguous ?? false;
    let id = p.id;
    if (id === undefined) {
      const r = await sql<{ id: number }>`
        INSERT INTO brand_aliases (brand_id, alias, ambiguous, context_words, exclude_phrases)
        VALUES (${p.brandId}, ${p.alias}, ${ambiguous}, ${p.contextWords}::text[], ${p.excludePhrases}::text[])
        RETURNING id`.execute(db);
      id = Number(r.rows[0]?.id);
    } else {
      const r = await sql`UPDATE brand_aliases SET alias = ${p.alias}, ambiguous = ${ambiguous},
          context_words = ${p.contextWords}::text[], exclude_phrases = ${p.excludePhrases}::text[]
        WHERE id = ${id} AND brand_id = ${p.brandId}`.execute(db);
      if (Number(r.numAffectedRows ?? 0) === 0) throw AppError.fail(BrandMsg.aliasMissing);
    }
    await sql`UPDATE brands SET updated_at = now(), updated_by = ${op.userId} WHERE id = ${p.brandId}`.execute(db);
    await audit(request, op, p.id === undefined ? 'brand.alias.create' : 'brand.alias.update', `brand:${p.brandId}`, {
      aliasId: id,
      alias: p.alias,
      ambiguous,
      contextWords: p.contextWords,
      excludePhrases: p.excludePhrases,
    });
    return ok({ brand: await oneBrand(p.brandId) }, ConsoleMsg.saved);
  });

  editorPost('alias/delete', '运营后台：删除品牌别名', ConsoleAliasDeleteParams, async ({ id }, op, request) => {
    const r = await sql<{ brand_id: number; alias: string }>`
      DELETE FROM brand_aliases WHERE id = ${id} RETURNING brand_id, alias`.execute(db);
    const gone = r.rows[0];
    if (!gone) throw AppError.fail(BrandMsg.aliasMissing);
    await audit(request, op, 'brand.alias.delete', `brand:${gone.brand_id}`, { aliasId: id, alias: gone.alias });
    return ok({ brand: await oneBrand(gone.brand_id) }, ConsoleMsg.deleted);
  });
}
