/**
 * Goods, the videos carrying them and sponsorship verdicts for a world that has videos but no commerce rows (the
 * 1M bench world, a test's demo world): bench/world-commerce.mjs and the aggregate tests. Set-based SQL only
 * (INSERT … SELECT; values from hashint8extended(key, seed), so a seed gives the same rows), at the ratios the
 * collector finds on Bilibili's commerce-heavy partitions, spread over the whole world:
 * - `carryShare` of the visible videos carry goods (default 4 %), 1–3 items each (≈ 1.5), shown in the goods area
 *   (50 %), the description (30 %) or the pinned comment (20 %);
 * - distinct goods ≈ 0.4 × carrying videos, drawn with a skew (item k of n is drawn ∝ u², u uniform: a few items
 *   are carried by hundreds of videos, most by one or two), each of a dictionary brand and its category, with a
 *   price and one price row for today;
 * - `readShare` of the visible videos have a verdict (default 30 %): every carrying video among them is selling,
 *   sponsored when its hash says so (35 % of carrying, 6 % of the others).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/client.js';

export interface CommerceWorldOptions {
  seed: number;
  carryShare?: number;
  readShare?: number;
  log?: (line: string) => void;
}

/** Product nouns per commerce category (commerce_categories ids of migration 0061). */
const NOUNS: Readonly<Record<number, readonly string[]>> = {
  1: ['无线鼠标', '机械键盘', '蓝牙耳机', '充电宝', '显示器', '移动硬盘', '平板电脑', '智能手表'],
  2: ['口红', '粉底液', '眼影盘', '精华液', '面膜', '防晒霜', '卸妆油', '香水'],
  3: ['每日坚果', '速溶咖啡', '牛肉干', '气泡水', '螺蛳粉', '巧克力', '自热火锅', '燕麦片'],
  4: ['连帽卫衣', '牛仔裤', '羽绒服', '运动鞋', '帆布包', '衬衫', '针织衫', '棒球帽'],
  5: ['空气炸锅', '扫地机器人', '电饭煲', '吹风机', '净水器', '洗碗机', '电动牙刷', '投影仪'],
  6: ['游戏手柄', '月卡礼包', '周边手办', '游戏耳机', '点卡', '主机'],
  7: ['车载支架', '行车记录仪', '洗车液', '车载香薰', '试驾礼包'],
  8: ['纸尿裤', '奶粉', '婴儿湿巾', '儿童餐椅', '绘本'],
  9: ['洗发水', '沐浴露', '牙膏', '剃须刀', '身体乳'],
  10: ['乳胶枕', '收纳箱', '香薰蜡烛', '四件套', '落地灯'],
  11: ['跑步鞋', '瑜伽垫', '登山包', '速干衣', '露营帐篷'],
  12: ['会员年卡', '网盘会员', '云服务器', '视频会员'],
  13: ['网课', '单词书', '编程课', '考研资料'],
  14: ['维生素', '护眼贴', '鱼油', '蛋白粉'],
  15: ['猫粮', '狗粮', '猫砂', '冻干零食'],
  99: ['礼盒', '文创周边', '贴纸套装'],
};
const EDITIONS = ['旗舰款', '礼盒装', '限定版', '套装', '新品', '经典款', '升级版', '家庭装', '便携款', 'Pro'];
const PLATFORMS = ['taobao', 'tmall', 'jd', 'bilibili', 'pdd'] as const;

