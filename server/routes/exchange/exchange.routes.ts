/**
 * The 1C exchange (issue #15 "1C exchange"): the standard site ↔ 1C protocol of CommerceML 2.x/3.x
 * at `/1c_exchange` (outside /api, whose 64 KB body limit would cut uploads), plus the imported
 * pictures at `/media/import/{hash}.webp`.
 *
 * - HTTP basic auth (EXCHANGE_USER / EXCHANGE_PASSWORD); both unset → 404, the exchange is off.
 * - `type=catalog|sale&mode=checkauth` → "success\n{cookie}\n{value}"; later calls carry the cookie.
 * - `mode=init` → "zip=yes\nfile_limit={EXCHANGE_FILE_LIMIT}" and a clean upload folder.
 * - `type=catalog&mode=file&filename=…` → the body is appended to the file (1C sends big files in
 *   chunks of file_limit); zips are unpacked at the first `import`.
 * - `type=catalog&mode=import&filename=…` → runs the import of that file in the background and
 *   answers "progress" while it runs (1C asks again), then "success" with the report's first
 *   lines or "failure" with the Russian reason. A Yandex Market YML feed (root `yml_catalog`)
 *   goes to the YML importer instead: `npm run import` sends it this way when the API holds the
 *   embedded database (issue #28 item 3, server/import/handoff.ts).
 * - `mode=complete` / `deactivate` → "success"; a catalog session's uploads are removed (no import
 *   of them is running), as are those of sessions that expired.
 * - `type=sale&mode=query` → orders as CommerceML (server/services/order-exchange.ts); `success` marks
 *   them exported; `file` applies status changes from 1C. *
 * `/1c_exchange` is declared once per method with `createRoute` (routes/openapi.ts) so the OpenAPI
 * document lists it; it answers text, never the API's JSON. `/media/import` stays plain Hono, like
 * /media (binary files, outside the document).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { appendFile, mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import yauzl from 'yauzl';
import { z } from 'zod';
import { readServerEnv } from '../../env';
import { formatReport, importYmlFile, recordImportRun, writerOptionsFromEnv } from '../../services/catalog-import';
import { importCommerceMlFile, newCmlSession, type CmlSession } from '../../services/catalog-import/commerceml';
import { ImportError, type ImportReport } from '../../services/catalog-import/types';
import { applyStatusFile, markExported, ordersDocument } from '../../services/order-exchange';
import { openapiRoute } from '../openapi';
import type { WriterOptions } from '../../services/catalog-import/writer';
import type { AppEnv } from '../../types';

/** Settings of the exchange (server/env.ts EXCHANGE_*, IMPORT_*). */
export interface ExchangeOptions {
  user?: string;
  password?: string;
  dir: string;
  fileLimit: number;
  priceType: string;
  writer: WriterOptions;
  mediaDir: string;
  /** ms an `import` call waits for the job before answering "progress" (default 20 s). */
  waitMs?: number;
}

const COOKIE = 'shop_1c_session';
/** Sessions live this long without a call, ms. */
const SESSION_TTL_MS = 6 * 3600_000;

interface Job {
  done: boolean;
  /** A YML feed (its importer reports no running count). */
  yml?: boolean;
  products: number;
  report?: ImportReport;
  error?: string;
  promise: Promise<void>;
}
interface Session {
  dir: string;
  cml: CmlSession;
  jobs: Map<string, Job>;
  unzipped: boolean;
  seen: number;
}

const text = <S extends 200 | 400 | 401 | 404 = 200>(c: Context, body: string, status = 200 as S) =>
  c.text(body, status, { 'Content-Type': 'text/plain; charset=utf-8' });

const safeName = (name: string | undefined) => {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  return base && base !== '.' && base !== '..' ? base : null;
};
/** A relative path of the upload ("import_files/ab/cd.jpg"), with nothing that climbs out. */
const safeRelative = (name: string | undefined) => {
  const norm = path.posix.normalize((name ?? '').replace(/\\/g, '/')).replace(/^\/+/, '');
  return norm && !norm.startsWith('..') && !path.isAbsolute(norm) ? norm : null;
};

