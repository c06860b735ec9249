/**
 * `npm run import` with one writer (issue #28 item 3, DESIGN.md "The retailer's side": imports
 * write through the API process that owns the database). The import CLI (server/import/cli.ts)
 * calls {@link runImport}, which picks how the feed gets into the database:
 *
 * - **PostgreSQL** (`DATABASE_URL`): imported directly, as any writer may; the database's
 *   triggers make it a change event that the running API hears (docs/caching.md).
 * - **Embedded PGlite, free folder**: opened and imported here (its lock, server/db/lock.ts, keeps
 *   an API from starting on it meanwhile).
 * - **Embedded PGlite held by the running API**: the file goes to that API through the 1C
 *   exchange (`/1c_exchange`, the same authenticated path 1C uses: checkauth, init, file in
 *   chunks of file_limit, import asked again while it answers "progress"), whose import job
 *   recognises the YML feed and runs the YML importer; its report comes back as text. A URL is
 *   downloaded here first, so the API never fetches an address a caller names (SSRF).
 * - Held by another process (another import, the seed), or the exchange off in this process's
 *   environment: refused with an {@link ImportError} saying why and what to do.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DatabaseLockedError, openDb, type OpenDbOptions } from '../db/client';
import { LOCK_FILE, readDbLock, type DbLockInfo } from '../db/lock';
import { formatReport, ImportError, importYml, writerOptionsFromEnv } from '../services/catalog-import';
import type { ServerEnv } from '../env';

/** Longest a feed download may take, ms (as importYml's). */
const FEED_TIMEOUT_MS = 120_000;
/** Longest one exchange call may take, ms: an `import` call itself waits up to 20 s for the job. */
const CALL_TIMEOUT_MS = 120_000;

/** Settings of {@link importThroughExchange}. */
export interface ExchangeClientOptions {
  /** The API's origin, e.g. `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** EXCHANGE_USER / EXCHANGE_PASSWORD. */
  user: string;
  password: string;
  fetchImpl?: typeof fetch;
  /** Hears each "progress" answer's text (the CLI prints it). */
  onProgress?: (text: string) => void;
  /** ms between two `import` calls after a "progress" answer (default 200; the API waits itself). */
  pollMs?: number;
}

/**
 * Sends `file` to a running shop API over the 1C exchange as `name` and imports it there:
 * checkauth → init → file (chunks of the answered file_limit) → import until it stops answering
 * "progress" → complete (the API then removes the upload).
 * @param file local path of the feed.
 * @param name file name the API stores and reports it under (no folders).
 * @returns the API's import report (the text after "success").
 * @throws ImportError with a Russian message: the API answered "failure" (its reason), refused
 *   the login (401) or has the exchange off (404), or could not be reached.
 */
export async function importThroughExchange(file: string, name: string, opts: ExchangeClientOptions): Promise<string> {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const auth = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`;
  let cookie = '';
  const call = async (query: string, body?: Uint8Array) => {
    let res: Response;
    try {
      res = await fetchImpl(`${opts.baseUrl}/1c_exchange?${query}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: auth,
          ...(cookie ? { cookie } : {}),
          ...(body ? { 'content-type': 'application/octet-stream' } : {}),
        },
        ...(body ? { body: body as BodyInit } : {}),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (e) {
      throw new ImportError(
        `Сервер магазина ${opts.baseUrl} не ответил (${(e as Error).message}). Импорт не передан; повторите, когда сервер работает.`,
      );
    }
    const text = await res.text();
    if (res.status === 404)
      throw new ImportError(
        `Сервер магазина ${opts.baseUrl} не принимает импорт: обмен выключен в его окружении. ` +
          'Перезапустите его с EXCHANGE_USER и EXCHANGE_PASSWORD (теми же, что у этой команды).',
      );
    if (res.status === 401)
      throw new ImportError(
        `Сервер магазина ${opts.baseUrl} отклонил вход: EXCHANGE_USER и EXCHANGE_PASSWORD этой команды не совпадают с заданными серверу.`,
      );
    const [status = '', ...rest] = text.split('\n');
    const detail = rest.join('\n').trim();
    if (status === 'failure' || res.status >= 400)
      throw new ImportError(detail || `Сервер магазина ответил ${res.status}`);
    return { status, detail, lines: rest };
  };

  const login = await call('type=catalog&mode=checkauth');
  const [cookieName, cookieValue] = login.lines;
  if (login.status !== 'success' || !cookieName || !cookieValue)
    throw new ImportError('Сервер магазина ответил на вход не по протоколу обмена');
  cookie = `${cookieName}=${cookieValue}`;
  const init = await call('type=catalog&mode=init');
  const limit = Number(/file_limit=(\d+)/.exec(init.lines.join('\n'))?.[1]);
  if (!Number.isInteger(limit) || limit <= 0) throw new ImportError('Сервер магазина не назвал file_limit');

  const query = (mode: string) => `type=catalog&mode=${mode}&filename=${encodeURIComponent(name)}`;
  const handle = await open(file, 'r').catch(() => {
    throw new ImportError(`Не удалось прочитать файл ${name}`);
  });
  try {
    const chunk = Buffer.alloc(limit);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, limit, null);
      if (bytesRead === 0) break;
      await call(query('file'), new Uint8Array(chunk.subarray(0, bytesRead)));
    }
  } finally {
    await handle.close();
  }
  for (;;) {
    const answer = await call(query('import'));
    if (answer.status === 'success') {
      await call('type=catalog&mode=complete').catch(() => undefined);
      return answer.detail;
    }
    if (answer.status !== 'progress') throw new ImportError(`Сервер магазина ответил «${answer.status}»`);
    opts.onProgress?.(answer.detail);
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
  }
}