export async function fillCommerceWorld(
  db: Db,
  options: CommerceWorldOptions,
): Promise<{ carrying: number; goods: number; pairs: number; verdicts: number }> {
  const seed = options.seed;
  const carry = Math.round((options.carryShare ?? 0.04) * 10_000);
  const read = Math.round((options.readShare ?? 0.3) * 10_000);
  const log = options.log ?? (() => undefined);
  const h = (key: RawBuilder<unknown>, salt: number) => sql`abs(hashint8extended(${key}, ${seed + salt}))`;
  const u = (key: RawBuilder<unknown>, salt: number) => sql`(${h(key, salt)} % 1000000) / 1000000.0`;
  const nouns = Object.entries(NOUNS).flatMap(([c, list]) =>
    list.map((noun, k) => sql`(${Number(c)}::smallint, ${k}, ${noun}::text, ${list.length})`),
  );
  return db.connection().execute(async (c) => {
    await sql`CREATE TEMP TABLE cw_carry AS
      SELECT v.id AS video_id, v.creator_id, v.pubdate, row_number() OVER (ORDER BY v.id) AS n
      FROM videos v WHERE v.status = 0 AND ${h(sql`v.id`, 1)} % 10000 < ${carry}`.execute(c);
    const carrying = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM cw_carry`.execute(c)).rows[0]?.n ?? 0);
    const goodsN = Math.max(1, Math.ceil(carrying * 0.4));
    log(`[commerce-world] ${carrying} carrying videos, ${goodsN} goods`);
    await sql`CREATE TEMP TABLE cw_brands AS
      SELECT id, name, category_id, row_number() OVER (ORDER BY id) - 1 AS k FROM brands WHERE enabled`.execute(c);
    await sql`CREATE TEMP TABLE cw_nouns (category_id smallint, k int, noun text, n int)`.execute(c);
    await sql`INSERT INTO cw_nouns VALUES ${sql.join(nouns)}`.execute(c);
    const brandsN = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM cw_brands`.execute(c)).rows[0]?.n ?? 1);
    const base = `cw${seed}x`;
    const inserted = await sql<{ id: string }>`
      INSERT INTO goods (platform, item_id, title, price, shop, brand_id, category_id, url, first_seen, last_seen)
      SELECT plat, ${base} || i, b.name || ' ' || nn.noun || ' ' || (${sql.val(EDITIONS)}::text[])[(1 + ${h(sql`i`, 4)} % ${EDITIONS.length})::int]
               || ' ' || (1 + ${h(sql`i`, 5)} % 900)::text,
             round((9.9 * exp(${u(sql`i`, 6)} * ln(300)))::numeric, 2), b.name || '官方旗舰店', b.id, b.category_id,
             CASE plat WHEN 'jd' THEN 'https://item.jd.com/' || ${base} || i || '.html'
                       WHEN 'bilibili' THEN 'https://mall.bilibili.com/detail.html?itemsId=' || ${base} || i
                       WHEN 'pdd' THEN 'https://mobile.yangkeduo.com/goods.html?goods_id=' || ${base} || i
                       ELSE 'https://item.taobao.com/item.htm?id=' || ${base} || i END,
             now() - interval '400 days', now() - (${h(sql`i`, 7)} % 30) * interval '1 day'
      FROM generate_series(1, ${goodsN}) i
      CROSS JOIN LATERAL (SELECT (${sql.val([...PLATFORMS])}::text[])[(1 + ${h(sql`i`, 2)} % ${PLATFORMS.length})::int] AS plat) p
      JOIN cw_brands b ON b.k = ${h(sql`i`, 3)} % ${brandsN}
      JOIN cw_nouns nn ON nn.category_id = (CASE WHEN b.category_id IN (SELECT category_id FROM cw_nouns)
                                                  THEN b.category_id ELSE 99 END)
                      AND nn.k = ${h(sql`i`, 8)} % nn.n
      ORDER BY i
      RETURNING id`.execute(c);
    await sql`CREATE TEMP TABLE cw_goods AS
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM unnest(${inserted.rows.map((r) => r.id)}::bigint[]) id`.execute(
      c,
    );
    const goods = inserted.rows.length;
    const pairs = await sql`
      INSERT INTO video_goods (video_id, goods_id, source, creator_id, link, evidence, first_seen, last_seen)
      SELECT cc.video_id, g.id,
             CASE WHEN ${h(sql`cc.video_id * 7 + j`, 11)} % 10 < 5 THEN 'goods_area'
                  WHEN ${h(sql`cc.video_id * 7 + j`, 11)} % 10 < 8 THEN 'desc' ELSE 'pinned_comment' END,
             cc.creator_id, gg.url, gg.title, cc.pubdate + interval '1 hour', now() - interval '1 day'
      FROM cw_carry cc
      CROSS JOIN LATERAL generate_series(1, 1 + (${h(sql`cc.video_id`, 9)} % 10 < 4)::int
                                            + (${h(sql`cc.video_id`, 9)} % 10 = 0)::int) j
      JOIN cw_goods g ON g.k = floor(${goods} * power(${u(sql`cc.video_id * 7 + j`, 10)}, 2))::bigint
      JOIN goods gg ON gg.id = g.id
      ON CONFLICT DO NOTHING`.execute(c);
    await sql`
      INSERT INTO goods_price_daily (goods_id, day, price, low, high)
      SELECT g.id, (now() AT TIME ZONE 'Asia/Shanghai')::date, g.price, g.price, g.price
      FROM cw_goods x JOIN goods g ON g.id = x.id WHERE g.price IS NOT NULL
      ON CONFLICT DO NOTHING`.execute(c);
    const verdicts = await sql`
      INSERT INTO video_sponsorships (video_id, creator_id, sponsored, selling, score, brand_id)
      SELECT v.id, v.creator_id,
             ${h(sql`v.id`, 13)} % 100 < CASE WHEN cc.video_id IS NULL THEN 6 ELSE 35 END,
             cc.video_id IS NOT NULL,
             CASE WHEN ${h(sql`v.id`, 13)} % 100 < CASE WHEN cc.video_id IS NULL THEN 6 ELSE 35 END
                  THEN 0.85 ELSE 0.2 END,
             CASE WHEN ${h(sql`v.id`, 13)} % 100 < CASE WHEN cc.video_id IS NULL THEN 6 ELSE 35 END
                  THEN (SELECT b.id FROM cw_brands b WHERE b.k = ${h(sql`v.id`, 14)} % ${brandsN}) END
      FROM videos v LEFT JOIN cw_carry cc ON cc.video_id = v.id
      WHERE v.status = 0 AND ${h(sql`v.id`, 12)} % 10000 < ${read}
      ON CONFLICT DO NOTHING`.execute(c);
    await sql`DROP TABLE cw_carry, cw_brands, cw_nouns, cw_goods`.execute(c);
    for (const table of ['goods', 'video_goods', 'video_sponsorships'])
      await sql`ANALYZE ${sql.table(table)}`.execute(c);
    return {
      carrying,
      goods,
      pairs: Number(pairs.numAffectedRows ?? 0),
      verdicts: Number(verdicts.numAffectedRows ?? 0),
    };
  });
}
