// Gives every creator and video of a bench world the hash the ingestor stores when it applies a record
// (creators.profile_hash, videos.meta_hash: migration 0016), as if each had been collected once — the steady state of
// a deployment, where a day's snapshots take the counters-only path. See bench/README.md. Run by world-1m.mjs at
// its end; on its own for a world generated before 0016:
//
//   node bench/world-hashes.mjs          # BENCH_DB (default xg_bench_1m) beside BENCH_DATABASE_URL
//
// The hashes come from the ingestor's own functions (pg-ingestor.ts creatorHash / videoHash) over records built from
// the stored columns, exactly what bench/ingest.mjs sends.
import pg from 'pg';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { creatorHash, videoHash } = await import(dist('modules/ingestion/pg-ingestor.js'));
const { creatorProfile, videoMeta } = await import(new URL('ingest-records.mjs', import.meta.url).href);

import { benchDatabase } from './bench-db.mjs';

const env = process.env;
const { benchUrl } = benchDatabase(env, 'xg_bench_1m');
const say = (line) => process.stdout.write(`${line}\n`);

/**
 * Hashes `tables` ('creators', 'videos' or both, in that order) and then VACUUM ANALYZEs them. world-1m.mjs hashes
 * the creators before the derived data and the videos beside it (the derived data's long part keeps one core busy).
 */
export async function hashWorld(url = benchUrl, tables = ['creators', 'videos']) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const q = async (text, params = []) => (await pool.query(text, params)).rows;
  const known = new Set((await q(`SELECT tid FROM partitions`)).map((r) => r.tid));
  const started = Date.now();

  const creators = async (from, to) => {
    const rows = await q(
      `SELECT id, mid, name, face, sign, level, sex, official_type, official_title, live_room_id, is_live
       FROM creators WHERE id >= $1 AND id < $2`,
      [from, to],
    );
    const hashes = rows.map((r) => creatorHash(creatorProfile(r)));
    await q(
      `UPDATE creators c SET profile_hash = i.h FROM unnest($1::bigint[], $2::bigint[]) AS i(id, h)
       WHERE c.id = i.id AND c.profile_hash IS DISTINCT FROM i.h`,
      [rows.map((r) => r.id), hashes],
    );
    return rows.length;
  };
  const videos = async (from, to) => {
    const rows = await q(
      `SELECT v.id, v.aid, v.bvid, c.mid, c.name AS owner_name, c.face AS owner_face, v.title, v.cover, v.description, v.duration,
              extract(epoch FROM v.pubdate)::bigint AS pubdate, v.tid, v.copyright, v.is_activity, v.status
       FROM videos v JOIN creators c ON c.id = v.creator_id WHERE v.id >= $1 AND v.id < $2`,
      [from, to],
    );
    const hashes = rows.map((v) =>
      videoHash(videoMeta(v, { mid: Number(v.mid), name: v.owner_name, face: v.owner_face }), known),
    );
    await q(
      `UPDATE videos v SET meta_hash = i.h FROM unnest($1::bigint[], $2::bigint[]) AS i(id, h)
       WHERE v.id = i.id AND v.meta_hash IS DISTINCT FROM i.h`,
      [rows.map((r) => r.id), hashes],
    );
    return rows.length;
  };

  // id ranges, two at a time (the pool's two connections)
  const run = async (table, work, step) => {
    const [{ lo, hi }] = await q(`SELECT min(id)::bigint AS lo, max(id)::bigint AS hi FROM ${table}`);
    if (lo === null) return 0;
    let next = Number(lo);
    let done = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (next <= Number(hi)) {
          const from = next;
          next += step;
          const n = await work(from, from + step);
          done += n;
        }
      }),
    );
    return done;
  };
  if (tables.includes('creators')) {
    const c = await run('creators', creators, 20_000);
    say(`[hashes] ${c} creators in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (tables.includes('videos')) {
    const v = await run('videos', videos, 50_000);
    say(`[hashes] ${v} videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const table of tables) await q(`VACUUM ANALYZE ${table === 'videos' ? 'videos' : 'creators'}`);
  await pool.end();
}

if (import.meta.url === `file://${process.argv[1]}`) await hashWorld();
