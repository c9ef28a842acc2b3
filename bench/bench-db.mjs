// The bench database every script uses: BENCH_DB (a plain identifier; each script has its default) on the server of
// BENCH_DATABASE_URL (any database there, default the machine's `test`), as an admin URL and the bench URL.
export function benchDatabase(env, defaultDb) {
  const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = env.BENCH_DB ?? defaultDb;
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`BENCH_DB must be a plain identifier: ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return { adminUrl, dbName, benchUrl: u.toString() };
}