function unzip(file: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(new ImportError('Архив повреждён'));
      zip.on('error', () => reject(new ImportError('Архив повреждён')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const rel = safeRelative(entry.fileName);
        if (!rel || entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(new ImportError('Архив повреждён'));
          const target = path.join(dir, rel);
          mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, createWriteStream(target)))
            .then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** Exchange settings from the environment. */
export function exchangeOptionsFromEnv(): ExchangeOptions {
  const env = readServerEnv();
  return {
    ...(env.EXCHANGE_USER ? { user: env.EXCHANGE_USER } : {}),
    ...(env.EXCHANGE_PASSWORD ? { password: env.EXCHANGE_PASSWORD } : {}),
    dir: env.EXCHANGE_DIR,
    fileLimit: env.EXCHANGE_FILE_LIMIT,
    priceType: env.IMPORT_PRICE_TYPE,
    writer: writerOptionsFromEnv(env),
    mediaDir: env.IMPORT_MEDIA_DIR,
  };
}

/**
 * The query of every exchange call. Plain optional strings: the handler answers a missing or
 * unknown value itself, as text 1C shows to its operator, so validation never refuses a call.
 */
const ExchangeQuery = z.object({
  type: z.string().optional().describe('catalog (товары и остатки) или sale (заказы)'),
  mode: z.string().optional().describe('checkauth, init, file, import, query, success, complete, deactivate'),
  filename: z.string().optional().describe('Имя файла для mode=file и mode=import'),
});
const textAnswer = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string() } },
});
const exchangeResponses = {
  200: {
    description:
      'Текст протокола 1С: «success», «progress» или «failure» и пояснение по строкам; mode=query — заказы в CommerceML',
    content: {
      'text/plain': { schema: z.string() },
      'application/xml': { schema: { type: 'string' as const } },
    },
  },
  400: textAnswer('failure и причина: неизвестный type или mode, нет имени файла, часть файла больше file_limit'),
  401: textAnswer('failure: неверный логин или пароль (Basic) либо нет сессии'),
  404: textAnswer('Обмен выключен: не заданы EXCHANGE_USER и EXCHANGE_PASSWORD'),
};
const exchangeDoc = {
  path: '/1c_exchange' as const,
  tags: ['Обмен с 1С'],
  security: [{ Basic: [] }],
  description:
    'Обмен сайта с 1С по протоколу CommerceML 2.x/3.x: mode=checkauth (Basic) выдаёт cookie сессии для остальных вызовов.',
};
/** Context of both exchange routes (GET and POST share the handler): the validated query. */
type ExchangeContext = Context<AppEnv, '/1c_exchange', { out: { query: z.output<typeof ExchangeQuery> } }>;
/** GET /1c_exchange: every mode but `file`. */
export const exchangeGet = createRoute({
  method: 'get',
  ...exchangeDoc,
  request: { query: ExchangeQuery },
  responses: exchangeResponses,
});
/** POST /1c_exchange: mode=file, the body is the next part of the file (1C may also POST other modes). */
export const exchangePost = createRoute({
  method: 'post',
  ...exchangeDoc,
  request: {
    query: ExchangeQuery,
    body: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
  },
  responses: exchangeResponses,
});

