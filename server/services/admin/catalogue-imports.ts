/**
 * Import runs in the console (issue #32): the runs of `import_runs` with their reports, and «run a
 * YML import from a URL» (`POST /api/admin/imports/yml {url}`), which runs the existing YML
 * importer (server/services/catalog-import) on a feed it downloads itself, guarded against SSRF:
 * - http and https only, default ports or 1024+ ;
 * - every address the host resolves to — at each connection, redirects included (at most
 *   {@link MAX_REDIRECTS}) — must be public: loopback, private (RFC 1918, fc00::/7), link-local,
 *   CGNAT, multicast and unspecified addresses are refused, unless the host is named in
 *   `ADMIN_IMPORT_ALLOW_HOSTS`. The check is in the socket's own `lookup`, so the address checked
 *   is the address connected to (no DNS rebinding between check and use);
 * - at most {@link MAX_FEED_BYTES} and {@link FEED_TIMEOUT_MS}.
 * The feed's pictures are fetched through the same guard. The run and its report are recorded by
 * the importer (`recordImportRun`); the console's request is audited.
 */
import { lookup as dnsLookup } from 'node:dns';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { importRuns } from '../../db/schema';
import { ApiHttpError } from '../../http';
import { recordImportRun, writerOptionsFromEnv } from '../catalog-import';
import { importYmlFile } from '../catalog-import/yml';
import type { Audit, CrudResource } from './content-crud';
import type { Db } from '../../db/client';
import type { ServerEnv } from '../../env';

/** Largest feed downloaded, bytes. */
export const MAX_FEED_BYTES = 200 * 1024 * 1024;
/** Longest a feed download may take, ms. */
export const FEED_TIMEOUT_MS = 120_000;
/** Redirects followed. */
export const MAX_REDIRECTS = 3;

/** An import run as the console shows it. */
export interface AdminImportRun {
  id: number;
  source: string;
  input: string;
  status: string;
  report: Record<string, unknown> | null;
  startedAt: string;
  finishedAt: string | null;
}

export const importRunResource: CrudResource<typeof importRuns.$inferSelect, AdminImportRun, never> = {
  entity: 'imports',
  table: importRuns,
  idColumn: importRuns.id,
  toRecord: (r) => ({
    id: r.id,
    source: r.source,
    input: r.input,
    status: r.status,
    report: r.report ?? null,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  }),
  toValues: () => ({}),
  sortable: { id: importRuns.id, startedAt: importRuns.startedAt, status: importRuns.status },
  search: [importRuns.input, importRuns.status, importRuns.source],
  tags: () => [],
  notFound: 'Запуск импорта не найден',
  conflict: 'Такой запуск уже есть',
};

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one a feed may not be fetched from (private, loopback, …). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

const REFUSED = 'Адрес фида ведёт во внутреннюю сеть магазина: такой импорт запрещён';

