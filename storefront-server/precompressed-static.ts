/**
 * Build-time compressed copies of the storefront's hashed static files (`{distDir}/static`: the
 * JavaScript chunks and stylesheets under `/_next/static/`), and their serving (issue #14 item 17).
 *
 * The files never change under their hashed names, so they are compressed once, after
 * `next build`, at the highest settings: brotli quality 11 and gzip level 9, next to the file as
 * `name.br` and `name.gz` (the layout of nginx's `brotli_static` / `gzip_static`, which serve them
 * in the cluster, deploy/nginx.conf.template). Per request, storefront-server/serve.ts compressed them with
 * brotli 4 (storefront-server/page-validators.ts): a listing's 13 chunks were 174 kB on the wire, 149 kB
 * at quality 11 (docs/lighthouse.md). On a phone's network that is the time before the page is
 * interactive, and Lighthouse's simulated LCP counts every byte loaded before it.
 */
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import { addCompileHints } from './compile-hints.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Extensions worth compressing (fonts and images are compressed formats already). */
const COMPRESSIBLE = new Map([
  ['.js', 'application/javascript; charset=UTF-8'],
  ['.css', 'text/css; charset=UTF-8'],
  ['.json', 'application/json; charset=UTF-8'],
  ['.svg', 'image/svg+xml'],
  ['.txt', 'text/plain; charset=UTF-8'],
]);

/** Files below this size (bytes) are sent as they are: a copy would save less than a packet. */
export const MIN_BYTES = 1024;

/** The codings written, in the order a client's equal preferences are served. */
const CODINGS = ['br', 'gzip'] as const;
const SUFFIX: Record<(typeof CODINGS)[number], string> = { br: '.br', gzip: '.gz' };

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) next to each compressible file of at least
 * {@link MIN_BYTES} under `dir`, unless the copy is not smaller. Existing copies are rewritten
 * (a rebuild may reuse a hashed name only for the same content, so this is idempotent).
 * @param dir `{distDir}/static` of a finished build
 * @returns what was compressed, in bytes before and after
 * @throws when `dir` cannot be read or a copy cannot be written
 */
export function precompressStatic(dir: string): {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
} {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotliBytes += Math.min(br.length, body.length);
    totals.gzipBytes += Math.min(gz.length, body.length);
    for (const [suffix, copy] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (copy.length >= body.length) continue;
      // Written aside and renamed: a server reading the folder never sees half a copy.
      writeFileSync(`${file}${suffix}.tmp`, copy);
      renameSync(`${file}${suffix}.tmp`, `${file}${suffix}`);
    }
  }
  return totals;
}

/**
 * One line for the start scripts' log: `N static files compressed: A kB → brotli B kB, gzip C kB`.
 */
export function precompressSummary({
  files,
  bytes,
  brotliBytes,
  gzipBytes,
}: ReturnType<typeof precompressStatic>): string {
  const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
  return `${files} static files compressed: ${kb(bytes)} → brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`;
}

/**
 * What the start scripts (scripts/start.mjs, scripts/start-cluster.mjs) do to the static files
 * after `next build`: V8 compile hints on the chunks (storefront-server/compile-hints.ts), then the
 * compressed copies ({@link precompressStatic}). In that order, so that the copies, which browsers
 * get, carry the hints too.
 * @param dir `{distDir}/static` of a finished build
 * @returns one log line per step
 * @throws when a file cannot be read or written (the build is then unusable)
 */
export function prepareStaticFiles(dir: string): string[] {
  const { hinted } = addCompileHints(path.join(dir, 'chunks'));
  return [`V8 compile hints added to ${hinted} chunks`, precompressSummary(precompressStatic(dir))];
}

/**
 * A request handler for `/_next/static/…` that sends the precompressed copy the client accepts
 * (`Accept-Encoding`, negotiated by `negotiator`: q-values, `*`, `identity;q=0`), with the same
 * headers Next gives the file (immutable for a year, `nosniff`) and `Vary: Accept-Encoding`.
 * Answers only GET/HEAD of a file that has such a copy; anything else (no copy, a client that takes
 * neither coding, a path outside `dir`) is left to Next.
 * @param dir `{distDir}/static`
 * @param prefix the URL path `dir` is served under
 * @returns a handler that returns true when it answered the request
 */
export function precompressedStaticHandler(
  dir: string,
  prefix: string = '/_next/static/',
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const root = path.resolve(dir);
  const known: Map<string, { type: string; mtime: Date; copies: Partial<Record<'br' | 'gzip', number>> } | null> =
    new Map();
  const lookup = (file: string) => {
    if (known.has(file)) return known.get(file);
    let found: { type: string; mtime: Date; copies: Partial<Record<'br' | 'gzip', number>> } | null = null;
    const type = COMPRESSIBLE.get(path.extname(file));
    if (type) {
      try {
        const mtime = statSync(file).mtime;
        const copies: Partial<Record<'br' | 'gzip', number>> = {};
        for (const coding of CODINGS) {
          try {
            copies[coding] = statSync(file + SUFFIX[coding]).size;
          } catch {
            // no copy in this coding
          }
        }
        if (Object.keys(copies).length) found = { type, mtime, copies };
      } catch {
        // no such file: Next answers 404
      }
    }
    // Hashed names never change their content; a name seen once is known for the process' life.
    if (known.size < 10_000) known.set(file, found);
    return found;
  };
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(prefix)) return false;
    const rest = req.url.slice(prefix.length).split('?')[0] ?? '';
    if (!rest || rest.includes('%') || rest.includes('\\')) return false;
    const file = path.resolve(root, rest);
    if (!file.startsWith(root + path.sep)) return false;
    const entry = lookup(file);
    if (!entry) return false;
    const offered = [...CODINGS.filter((c) => entry.copies[c] !== undefined), 'identity'];
    // Equal q-values go to br, then gzip (as the compression middleware negotiates).
    const coding = new Negotiator(req).encoding(offered, offered);
    if (coding !== 'br' && coding !== 'gzip') return false;
    res.statusCode = 200;
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', String(entry.copies[coding]));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Last-Modified', entry.mtime.toUTCString());
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = createReadStream(file + SUFFIX[coding]);
    stream.once('error', () => res.destroy());
    stream.pipe(res);
    return true;
  };
}
