// Lists and the private creator library under HTTP load (issue #15; not part of `npm test`). See bench/README.md.
//
// On the 1M world of bench/world-1m.mjs (BENCH_DB, default xg_bench_1m; any migrated world with creators works):
//   1. setup (once; reused while app_meta.bench_lists matches the shape, BENCH_RESET=1 rebuilds it): a 高级企业版
//      team of BENCH_ACCOUNTS accounts (the parent and its sub-accounts), BENCH_SAVED saved creators spread over
//      collect (type 1) and delivery list (type 4) with custom groups, monitored ones, the team's own order, and
//      BENCH_LIBRARY private-library entries (most linked to tracked creators, the rest manual) with the §3 fields
//      filled as a team fills them, plus price history; BENCH_OTHER_TEAMS smaller teams beside it — all inserted in
//      SQL;
//   2. optional (BENCH_EXPLAIN=1): EXPLAIN (ANALYZE, BUFFERS) of the repositories' own statements for typical
//      parameters (captured from CollectRepository.listKols / LibraryRepository.list through a Kysely log hook);
//   3. HTTP load on the built app in its own process (bench/discovery-server.mjs, BENCH_MODE=app, ROLE=api,
//      logging at `info`), every request signed like the web client with one of the team's accounts at random,
//      BENCH_CONNECTIONS (32) connections, per scenario: GET /api/user/myLinkKol and GET /api/eredarResourcesList
//      (pages, sorts, filters, keywords, a mix). Prints req/s and exact p50 / p95 / p99 and a JSON summary line.
// Neither route has a response cache (only the 3 s session cache applies, and PostgreSQL's buffers): every request
// runs the list's statements.
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { benchDatabase } from './bench-db.mjs';
import { signedLoad, startBenchServer, stopBenchServer } from './bench-load.mjs';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { migrate } = await import(dist('db/migrate.js'));
await import(dist('db/client.js')); // the app's type parsers (dates, int8)
const { SessionRepository } = await import(dist('modules/session/session.repository.js'));
const { SessionService } = await import(dist('modules/session/session.service.js'));
const { CollectRepository } = await import(dist('modules/collect/collect.repository.js'));
const { LibraryRepository } = await import(dist('modules/library/library.repository.js'));
const { EredarListParams } = await import(new URL('packages/shared/dist/index.js', root).href);

