import { describe, expect, inject, it } from 'vitest';
import { newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { chartsDrawn, collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * Brands journey (issue #26): 品牌曝光榜 → 品牌搜索 → 品牌详情 with the evidence of a sponsored video, at 1440 and
 * 375 px. The brand tables are filled by the commerce collector (another branch); this file inserts its own
 * detections of a brand of its own on two recent videos of the demo world, so it does not depend on that fill.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();
const BRAND = '霞光测试品牌';

describe('brands', () => {
  it('exposure rank → brand search → brand detail with the evidence of a sponsored video', async () => {
    const b = await db.query<{ id: number }>(
      `INSERT INTO brands (name, category_id) VALUES ($1, 2)
       ON CONFLICT (name) DO UPDATE SET enabled = true RETURNING id`,
      [BRAND],
    );
    const brandId = b.rows[0]?.id;
    const v = await db.query<{ id: string; creator_id: string; title: string }>(
      `SELECT id, creator_id, title FROM videos WHERE status = 0 AND pubdate > now() - interval '5 days'
       ORDER BY pubdate DESC LIMIT 2`,
    );
    const [v1, v2] = v.rows;
    if (!brandId || !v1 || !v2) throw new Error('no recent videos in the demo world');
    // The running collector reads the newest videos' pages after each creator snapshot and writes its own verdict
    // (the simulator's text carries no statement of this brand): mark both videos read now, so no later snapshot
    // picks them for 20 h, and wait for a snapshot already reading them to end, before the verdict is written.
    await db.query(
      `INSERT INTO video_commerce_reads (video_id, read_at) SELECT unnest($1::bigint[]), now()
       ON CONFLICT (video_id) DO UPDATE SET read_at = now()`,
      [[v1.id, v2.id]],
    );
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM pgboss.job
               WHERE name = 'collect.creator-snapshot' AND state = 'active' AND singleton_key = ANY($1::text[])`,
              [[`creator:${v1.creator_id}`, `creator:${v2.creator_id}`]],
            )
          ).rows[0]?.n,
        { timeout: 60_000, interval: 500 },
      )
      .toBe('0');
    await db.query(
      `INSERT INTO video_brand_mentions (video_id, brand_id, location, creator_id, alias, evidence, hits) VALUES
         ($1, $3, 'desc', $2, $5, '本视频由霞光测试品牌赞助，链接见置顶', 1),
         ($4, $3, 'danmaku', $6, $5, '霞光测试品牌的广告来了', 4)
       ON CONFLICT DO NOTHING`,
      [v1.id, v1.creator_id, brandId, v2.id, BRAND, v2.creator_id],
    );
    await db.query(
      `INSERT INTO video_sponsorships (video_id, creator_id, sponsored, score, brand_id) VALUES ($1, $2, true, 0.95, $3)
       ON CONFLICT (video_id) DO UPDATE SET sponsored = true, score = 0.95, brand_id = $3`,
      [v1.id, v1.creator_id, brandId],
    );
    await db.query(
      `INSERT INTO video_sponsorship_evidence (video_id, signal, location, matched, snippet, weight)
       VALUES ($1, 'sponsor_statement', 'desc', '本视频由霞光测试品牌赞助', '本视频由霞光测试品牌赞助，链接见置顶', 0.95)
       ON CONFLICT DO NOTHING`,
      [v1.id],
    );

    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);

    await page.goto(`${baseUrl}/sale/exposureRank?period=week&categoryId=2`);
    const rankRow = page.locator('tr', { hasText: BRAND }).first();
    await rankRow.waitFor();
    expect(await rankRow.innerText()).toContain('美妆');
    await shot(page, 'brands-01-exposure-rank');

    await page.goto(`${baseUrl}/sale/exposureSearch`);
    await page.getByRole('searchbox', { name: '品牌名称或别名' }).fill(BRAND);
    await page.getByRole('button', { name: '搜索' }).click();
    const found = page.getByRole('button', { name: BRAND });
    await found.waitFor();
    await shot(page, 'brands-02-exposure-search');
    await found.click();
    await page.waitForURL(/\/sale\/brandDetail\?brandId=/);
    await page.getByRole('heading', { name: new RegExp(BRAND) }).waitFor();
    await expect.poll(() => page.getByTestId('brand-spend').innerText()).toContain('估算');

    const videoRow = page.locator('tr', { hasText: v1.title.slice(0, 8) }).first();
    await videoRow.waitFor();
    expect(await videoRow.innerText()).toContain('商单');
    await videoRow.getByRole('button', { name: /展开/ }).click();
    const evidence = page.getByTestId('brand-evidence').first();
    await evidence.waitFor();
    const text = await evidence.innerText();
    expect(text).toContain('赞助声明');
    expect(text).toContain('本视频由霞光测试品牌赞助');
    expect(text).toContain('简介');
    await chartsDrawn(page);
    await shot(page, 'brands-03-brand-detail');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(BRAND) }).waitFor();
    await page
      .locator('tr', { hasText: v1.title.slice(0, 8) })
      .first()
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'brands-04-brand-detail-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
  it('sales report of the brand: goods and videos with estimated ranges labelled 估算; contrast at 375 px', async () => {
    const b = await db.query<{ id: number }>(`SELECT id FROM brands WHERE name = $1`, [BRAND]);
    const brandId = b.rows[0]?.id;
    const v = await db.query<{ id: string; creator_id: string }>(
      `SELECT v.id, v.creator_id FROM videos v WHERE v.status = 0 AND v.pubdate > now() - interval '20 days'
         AND EXISTS (SELECT 1 FROM video_daily d WHERE d.video_id = v.id)
       ORDER BY v.play DESC LIMIT 1`,
    );
    const video = v.rows[0];
    if (!brandId || !video) throw new Error('no brand or video');
    const g = await db.query<{ id: string }>(
      `INSERT INTO goods (platform, item_id, title, price, brand_id, category_id, url)
       VALUES ('taobao', 'e2ebrand1', '霞光测试品牌 保湿精华液 30ml', 129, $1, 2, 'https://item.taobao.com/item.htm?id=1')
       ON CONFLICT (platform, item_id) DO UPDATE SET brand_id = $1 RETURNING id`,
      [brandId],
    );
    await db.query(
      `INSERT INTO video_goods (video_id, goods_id, source, creator_id, evidence)
       VALUES ($1, $2, 'goods_area', $3, '霞光测试品牌 保湿精华液 30ml') ON CONFLICT DO NOTHING`,
      [video.id, g.rows[0]?.id, video.creator_id],
    );
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/sale/saleReport?type=brand&id=${brandId}&name=${encodeURIComponent(BRAND)}&days=30`);
    const summary = page.getByTestId('sale-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('估算');
    await page.locator('tr', { hasText: '保湿精华液' }).first().waitFor();
    await shot(page, 'brands-05-sale-report');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/sale/saleContrast?type=brand`);
    await page.getByText('请选择2~5个品牌进行对比').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'brands-06-sale-contrast-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