/** The router: mount with `app.route('/', createExchangeRoutes())` (server/app.ts). */
export function createExchangeRoutes(options: ExchangeOptions = exchangeOptionsFromEnv()) {
  const router = new OpenAPIHono<AppEnv>();
  router.openAPIRegistry.registerComponent('securitySchemes', 'Basic', { type: 'http', scheme: 'basic' });
  const sessions = new Map<string, Session>();

  router.get('/media/import/:file', async (c) => {
    const file = c.req.param('file');
    if (!/^[0-9a-f]{32}\.webp$/.test(file)) return c.json({ status: 'error', message: 'Изображение не найдено' }, 404);
    try {
      const body = await readFile(path.join(options.mediaDir, 'import', file));
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': 'image/webp',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    } catch {
      return c.json({ status: 'error', message: 'Изображение не найдено' }, 404);
    }
  });

  const authorized = (c: Context) => {
    const header = c.req.header('authorization') ?? '';
    const m = /^Basic\s+(.+)$/i.exec(header);
    if (!m) return false;
    const given = Buffer.from(Buffer.from(m[1]!, 'base64').toString('utf8'));
    const wanted = Buffer.from(`${options.user}:${options.password}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };
  const sessionOf = (c: Context): Session | undefined => {
    const cookie = /(?:^|;\s*)shop_1c_session=([a-f0-9]{32})/.exec(c.req.header('cookie') ?? '')?.[1];
    const s = cookie ? sessions.get(cookie) : undefined;
    if (s) s.seen = Date.now();
    return s;
  };

  router.use(
    '/1c_exchange',
    bodyLimit({
      maxSize: options.fileLimit + 1024,
      onError: (c) => text(c, 'failure\nСлишком большая часть файла: не больше file_limit', 400),
    }),
  );
  const exchange = async (c: ExchangeContext) => {
    if (!options.user || !options.password) return text(c, 'failure\nОбмен с 1С выключен', 404);
    const { type, mode, filename } = c.req.valid('query');
    const db = c.get('db');
    if (mode === 'checkauth') {
      if (!authorized(c))
        return c.text('failure\nНеверный логин или пароль', 401, {
          'Content-Type': 'text/plain; charset=utf-8',
          'WWW-Authenticate': 'Basic realm="1C"',
        });
      for (const [id, s] of sessions)
        if (Date.now() - s.seen > SESSION_TTL_MS) {
          sessions.delete(id);
          await rm(s.dir, { recursive: true, force: true }).catch(() => undefined);
        }
      const id = randomBytes(16).toString('hex');
      sessions.set(id, {
        dir: path.join(options.dir, id),
        cml: newCmlSession(),
        jobs: new Map(),
        unzipped: false,
        seen: Date.now(),
      });
      return text(c, `success\n${COOKIE}\n${id}\n`);
    }
    const session = sessionOf(c);
    if (!session && !authorized(c)) return text(c, 'failure\nНет сессии: сначала mode=checkauth', 401);
    const s = session ?? [...sessions.values()].at(-1);
    if (!s) return text(c, 'failure\nНет сессии: сначала mode=checkauth', 401);
    if (type !== 'catalog' && type !== 'sale')
      return text(c, 'failure\nНеизвестный type: ожидается catalog или sale', 400);

    if (mode === 'init') {
      await rm(s.dir, { recursive: true, force: true });
      await mkdir(s.dir, { recursive: true });
      s.cml = newCmlSession();
      s.jobs.clear();
      s.unzipped = false;
      return text(c, `zip=yes\nfile_limit=${options.fileLimit}\n`);
    }
    if (mode === 'file') {
      const rel = safeRelative(filename);
      if (!rel) return text(c, 'failure\nНе указано имя файла (filename)', 400);
      const target = path.join(s.dir, rel);
      await mkdir(path.dirname(target), { recursive: true });
      await appendFile(target, new Uint8Array(await c.req.arrayBuffer()));
      s.unzipped = false;
      if (type === 'sale') {
        try {
          const n = await applyStatusFile(db, target);
          await rm(target, { force: true });
          return text(c, `success\nИзменено заказов: ${n}\n`);
        } catch (e) {
          await rm(target, { force: true });
          return text(c, `failure\n${e instanceof ImportError ? e.message : 'Не удалось применить статусы'}\n`);
        }
      }
      return text(c, 'success\n');
    }
    if (type === 'sale' && mode === 'query') {
      return c.body(await ordersDocument(db), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    }
    if (type === 'sale' && mode === 'success') {
      await markExported(db);
      return text(c, 'success\n');
    }
    if (type === 'catalog' && mode === 'import') {
      const name = safeName(filename);
      if (!name) return text(c, 'failure\nНе указано имя файла (filename)', 400);
      let job = s.jobs.get(name);
      if (!job) {
        const created: Job = { done: false, products: 0, promise: Promise.resolve() };
        const errorText = (e: unknown) =>
          e instanceof ImportError ? e.message : `Внутренняя ошибка импорта: ${(e as Error)?.message ?? e}`;
        created.promise = (async () => {
          try {
            // The run's source (yml or commerceml) is known only once the file is found, so a
            // failure before that is kept and recorded as the run's failure, as it always was.
            let file: string | null = null;
            let yml = false;
            let prepError: unknown;
            try {
              if (!s.unzipped) {
                for (const f of await readdir(s.dir).catch(() => [] as string[]))
                  if (f.toLowerCase().endsWith('.zip')) await unzip(path.join(s.dir, f), s.dir);
                s.unzipped = true;
              }
              file = await findFile(s.dir, name);
              // Issue #28 item 3: `npm run import` hands a YML feed over this same path when the
              // API holds the embedded database (server/import/handoff.ts).
              yml = file !== null && (await isYmlFile(file, name));
              created.yml = yml;
            } catch (e) {
              prepError = e;
            }
            created.report = await recordImportRun(
              db,
              yml ? 'yml' : 'commerceml',
              name,
              async () => {
                if (prepError) throw prepError;
                if (!file) throw new ImportError(`Файл ${name} не был загружен`);
                if (yml) return importYmlFile(db, file, { ...options.writer, input: name });
                return importCommerceMlFile(db, file, s.cml, {
                  ...options.writer,
                  priceType: options.priceType,
                  baseDir: path.dirname(file),
                  onProgress: (n) => (created.products = n),
                });
              },
              errorText,
            );
          } catch (e) {
            created.error = errorText(e);
          } finally {
            created.done = true;
          }
        })();
        s.jobs.set(name, created);
        job = created;
      }
      const current = job;
      if (!current.done)
        await Promise.race([current.promise, new Promise((r) => setTimeout(r, options.waitMs ?? 20_000))]);
      if (!current.done)
        return text(
          c,
          current.yml
            ? `progress\nИмпорт ${name} идёт\n`
            : `progress\nИмпорт ${name} идёт: обработано товаров ${current.products}\n`,
        );
      s.jobs.delete(name);
      if (current.error) return text(c, `failure\n${current.error}\n`);
      return text(c, `success\n${formatReport(current.report!)}\n`);
    }
    if (mode === 'complete' || mode === 'deactivate') {
      // The uploads are imported by now: drop them, unless an import still reads them. Each
      // `npm run import` hand-off is a session of its own (issue #28 item 3), and a feed a day
      // left behind would fill the disk.
      if (type === 'catalog' && [...s.jobs.values()].every((j) => j.done)) {
        await rm(s.dir, { recursive: true, force: true });
        s.unzipped = false;
      }
      return text(c, 'success\n');
    }
    return text(c, 'failure\nНеизвестный mode', 400);
  };
  openapiRoute(router, exchangeGet, exchange);
  openapiRoute(router, exchangePost, exchange);
  return router;
}

/** Bytes read to find a document's root element: a YML feed's prolog (declaration, DOCTYPE) is short. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Whether an uploaded file is a Yandex Market YML feed rather than CommerceML (issue #28 item 3):
 * its root element is `yml_catalog`; when no root element is found in the first 64 KB, a name
 * ending in `.yml` decides. Read as latin1: element names are ASCII in UTF-8 and windows-1251
 * alike, the encodings feeds come in.
 */
export async function isYmlFile(file: string, name: string): Promise<boolean> {
  const handle = await open(file, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
  const root = /<([^\s/>!?]+)/.exec(
    head
      .replace(/<\?[\s\S]*?\?>/g, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, ''),
  )?.[1];
  return root ? root === 'yml_catalog' : /\.yml$/i.test(name);
}

/** The uploaded file named `name`, at the top of the folder or inside an unpacked archive. */
async function findFile(dir: string, name: string): Promise<string | null> {
  const direct = path.join(dir, name);
  if (
    await stat(direct).then(
      (s) => s.isFile(),
      () => false,
    )
  )
    return direct;
  for (const entry of await readdir(dir, { recursive: true }).catch(() => [] as string[])) {
    if (path.basename(String(entry)) === name) return path.join(dir, String(entry));
  }
  return null;
}