const env = process.env;
const { dbName, benchUrl } = benchDatabase(env, 'xg_bench_1m');
const duration = Number(env.BENCH_DURATION ?? 15);
const connections = Number(env.BENCH_CONNECTIONS ?? 32);
const only = env.BENCH_ONLY ? env.BENCH_ONLY.split(',') : null;
const shape = {
  accounts: Number(env.BENCH_ACCOUNTS ?? 1000),
  saved: Number(env.BENCH_SAVED ?? 5000),
  putShare: Number(env.BENCH_PUT_SHARE ?? 0.3),
  groups: Number(env.BENCH_GROUPS ?? 20),
  library: Number(env.BENCH_LIBRARY ?? 20000),
  otherTeams: Number(env.BENCH_OTHER_TEAMS ?? 30),
};
/** a TABLESAMPLE BERNOULLI percentage giving about `rows` × 3 creators (enough to draw `rows` at random) */
const sampleOf = (rows, n) => Math.min(100, (300 * rows) / n).toFixed(4);
const say = (line) => process.stdout.write(`${line}\n`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const load1 = async () =>
  (await import('node:fs/promises')).readFile('/proc/loadavg', 'utf8').then((s) => s.split(' ').slice(0, 3).join(' '));

const applied = await migrate(benchUrl);
if (applied.length) say(`[lists] migrated: ${applied.join(', ')}`);
const pool = new pg.Pool({ connectionString: benchUrl, max: 4 });
const q = async (text, params = []) => (await pool.query(text, params)).rows;
const creatorsN = Number((await q(`SELECT count(*) AS n FROM creators`))[0].n);
if (creatorsN < shape.saved + shape.library) throw new Error(`${dbName} has only ${creatorsN} creators`);
say(`[lists] ${dbName}: ${creatorsN.toLocaleString('en')} creators; load average ${await load1()}`);

// 1. Setup ---------------------------------------------------------------------------------------------------
const MARK = 'bench_lists';
const marker = (await q(`SELECT value FROM app_meta WHERE key = $1`, [MARK]))[0]?.value ?? null;
const sameShape = marker && Object.entries(shape).every(([k, v]) => marker[k] === v);
let teamId;
if (sameShape && env.BENCH_RESET !== '1') {
  teamId = marker.teamId;
  say(`[lists] reusing the bench team ${teamId} (BENCH_RESET=1 rebuilds it)`);
} else {
  teamId = await setup();
}

async function setup() {
  const s = Date.now();
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query(`SET LOCAL synchronous_commit = off`);
    // a previous bench team and the other teams go with their rows (ON DELETE CASCADE)
    await c.query(`DELETE FROM users WHERE username LIKE '列表压测%' AND parent_id IS NOT NULL`);
    await c.query(`DELETE FROM users WHERE username LIKE '列表压测%'`);
    const parent = (
      await c.query(
        `INSERT INTO users (username, phone, password_hash, invite_code, user_type, version_type, maturity_time)
         VALUES ('列表压测团队', '10900000000', 'x', 'LISTBENCH0', 4, 1, now() + interval '1 year') RETURNING id`,
      )
    ).rows[0].id;
    await c.query(
      `INSERT INTO users (username, phone, password_hash, invite_code, user_type, parent_id, maturity_time)
       SELECT '列表压测成员' || i, '109' || lpad(i::text, 8, '0'), 'x', 'LISTBENCH' || i, 0, $1, null
       FROM generate_series(1, $2::int - 1) i`,
      [parent, shape.accounts],
    );
    // the people who actually edit the lists: the parent and up to 7 sub-accounts
    const editors = (
      await c.query(`SELECT id FROM users WHERE id = $1 OR parent_id = $1 ORDER BY id LIMIT 8`, [parent])
    ).rows.map((r) => r.id);
    const editor = (expr) => `(ARRAY[${editors.join(',')}]::bigint[])[1 + ((${expr}) % ${editors.length})::int]`;

    // custom groups: the default group plus named ones
    const GROUP_NAMES = [
      '美妆达人',
      '数码测评',
      '游戏主播',
      '美食探店',
      '母婴亲子',
      '汽车',
      '旅行vlog',
      '知识科普',
      '二次元',
      '音乐',
      '舞蹈',
      '健身',
      '萌宠',
      '时尚穿搭',
      '家居',
      '影视解说',
      '搞笑',
      '科技',
      'Q4备选',
      '双11合作',
      '已合作',
      '待沟通',
      '预算内',
      '高性价比',
      '品牌A',
      '品牌B',
      '重点跟进',
      '竞品合作过',
      '新人潜力',
      '头部',
    ];
    await c.query(
      `INSERT INTO custom_groups (team_id, type, name, sort, created_by) VALUES ($1, 4, 'default_group', 0, $1)`,
      [parent],
    );
    await c.query(
      `INSERT INTO custom_groups (team_id, type, name, sort, created_by)
       SELECT $1, 4, n, k, $1 FROM unnest($2::text[]) WITH ORDINALITY u(n, k)`,
      [parent, GROUP_NAMES.slice(0, shape.groups)],
    );
    const groups = (
      await c.query(`SELECT id FROM custom_groups WHERE team_id = $1 AND name <> 'default_group' ORDER BY id`, [parent])
    ).rows.map((r) => r.id);
    // a group per row, the first groups fuller than the last (u² skew)
    const groupOf = (expr) =>
      groups.length > 0
        ? `(ARRAY[${groups.join(',')}]::bigint[])[1 + floor(${groups.length} * (${expr}) ^ 2)::int]`
        : 'NULL';

    // the creators a team saves: 60 % from the 50,000 biggest, the rest from the whole world
    const distinct = Math.ceil(shape.saved * (1 - shape.putShare / 3));
    await c.query(`CREATE TEMP TABLE bench_pick ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY random()) AS k, id, fans FROM (
        (SELECT id, fans FROM (SELECT id, fans FROM creators ORDER BY fans DESC LIMIT 50000) t ORDER BY random() LIMIT ${Math.round(distinct * 0.6)})
        UNION
        (SELECT id, fans FROM creators TABLESAMPLE BERNOULLI (${sampleOf(distinct, creatorsN)}) ORDER BY random() LIMIT ${distinct})
      ) x`);
    const nCollect = Math.round(shape.saved * (1 - shape.putShare));
    const nPut = shape.saved - nCollect;
    // type 1: the first nCollect picks; type 4: the next picks, and a third of them also saved under type 1
    await c.query(
      `INSERT INTO saved_creators (team_id, type, creator_id, group_id, sort, monitor, fans_at_add, added_by, created_at)
       SELECT $1, t.type, p.id,
              CASE WHEN random() < 0.65 THEN ${groupOf('random()')} END,
              row_number() OVER (PARTITION BY t.type ORDER BY random())::int - 1,
              false, round(p.fans * (0.6 + 0.4 * random()))::bigint, ${editor('p.k')},
              now() - random() * interval '200 days'
       FROM bench_pick p
       CROSS JOIN LATERAL (
         SELECT 1 AS type WHERE p.k <= ${nCollect}
         UNION ALL
         SELECT 4 WHERE p.k > ${nCollect - Math.round(nPut / 3)} AND p.k <= ${nCollect - Math.round(nPut / 3) + nPut}
       ) t`,
      [parent],
    );
    // monitoring: 150 of the collect list, 50 of the delivery list (limit 500 at this tier)
    await c.query(
      `UPDATE saved_creators SET monitor = true WHERE id IN (
         (SELECT id FROM saved_creators WHERE team_id = $1 AND type = 1 ORDER BY random() LIMIT 150)
         UNION ALL (SELECT id FROM saved_creators WHERE team_id = $1 AND type = 4 ORDER BY random() LIMIT 50))`,
      [parent],
    );

    // the private library: 85 % linked to tracked creators (a quarter of them also saved), 15 % manual entries
    const linked = Math.round(shape.library * 0.85);
    await c.query(`CREATE TEMP TABLE bench_lib ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY random()) AS k, id FROM (
        (SELECT id FROM bench_pick ORDER BY random() LIMIT ${Math.round(linked * 0.25)})
        UNION
        (SELECT id FROM creators TABLESAMPLE BERNOULLI (${sampleOf(linked, creatorsN)}) ORDER BY random() LIMIT ${linked})
      ) x LIMIT ${linked}`);
    const pickOf = (arr, expr) =>
      `(ARRAY[${arr.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(',')}])[1 + floor(${arr.length} * (${expr}))::int]`;
    const DIY = [
      '美妆',
      '数码测评',
      '游戏解说',
      '美食探店',
      '母婴',
      '汽车',
      '穿搭',
      '健身',
      '宠物',
      '知识区',
      '情感',
      '剧情',
    ];
    const CALENDAR = [
      '12月上旬有空档',
      '月底前排满',
      '下月可约',
      '档期需提前两周确认',
      '周末不接',
      '春节前可排',
      '随时可约',
    ];
    const REMARK = [
      '配合度高，脚本修改及时',
      '报价可谈，量大有折扣',
      '粉丝以学生为主',
      '上次合作数据超出预期',
      '需经纪人对接',
      '只接口播，不接定制',
      '女性粉丝占比高',
      '回复慢，需提前沟通',
      '适合新品首发',
      '去年双11合作过',
      '转化一般，曝光不错',
      '建议搭配动态一起投',
    ];
    const CONTACT = ['微信', '电话', '邮件', 'QQ', '经纪人', 'B站私信'];
    const ORG = (await c.query(`SELECT name FROM mcns ORDER BY id LIMIT 200`)).rows.map((r) => r.name);
    const childTids = (await c.query(`SELECT tid FROM partitions WHERE parent_id IS NOT NULL`)).rows.map((r) => r.tid);
    const SURNAME = Array.from('小大阿老野萌甜酷白黑蓝绿红紫金银星月云风雨雪山海林');
    const GIVEN = Array.from('猫狗兔鱼鹿熊狐鸟橘柚桃梨糖豆米面包子饼茶酒歌舞画书剑刀侠客君');
    // a price: log-normal around `median`, rounded to 100, filled in `share` of the entries
    const price = (share, median) =>
      `CASE WHEN random() < ${share} THEN round((${median} * exp(0.9 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))) / 100) * 100 END`;
    const fields = `
      gender, platform_level, theme_id, theme_name, diy_theme_name, is_live, normal_price, video_price,
      implantation_price, special_price, launch_level, launch_count, auction_calendar, wechat, phone, qq, email,
      organization, remark, is_enter, contact_way, group_id, added_by, updated_by, created_at, updated_at`;
    const fieldValues = (k) => `
      (ARRAY[0, 1, 2])[1 + floor(3 * random())::int], 1 + floor(6 * random())::int, pt.tid, coalesce(pt.name, ''),
      CASE WHEN random() < 0.6 THEN ${pickOf(DIY, 'random()')} ELSE '' END, (random() < 0.1)::int,
      ${price(0.6, 3000)}, ${price(0.7, 12000)}, ${price(0.8, 20000)}, ${price(0.2, 50000)},
      (ARRAY[1, 2, 3, 3, 3, 3, 4, 4, 5])[1 + floor(9 * random())::int], floor(30 * random() ^ 3)::int,
      CASE WHEN random() < 0.4 THEN ${pickOf(CALENDAR, 'random()')} ELSE '' END,
      CASE WHEN random() < 0.5 THEN 'wx_' || substr(md5(random()::text), 1, 10) ELSE '' END,
      CASE WHEN random() < 0.4 THEN '1' || (30 + floor(60 * random()))::int || lpad(floor(100000000 * random())::text, 8, '0') ELSE '' END,
      CASE WHEN random() < 0.3 THEN (10000000 + floor(900000000 * random()))::bigint::text ELSE '' END,
      CASE WHEN random() < 0.3 THEN substr(md5(random()::text), 1, 8) || '@' || ${pickOf(['qq.com', '163.com', 'gmail.com', 'mcn.cn'], 'random()')} ELSE '' END,
      CASE WHEN random() < 0.5 THEN ${pickOf(ORG, 'random()')} ELSE '' END,
      CASE WHEN random() < 0.5 THEN ${pickOf(REMARK, 'random()')} || '（' || (2024 + floor(3 * random()))::int || '）' ELSE '' END,
      (random() < 0.3)::int,
      CASE WHEN random() < 0.5 THEN ${pickOf(CONTACT, 'random()')} ELSE '' END,
      CASE WHEN random() < 0.5 THEN ${groupOf('random()')} END,
      ${editor(k)}, ${editor(`${k} + 3`)}`;
    await c.query(
      `INSERT INTO library_entries (team_id, kol_uid, creator_id, main_index_url, nickname, fans_num, ${fields})
       SELECT $1, cr.mid, cr.id, 'https://space.bilibili.com/' || cr.mid, cr.name, cr.fans, ${fieldValues('b.k')},
              t.created, t.created + random() * (now() - t.created)
       FROM bench_lib b JOIN creators cr ON cr.id = b.id
       LEFT JOIN partitions pt ON pt.tid = cr.partition_tid
       CROSS JOIN LATERAL (SELECT now() - random() * interval '365 days' AS created) t`,
      [parent],
    );
    await c.query(
      `INSERT INTO library_entries (team_id, kol_uid, creator_id, main_index_url, nickname, fans_num, ${fields})
       SELECT $1, 3000000000000 + i, NULL, 'https://space.bilibili.com/' || (3000000000000 + i),
              ${pickOf(SURNAME, 'random()')} || ${pickOf(GIVEN, 'random()')} || ${pickOf(GIVEN, 'random()')}
                || CASE WHEN random() < 0.5 THEN ${pickOf(['酱', '君', '同学', '老师', 'TV', '频道', '日记'], 'random()')} ELSE '' END,
              round(1000 * exp(2.5 * random()) ^ 2)::bigint, ${fieldValues('g.i')},
              t.created, t.created + random() * (now() - t.created)
       FROM (SELECT i, ${pickOf(childTids, 'random()')}::int AS tid FROM generate_series(1, ${shape.library - linked}) i) g
       LEFT JOIN partitions pt ON pt.tid = g.tid
       CROSS JOIN LATERAL (SELECT now() - random() * interval '365 days' AS created) t`,
      [parent],
    );
    // price history: 30 % of the entries have 1–4 changes
    await c.query(
      `INSERT INTO library_price_history (team_id, entry_id, kind, old_price, new_price, changed_by, changed_at)
       SELECT e.team_id, e.id, ${pickOf(['implantation', 'dynamic', 'special', 'video'], 'random()')},
              round((e.implantation_price * (0.7 + 0.3 * random())) / 100) * 100, e.implantation_price,
              e.updated_by, e.created_at + random() * (e.updated_at - e.created_at)
       FROM library_entries e CROSS JOIN LATERAL generate_series(1, 1 + floor(4 * random())::int) g
       WHERE e.team_id = $1 AND random() < 0.3`,
      [parent],
    );

    // other teams beside it: one account each, 300 saved creators, 600 library entries
    for (let t = 1; t <= shape.otherTeams; t++) {
      const other = (
        await c.query(
          `INSERT INTO users (username, phone, password_hash, invite_code, user_type, maturity_time)
           VALUES ('列表压测其他团队' || $1::int, '1080000' || lpad($1::text, 4, '0'), 'x', 'LISTBENCHO' || $1::int, 3,
                   now() + interval '1 year') RETURNING id`,
          [t],
        )
      ).rows[0].id;
      await c.query(
        `INSERT INTO saved_creators (team_id, type, creator_id, sort, fans_at_add, added_by, created_at)
         SELECT $1, CASE WHEN k % 3 = 0 THEN 4 ELSE 1 END, id, k::int, fans, $1, now() - random() * interval '100 days'
         FROM (SELECT row_number() OVER () AS k, id, fans FROM creators TABLESAMPLE BERNOULLI (${sampleOf(300, creatorsN)}) LIMIT 300) x`,
        [other],
      );
      await c.query(
        `INSERT INTO library_entries (team_id, kol_uid, creator_id, main_index_url, nickname, fans_num, implantation_price, added_by, updated_by)
         SELECT $1, mid, id, 'https://space.bilibili.com/' || mid, name, fans, 10000, $1, $1
         FROM creators TABLESAMPLE BERNOULLI (${sampleOf(600, creatorsN)}) LIMIT 600 ON CONFLICT DO NOTHING`,
        [other],
      );
    }
    const value = { ...shape, teamId: String(parent), createdAt: new Date().toISOString() };
    await c.query(
      `INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [MARK, JSON.stringify(value)],
    );
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
  await pool.query(`VACUUM (ANALYZE) users, custom_groups, saved_creators, library_entries, library_price_history`);
  const id = (await q(`SELECT value->>'teamId' AS id FROM app_meta WHERE key = $1`, [MARK]))[0].id;
  say(`[lists] setup: team ${id} in ${((Date.now() - s) / 1000).toFixed(1)} s`);
  return id;
}

const counts = (
  await q(
    `SELECT (SELECT count(*) FROM saved_creators WHERE team_id = $1 AND type = 1) AS collect,
            (SELECT count(*) FROM saved_creators WHERE team_id = $1 AND type = 4) AS put,
            (SELECT count(*) FROM saved_creators WHERE team_id = $1 AND monitor) AS monitored,
            (SELECT count(*) FROM saved_creators WHERE team_id = $1 AND group_id IS NOT NULL) AS grouped,
            (SELECT count(*) FROM library_entries WHERE team_id = $1) AS library,
            (SELECT count(*) FROM library_entries WHERE team_id = $1 AND creator_id IS NOT NULL) AS linked,
            (SELECT count(*) FROM library_price_history WHERE team_id = $1) AS price_changes,
            (SELECT count(*) FROM saved_creators) AS all_saved, (SELECT count(*) FROM library_entries) AS all_library,
            (SELECT count(*) FROM users WHERE id = $1 OR parent_id = $1) AS accounts`,
    [teamId],
  )
)[0];
say(`[lists] team ${teamId}: ${JSON.stringify(counts)}`);

// 2. Inputs of the scenarios --------------------------------------------------------------------------------
const groupIds = (await q(`SELECT id FROM custom_groups WHERE team_id = $1 AND name <> 'default_group'`, [teamId])).map(
  (r) => Number(r.id),
);
const savedNames = await q(
  `SELECT c.name, c.mid, s.type FROM saved_creators s JOIN creators c ON c.id = s.creator_id WHERE s.team_id = $1`,
  [teamId],
);
const libRows = await q(
  `SELECT coalesce(c.name, e.nickname) AS name, e.kol_uid, e.organization, e.remark, e.diy_theme_name
   FROM library_entries e LEFT JOIN creators c ON c.id = e.creator_id WHERE e.team_id = $1`,
  [teamId],
);
const otherNames = (
  await q(`SELECT name FROM creators TABLESAMPLE BERNOULLI (${sampleOf(500, creatorsN)}) LIMIT 500`)
).map((r) => r.name);
const pick = (arr) => arr[Math.floor(Math.random() * arr.length)];
const pageOf = (n, maxPage = 500) => 1 + Math.floor(Math.random() * Math.min(maxPage, Math.max(1, Math.ceil(n / 20))));
/** a piece of a name: 1–3 characters from a random position */
const piece = (name) => {
  const ch = Array.from(name);
  const len = Math.min(ch.length, 1 + Math.floor(Math.random() * 3));
  const at = Math.floor(Math.random() * (ch.length - len + 1));
  return ch.slice(at, at + len).join('');
};
const typeN = { 1: Number(counts.collect), 4: Number(counts.put) };
const randType = () => (Math.random() < 1 - shape.putShare ? 1 : 4);
const KOL_SORTS = ['custom', 'addTime', 'fans', 'fansSinceAdd', 'index'];
const LIB_SORTS = ['updateTime', 'fans', 'launchLevel', 'implantationPrice', 'launchCount'];

const kol = (query) => ({ path: '/api/user/myLinkKol', query: { pageSize: 20, ...query } });
const lib = (query) => ({ path: '/api/eredarResourcesList', query: { pageSize: 20, ...query } });
const kolKeyword = () => {
  const r = Math.random();
  if (r < 0.15) return { keyword: String(pick(savedNames).mid) }; // a UID
  if (r < 0.3) return { keyword: piece(pick(otherNames)) }; // a name not saved (few or no matches)
  return { keyword: piece(pick(savedNames).name) };
};
const libKeyword = () => {
  const r = Math.random();
  const row = pick(libRows);
  if (r < 0.15) return { keyword: String(row.kol_uid) };
  if (r < 0.3 && row.organization) return { keyword: piece(row.organization) };
  if (r < 0.4 && row.remark) return { keyword: piece(row.remark) };
  if (r < 0.45 && row.diy_theme_name) return { keyword: row.diy_theme_name };
  return { keyword: piece(row.name) };
};
const libFilter = () => {
  const f = {};
  const r = Math.random();
  if (r < 0.25) f.launchLevel = 1 + Math.floor(Math.random() * 5);
  else if (r < 0.4) f.isEnter = Math.round(Math.random());
  else if (r < 0.5) f.isLive = 1;
  else if (r < 0.6) f.gender = Math.floor(Math.random() * 3);
  else if (r < 0.8) f.tId = Math.random() < 0.3 ? 0 : pick(groupIds);
  else {
    f.priceMin = pick([0, 5000, 10000, 20000]);
    f.priceMax = f.priceMin + pick([10000, 30000, 100000]);
  }
  if (Math.random() < 0.3) f.launchLevel ??= 3;
  return { ...f, sort: pick(LIB_SORTS), pageNo: 1 + Math.floor(Math.random() ** 2 * 5) };
};

const kolScenarios = {
  'myLinkKol first page': () => kol({ type: 1 }),
  'myLinkKol pages': () => {
    const type = randType();
    return kol({ type, pageNo: pageOf(typeN[type]) });
  },
  'myLinkKol sorts': () =>
    kol({ type: randType(), sort: pick(KOL_SORTS), pageNo: 1 + Math.floor(Math.random() ** 2 * 10) }),
  'myLinkKol filters': () => {
    const r = Math.random();
    const f =
      r < 0.45
        ? { groupId: pick(groupIds) }
        : r < 0.65
          ? { groupId: 0 }
          : r < 0.9
            ? { isMonitor: 1 }
            : { isMonitor: 0, groupId: pick(groupIds) };
    return kol({ type: randType(), sort: pick(KOL_SORTS), pageNo: 1 + Math.floor(Math.random() ** 2 * 3), ...f });
  },
  'myLinkKol keyword': () => kol({ type: randType(), sort: pick(KOL_SORTS), ...kolKeyword() }),
};
const libScenarios = {
  'library first page': () => lib({}),
  'library pages': () => lib({ pageNo: pageOf(Number(counts.library)) }),
  'library sorts': () => lib({ sort: pick(LIB_SORTS), pageNo: 1 + Math.floor(Math.random() ** 2 * 10) }),
  'library filters': () => lib(libFilter()),
  'library keyword': () => lib({ sort: pick(LIB_SORTS), ...libKeyword() }),
};
const mixOf = (set) => {
  const fns = Object.entries(set)
    .filter(([k]) => !k.endsWith('first page'))
    .map(([, f]) => f);
  return () => pick(fns)();
};
const scenarioSet = {
  ...kolScenarios,
  'myLinkKol mix': mixOf(kolScenarios),
  ...libScenarios,
  'library mix': mixOf(libScenarios),
};

// 3. EXPLAIN of the repositories' statements (BENCH_EXPLAIN=1) ------------------------------------------------
if (env.BENCH_EXPLAIN === '1') {
  const captured = [];
  const edb = new Kysely({ dialect: new PostgresDialect({ pool }), log: (e) => captured.push(e.query) });
  const collect = new CollectRepository(edb);
  const library = new LibraryRepository(edb);
  /** GET /api/user/myLinkKol's statement: the collect list (type 1), a page of 20; `more()` is read on each run */
  const kols =
    (sort, more = () => ({})) =>
    () =>
      collect.listKols(teamId, {
        type: 1,
        sort,
        group: null,
        monitor: null,
        keyword: null,
        limit: 20,
        offset: 0,
        ...more(),
      });
  const cases = [
    ['myLinkKol custom p1', kols('custom')],
    ['myLinkKol fans p50', kols('fans', () => ({ offset: 980 }))],
    ['myLinkKol index p1', kols('index')],
    ['myLinkKol group', kols('addTime', () => ({ group: groupIds[0] }))],
    ['myLinkKol keyword', kols('custom', () => ({ keyword: piece(savedNames[0].name) }))],
    ['library updateTime p1', () => library.list(teamId, EredarListParams.parse({}))],
    ['library fans p100', () => library.list(teamId, EredarListParams.parse({ sort: 'fans', pageNo: 100 }))],
    ['library keyword', () => library.list(teamId, EredarListParams.parse({ keyword: piece(libRows[0].name) }))],
    [
      'library filter',
      () => library.list(teamId, EredarListParams.parse({ launchLevel: 3, sort: 'implantationPrice' })),
    ],
  ];
  for (const [label, run] of cases) {
    captured.length = 0;
    await run();
    const { sql: text, parameters } = captured[captured.length - 1];
    const plan = await q(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, parameters);
    say(`[explain] ${label}\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
  // in-process latency of the statements alone (no HTTP, one at a time), 50 runs each
  for (const [label, run] of cases) {
    const times = [];
    for (let i = 0; i < 50; i++) {
      const s = performance.now();
      await run();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    say(`[sql] ${label.padEnd(24)} p50 ${times[25].toFixed(1)}  p95 ${times[47].toFixed(1)} ms`);
  }
}

// 4. Signed-in accounts and the server --------------------------------------------------------------------------
const sdb = new Kysely({ dialect: new PostgresDialect({ pool }) });
const sessions = new SessionService(new SessionRepository(sdb));
const tokens = [];
for (const row of await q(`SELECT id FROM users WHERE id = $1 OR parent_id = $1 ORDER BY id`, [teamId])) {
  tokens.push(await sessions.open(String(row.id), { ip: null, userAgent: null }));
}
say(`[lists] ${tokens.length} signed-in accounts of the team (${elapsed()})`);

async function load(name, port, makeRequest, seconds = duration) {
  const loadBefore = await load1();
  const run = await signedLoad({ ports: port, connections, seconds, tokens, makeVisit: () => [makeRequest()] });
  const line = { name, ...run.figures, load: `${loadBefore} → ${await load1()}` };
  say(
    `[lists] ${name.padEnd(22)} ${line.rps.toFixed(0).padStart(6)} req/s  p50 ${line.p50.toFixed(1)}  p95 ${line.p95.toFixed(1)}  p99 ${line.p99.toFixed(1)} ms  (${line.requests} requests, ${line.errors} errors; load ${line.load})`,
  );
  if (run.firstBad) say(`[lists]   first bad answer: ${run.firstBad}`);
  return line;
}

if (env.BENCH_LOAD === '0') {
  await sdb.destroy();
  process.exit(0);
}
// no creator search here: the index would only take CPU and memory
const server = await startBenchServer({
  BENCH_MODE: 'app',
  BENCH_ROLE: 'api',
  BENCH_URL: benchUrl,
  SEARCH_INDEX: env.SEARCH_INDEX ?? 'false',
});
process.on('exit', () => server.child.kill('SIGTERM')); // never leave the server behind, also on an error
const results = [];
const want = (name) => !only || only.some((o) => name.startsWith(o));
await load('warm-up', server.port, mixOf({ ...kolScenarios, ...libScenarios }), 5);
for (const [name, make] of Object.entries(scenarioSet))
  if (want(name)) results.push(await load(name, server.port, make));
await stopBenchServer(server);
say(`[lists] summary ${JSON.stringify({ db: dbName, counts, connections, duration, results })}`);
say(`[lists] done in ${elapsed()}`);
await sdb.destroy();