/** The API's origin from its lock record: a wildcard address is reached on loopback. */
export function apiBaseUrl(holder: Pick<DbLockInfo, 'port' | 'host'>): string {
  const host = !holder.host || holder.host === '0.0.0.0' ? '127.0.0.1' : holder.host === '::' ? '::1' : holder.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${holder.port}`;
}

/** Downloads a feed URL into a new temporary folder; the caller removes `dir`. */
async function download(url: string, fetchImpl: typeof fetch): Promise<{ file: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yml-'));
  const file = path.join(dir, 'feed.xml');
  try {
    let res: Response;
    try {
      res = await fetchImpl(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
    } catch {
      throw new ImportError(`Не удалось загрузить фид ${url}: адрес недоступен`);
    }
    if (!res.ok || !res.body) throw new ImportError(`Не удалось загрузить фид ${url}: сервер ответил ${res.status}`);
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(file));
    return { file, dir };
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Settings of {@link runImport}. */
export interface RunImportOptions {
  /** Import even a feed identical to the last one imported (direct imports; `--force` of the CLI). */
  force?: boolean;
  /** openDb options for a direct import (the CLI's importProcessSettings()). */
  dbOptions?: OpenDbOptions;
  /** Downloads and exchange calls (tests). */
  fetchImpl?: typeof fetch;
  /** Hears what the command does besides the report (stderr in the CLI). */
  log?: (line: string) => void;
  /** ms to wait for an API that holds the folder but does not listen yet (default 60 s). */
  startWaitMs?: number;
}

/** What {@link runImport} did. */
export interface RunImportResult {
  /** `direct`: this process wrote; `api`: the running API did. */
  via: 'direct' | 'api';
  /** The report as text (formatReport). */
  report: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Imports the YML feed `input` (a path or an http(s) URL) by the route the module docstring
 * describes, with the settings of `env` (DATABASE_URL, PGLITE_DIR, EXCHANGE_USER/PASSWORD,
 * IMPORT_*).
 * @returns how it went in and the report text.
 * @throws ImportError (Russian message): a malformed or unreachable feed, the folder held by a
 *   process that is not a listening API, the exchange off here or refused there.
 */
export async function runImport(input: string, env: ServerEnv, opts: RunImportOptions = {}): Promise<RunImportResult> {
  const writer = writerOptionsFromEnv(env, opts.fetchImpl);
  const direct = async (target: string): Promise<RunImportResult> => {
    const handle = await openDb(target, opts.dbOptions);
    try {
      const report = await importYml(handle.db, input, {
        ...writer,
        ...(opts.force ? { force: true } : {}),
        ...(opts.fetchImpl ? { fetchImpl: opts.fetchImpl } : {}),
      });
      return { via: 'direct', report: formatReport(report) };
    } finally {
      await handle.close();
    }
  };
  if (env.DATABASE_URL) return direct(env.DATABASE_URL);

  const deadline = Date.now() + (opts.startWaitMs ?? 60_000);
  let holder = readDbLock(env.PGLITE_DIR);
  // An API that holds the folder but is still migrating, seeding or building its index has no
  // port yet: wait for it rather than refuse (`npm start & npm run import …`).
  while (holder && !holder.port && /^main\.[cm]?[jt]s$/.test(holder.command) && Date.now() < deadline) {
    await sleep(500);
    holder = readDbLock(env.PGLITE_DIR);
  }
  if (!holder) {
    try {
      return await direct(env.PGLITE_DIR);
    } catch (e) {
      // An API started between the look and the open: go through it instead.
      if (!(e instanceof DatabaseLockedError) || !e.holder.port)
        throw e instanceof DatabaseLockedError ? new ImportError(e.message) : e;
      holder = e.holder;
    }
  }
  if (!holder.port || holder.hostname !== os.hostname())
    throw new ImportError(new DatabaseLockedError(holder, path.join(path.resolve(env.PGLITE_DIR), LOCK_FILE)).message);
  if (!env.EXCHANGE_USER || !env.EXCHANGE_PASSWORD)
    throw new ImportError(
      `Встроенную базу ${env.PGLITE_DIR} держит работающий сервер магазина (pid ${holder.pid}, порт ${holder.port}), ` +
        'а писать в неё может только он: иначе его записи и записи импорта затирают друг друга. ' +
        'Импорт передаётся ему через обмен с 1С, но обмен выключен: задайте этой команде EXCHANGE_USER и ' +
        'EXCHANGE_PASSWORD (те же, что у сервера), или остановите магазин на время импорта, или перейдите на ' +
        'PostgreSQL (DATABASE_URL).',
    );

  const baseUrl = apiBaseUrl(holder);
  let tmp: string | undefined;
  try {
    let file = input;
    let name = path.basename(input) || 'feed.xml';
    if (/^https?:\/\//i.test(input)) {
      ({ file, dir: tmp } = await download(input, opts.fetchImpl ?? fetch));
      name = path.posix.basename(new URL(input).pathname) || 'feed.xml';
    }
    opts.log?.(`Базу держит сервер магазина (pid ${holder.pid}): импорт передан ему через обмен, ${baseUrl}`);
    const report = await importThroughExchange(file, name, {
      baseUrl,
      user: env.EXCHANGE_USER,
      password: env.EXCHANGE_PASSWORD,
      ...(opts.fetchImpl ? { fetchImpl: opts.fetchImpl } : {}),
      ...(opts.log ? { onProgress: opts.log } : {}),
    });
    return { via: 'api', report };
  } finally {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}
