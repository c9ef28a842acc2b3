import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Hashed build output (Vite names every file under assets/ by its content hash). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed public files: always revalidated (ETag / Last-Modified). */
export const REVALIDATE_CACHE = 'no-cache';

/** The file a response was made from, without the pre-compressed suffix. */
function servedFile(filePath: string): string {
  return filePath.replace(/\.(br|gz)$/, '');
}

/** Cache-Control by file: a year, immutable, for hashed assets; revalidation for everything else. */
export function cacheControlFor(root: string, filePath: string): string {
  const rel = path.relative(root, servedFile(filePath)).split(path.sep).join('/');
  return rel.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built web app (apps/web/dist): the `.br` / `.gz` copies the build writes next to each file
 * (apps/web/build-plugins.ts) go to clients that accept them, with Content-Encoding and
 * `Vary: Accept-Encoding`; hashed assets are cached for a year as immutable, index.html never without
 * revalidation. The SPA fallback (app.ts) sends index.html through the same path.
 */
export async function registerWebStatic(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(root, filePath));
    },
  });
}

/**
 * The path (relative to the web root) of a file under it that a GET asks for, when the file exists: the
 * static routes are registered from the files present at start, so the chunks of a build made while the
 * server runs would otherwise answer 404 until a restart. Only plain names (letters, digits, `_ - .` and
 * `/`, no `..`, no dot files) are looked up.
 */
export function builtFileAfterStart(root: string, urlPath: string): string | null {
  if (!/^\/[A-Za-z0-9_][\w.-]*(\/[A-Za-z0-9_][\w.-]*)*$/.test(urlPath) || urlPath.includes('..')) return null;
  const rel = urlPath.slice(1);
  try {
    return fs.statSync(path.join(root, rel)).isFile() ? rel : null;
  } catch {
    return null;
  }
}
