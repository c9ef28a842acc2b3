/**
 * `npm start` builds only what is stale: a workspace is rebuilt when its output is missing, when a source
 * file (or package-lock.json) changed since its last build, or when a workspace it depends on was rebuilt.
 * Each build records the newest source time it saw in node_modules/.cache/xg-build/<name>.json.
 *
 *   node scripts/build-if-stale.mjs            build what is stale (npm start)
 *   node scripts/build-if-stale.mjs --force    build everything (npm run build)
 *   node scripts/build-if-stale.mjs --check    print what would be built, build nothing
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampDir = path.join(root, 'node_modules', '.cache', 'xg-build');
const SKIP = new Set(['node_modules', 'dist', '.vite', 'coverage']);

/** In build order; `sources` are files or directories relative to the workspace. */
const WORKSPACES = [
  {
    name: 'shared',
    dir: 'packages/shared',
    output: 'dist/index.js',
    sources: ['src', 'package.json', 'tsconfig.json'],
    deps: [],
  },
  {
    name: 'server',
    dir: 'apps/server',
    output: 'dist/main.js',
    sources: ['src', 'package.json', 'tsconfig.json'],
    deps: ['shared'],
  },
  {
    name: 'web',
    dir: 'apps/web',
    output: 'dist/index.html',
    sources: ['src', 'public', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'],
    deps: ['shared'],
  },
];
const COMMON = ['package-lock.json', 'tsconfig.base.json'];

/** Newest modification time (ms) under the given paths. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (!SKIP.has(entry)) visit(path.join(p, entry));
    } else if (st.mtimeMs > newest) {
      newest = st.mtimeMs;
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

function readStamp(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(stampDir, `${name}.json`), 'utf8')).sourcesMtimeMs ?? 0;
  } catch {
    return 0;
  }
}

function writeStamp(name, sourcesMtimeMs) {
  fs.mkdirSync(stampDir, { recursive: true });
  fs.writeFileSync(path.join(stampDir, `${name}.json`), JSON.stringify({ sourcesMtimeMs, builtAt: new Date() }));
}

function sourcePaths(ws) {
  return [...ws.sources.map((s) => path.join(root, ws.dir, s)), ...COMMON.map((s) => path.join(root, s))];
}

/** Why `ws` must be built (null: it is current). */
function staleReason(ws, rebuilt) {
  const dir = path.join(root, ws.dir);
  if (!fs.existsSync(path.join(dir, ws.output))) return `${ws.dir}/${ws.output} is missing`;
  const dep = ws.deps.find((d) => rebuilt.has(d));
  if (dep) return `${dep} was rebuilt`;
  const stamp = readStamp(ws.name);
  if (!stamp) return 'no record of its last build';
  if (newestMtime(sourcePaths(ws)) > stamp) return 'sources changed since its last build';
  return null;
}

const checkOnly = process.argv.includes('--check');
const force = process.argv.includes('--force');
const rebuilt = new Set();

function runBuild(ws) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', ws.dir], { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

// A workspace builds once the workspaces it depends on are done; the server and the web build side by side
// (on a busy machine two processes get about twice the CPU share of one: the first start's build went from
// ≈ 77 s to the figure in docs/performance.md "First start").
const builds = new Map();
for (const ws of WORKSPACES) {
  builds.set(
    ws.name,
    (async () => {
      await Promise.all(ws.deps.map((d) => builds.get(d)));
      const reason = force ? 'forced' : staleReason(ws, rebuilt);
      if (!reason) {
        console.log(`[build] ${ws.name}: up to date`);
        return;
      }
      console.log(`[build] ${ws.name}: building (${reason})`);
      rebuilt.add(ws.name);
      if (checkOnly) return;
      // the newest source time before the build: a file saved during the build makes the next start rebuild
      const sourcesMtimeMs = newestMtime(sourcePaths(ws));
      const status = await runBuild(ws);
      if (status !== 0) {
        console.error(`[build] ${ws.name}: build failed`);
        process.exit(status);
      }
      writeStamp(ws.name, sourcesMtimeMs);
    })(),
  );
}
await Promise.all(builds.values());