/** A `lookup` for sockets that refuses private addresses of hosts not in `allow`. */
function guardedLookup(allow: ReadonlySet<string>): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      if (!allow.has(hostname.toLowerCase()) && list.some((a) => isPrivateAddress(a.address)))
        return callback(Object.assign(new Error(REFUSED), { code: 'EPRIVATE' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Checks a feed URL before any connection.
 * @throws ApiHttpError 400 with a Russian reason (scheme, credentials, port, private literal address).
 */
export function checkFeedUrl(raw: string, allow: ReadonlySet<string>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiHttpError(400, 'Укажите адрес фида целиком: https://…');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ApiHttpError(400, 'Адрес фида должен начинаться с http:// или https://');
  if (url.username || url.password) throw new ApiHttpError(400, 'Адрес фида не должен содержать логин и пароль');
  const port = url.port ? Number(url.port) : 0;
  if (port && port < 1024 && port !== 80 && port !== 443) throw new ApiHttpError(400, 'Адрес фида: недопустимый порт');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    !allow.has(host) &&
    (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))
  )
    throw new ApiHttpError(400, REFUSED);
  return url;
}

/** Hosts of ADMIN_IMPORT_ALLOW_HOSTS, lower case. */
export function allowedHosts(env: Pick<ServerEnv, 'ADMIN_IMPORT_ALLOW_HOSTS'>): Set<string> {
  return new Set(
    env.ADMIN_IMPORT_ALLOW_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * GETs `url` through the guard into memory or a file, following up to {@link MAX_REDIRECTS}
 * redirects (each checked again), within `maxBytes` and `timeoutMs`.
 * @throws ApiHttpError 400 with a Russian reason.
 */
export async function guardedGet(
  raw: string,
  allow: ReadonlySet<string>,
  sink: { file?: string; maxBytes: number; timeoutMs: number },
): Promise<{ status: number; body: Buffer | null; contentType: string }> {
  const deadline = Date.now() + sink.timeoutMs;
  let current = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const url = checkFeedUrl(current, allow);
    const answer = await new Promise<{ status: number; location?: string; body: Buffer | null; contentType: string }>(
      (resolve, reject) => {
        const client = url.protocol === 'https:' ? https : http;
        const req = client.get(
          url,
          { lookup: guardedLookup(allow), timeout: Math.max(1, deadline - Date.now()) },
          (res) => {
            const status = res.statusCode ?? 0;
            if (status >= 300 && status < 400 && res.headers.location) {
              res.resume();
              return resolve({
                status,
                location: new URL(res.headers.location, url).toString(),
                body: null,
                contentType: '',
              });
            }
            const length = Number(res.headers['content-length'] ?? 0);
            if (length > sink.maxBytes) {
              res.destroy();
              return reject(new ApiHttpError(400, `Фид больше ${Math.round(sink.maxBytes / 1024 / 1024)} МБ`));
            }
            let size = 0;
            const chunks: Buffer[] = [];
            const out = sink.file && status < 300 ? createWriteStream(sink.file) : null;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > sink.maxBytes) {
                res.destroy(new ApiHttpError(400, `Фид больше ${Math.round(sink.maxBytes / 1024 / 1024)} МБ`));
                return;
              }
              if (out) out.write(chunk);
              else chunks.push(chunk);
            });
            res.on('error', reject);
            res.on('end', () => {
              const done = () =>
                resolve({
                  status,
                  body: out ? null : Buffer.concat(chunks),
                  contentType: String(res.headers['content-type'] ?? ''),
                });
              if (out) out.end(done);
              else done();
            });
          },
        );
        req.on('timeout', () =>
          req.destroy(new ApiHttpError(400, `Фид не загрузился за ${Math.round(sink.timeoutMs / 1000)} с`)),
        );
        req.on('error', (error: Error & { code?: string }) => {
          if (error instanceof ApiHttpError) return reject(error);
          reject(
            new ApiHttpError(400, error.code === 'EPRIVATE' ? REFUSED : 'Не удалось загрузить фид: адрес недоступен'),
          );
        });
      },
    );
    if (answer.location === undefined) return answer;
    current = answer.location;
  }
  throw new ApiHttpError(400, 'Не удалось загрузить фид: слишком много перенаправлений');
}

/** A `fetch` for the feed's pictures through the same guard (GET only, 20 MB, the given timeout). */
function guardedFetch(allow: ReadonlySet<string>): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const answer = await guardedGet(url, allow, { maxBytes: 20 * 1024 * 1024, timeoutMs: 30_000 });
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return new Response(answer.body ? new Uint8Array(answer.body) : null, {
      status: answer.status < 200 || answer.status > 599 ? 502 : answer.status,
      headers: { 'content-type': answer.contentType },
    });
  }) as typeof fetch;
}

/**
 * Downloads the feed at `url` through the guard and runs the YML importer on it, recorded as an
 * import run; audited ("run").
 * @returns the finished run (status "success" with the report, or "failure" with the error).
 * @throws ApiHttpError 400 for a refused or unreachable URL (no run is recorded then).
 */
export async function runYmlImport(db: Db, audit: Audit, env: ServerEnv, url: string): Promise<AdminImportRun> {
  const allow = allowedHosts(env);
  checkFeedUrl(url, allow);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'admin-yml-'));
  try {
    const file = path.join(tmp, 'feed.xml');
    const answer = await guardedGet(url, allow, { file, maxBytes: MAX_FEED_BYTES, timeoutMs: FEED_TIMEOUT_MS });
    if (answer.status !== 200) throw new ApiHttpError(400, `Не удалось загрузить фид: сервер ответил ${answer.status}`);
    const writer = writerOptionsFromEnv(env, guardedFetch(allow));
    await recordImportRun(db, 'yml', url, () => importYmlFile(db, file, { ...writer, input: url, feedUrl: url })).catch(
      () => undefined,
    );
    const [run] = await db
      .select()
      .from(importRuns)
      .orderBy(desc(importRuns.id))
      .where(eq(importRuns.input, url))
      .limit(1);
    const record = importRunResource.toRecord(run!);
    await db.transaction(async (tx) =>
      audit(tx, {
        action: 'run',
        entity: 'imports',
        entityId: String(record.id),
        before: null,
        after: { input: url, status: record.status },
      }),
    );
    return record;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
