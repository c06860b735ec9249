/**
 * The shared import core (issue #15 "Bring the real catalogue"): runs an import of a YML feed
 * (file or URL) with the settings of server/env.ts, records it in `import_runs`, and formats the
 * report for people. The 1C exchange (server/routes/exchange) uses the CommerceML side
 * (commerceml.ts) with the same writer.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import { eq } from 'drizzle-orm';
import { importRuns } from '../../db/schema';
import { ImportError, type ImportReport } from './types';
import { importYmlFile } from './yml';
import type { WriterOptions } from './writer';
import type { Db, OpenDbOptions } from '../../db/client';
import type { ServerEnv } from '../../env';

export { ImportError, type ImportReport } from './types';
export { importYmlFile } from './yml';

/** Writer settings from the environment (IMPORT_* of server/env.ts). */
export function writerOptionsFromEnv(env: ServerEnv, fetchImpl?: typeof fetch): WriterOptions {
  return {
    categoryMap: env.IMPORT_CATEGORY_MAP,
    defaultSection: env.IMPORT_DEFAULT_SECTION,
    propertyMap: env.IMPORT_PROPERTY_MAP,
    notBrands: env.IMPORT_NOT_BRANDS,
    ymlGroupBy: env.IMPORT_YML_GROUP_BY,
    markingCategories: env.IMPORT_MARKING_CATEGORIES,
    pictures: {
      mediaDir: env.IMPORT_MEDIA_DIR,
      timeoutMs: env.IMPORT_PICTURE_TIMEOUT_MS,
      retryHours: env.IMPORT_PICTURE_RETRY_HOURS,
      concurrency: env.IMPORT_PICTURE_CONCURRENCY,
      hostConcurrency: env.IMPORT_PICTURE_HOST_CONCURRENCY,
      ...(fetchImpl ? { fetchImpl } : {}),
    },
  };
}

/**
 * Settings of a process that exists to run one import (`npm run import`, `npm run bench:import`),
 * issue #15 "peak RSS ≤ 500 MB": call it first, and open the database with the options it returns.
 * - V8 normally lets the heap grow to about four times what survived the last full collection
 *   before collecting again; an import keeps only about 40 MB alive but allocates fast (every
 *   `<offer>` becomes a small tree twice), so the heap sat at 150–200 MB. A growth factor of 1.5
 *   keeps it near 60–80 MB for more frequent collections.
 * - PGlite's buffer pool (128 MB by default, inside the process) shrinks to 16 MB: the import
 *   reads each row about once, and the data folder's pages stay in the OS cache anyway.
 * Together: peak 564 → 336–389 MB for 100,000 offers, for some CPU (figures in docs/shop-owners.md
 * "Speed"). The API process keeps the defaults (its 1C exchange imports inside it).
 * @returns the options for openDb.
 */
export function importProcessSettings(): OpenDbOptions {
  v8.setFlagsFromString('--heap-growing-percent=50');
  return { pgliteSharedBuffers: '16MB' };
}

/** Longest a feed download may take, ms. */
const FEED_TIMEOUT_MS = 120_000;

/**
 * Imports a YML feed from a file path or an http(s) URL (downloaded to a temporary file first, so
 * the XML check and the import read the same bytes), recording the run in `import_runs`.
 * @throws ImportError (Russian message) for an unreachable URL, an unreadable file or malformed XML.
 */
export async function importYml(
  db: Db,
  input: string,
  opts: WriterOptions & { fetchImpl?: typeof fetch; force?: boolean },
): Promise<ImportReport> {
  return recordImportRun(db, 'yml', input, async () => {
    let tmp: string | undefined;
    try {
      let file = input;
      let feedUrl: string | undefined;
      if (/^https?:\/\//i.test(input)) {
        tmp = await mkdtemp(path.join(os.tmpdir(), 'yml-'));
        file = path.join(tmp, 'feed.xml');
        feedUrl = input;
        let res: Response;
        try {
          res = await (opts.fetchImpl ?? fetch)(input, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
        } catch {
          throw new ImportError(`Не удалось загрузить фид ${input}: адрес недоступен`);
        }
        if (!res.ok || !res.body)
          throw new ImportError(`Не удалось загрузить фид ${input}: сервер ответил ${res.status}`);
        await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(file));
      }
      return await importYmlFile(db, file, { ...opts, input, ...(feedUrl ? { feedUrl } : {}) });
    } finally {
      if (tmp) await rm(tmp, { recursive: true, force: true });
    }
  });
}

/**
 * Runs `work`, an import of `input`, recorded as one row of `import_runs`: "running" from the
 * start, then "success" with its report or "failure" with `{error: errorText(error)}` (a failure
 * to record a failure is ignored, the import's own error is what the caller needs).
 * @returns the report of `work`. @throws what `work` throws.
 */
export async function recordImportRun(
  db: Db,
  source: 'yml' | 'commerceml',
  input: string,
  work: () => Promise<ImportReport>,
  errorText: (error: unknown) => string = (error) => (error as Error).message,
): Promise<ImportReport> {
  const [run] = await db
    .insert(importRuns)
    .values({ source, input, status: 'running' })
    .returning({ id: importRuns.id });
  try {
    const report = await work();
    await db
      .update(importRuns)
      .set({ status: 'success', report: report as unknown as Record<string, unknown>, finishedAt: new Date() })
      .where(eq(importRuns.id, run!.id));
    return report;
  } catch (e) {
    await db
      .update(importRuns)
      .set({ status: 'failure', report: { error: errorText(e) }, finishedAt: new Date() })
      .where(eq(importRuns.id, run!.id))
      .catch(() => undefined);
    throw e;
  }
}

/** Lines of failed pictures and skipped items listed in the text report; the rest are counted. */
const LISTED = 50;

/**
 * The report as lines of Russian text (the CLI prints it; the 1C exchange answers it). Counts add
 * up (issue #28): the offers of the file are the sizes created, updated and unchanged plus the
 * offers skipped; no server folder is named.
 */
export function formatReport(report: ImportReport): string {
  const skippedOffers = report.skipped.reduce((sum, s) => sum + s.offers, 0);
  if (report.unchangedSince)
    return [
      `Импорт ${report.input}: ${(report.ms / 1000).toFixed(1)} с`,
      `Фид не изменился с импорта ${new Date(report.unchangedSince).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (МСК): ничего не записано. Импортировать заново: --force`,
    ].join('\n');
  const lines = [
    `Импорт ${report.input}: ${(report.ms / 1000).toFixed(1)} с`,
    `Товары: создано ${report.products.created}, обновлено ${report.products.updated}, без изменений ${report.products.unchanged}` +
      (report.products.merged ? `, объединено с другими ${report.products.merged}` : ''),
    `Размеры: создано ${report.sizes.created}, обновлено ${report.sizes.updated}, без изменений ${report.sizes.unchanged}`,
  ];
  if (report.offers)
    lines.push(
      `Предложений в файле: ${report.offers} = записано ${report.sizes.created + report.sizes.updated + report.sizes.unchanged} + пропущено ${skippedOffers}` +
        (report.deferred ? ` + ждут цен из следующего файла ${report.deferred}` : ''),
    );
  lines.push(
    `Новых категорий: ${report.categories.created}; изменено строк: ${report.rowsChanged}`,
    `Картинки: сохранено ${report.pictures.stored}, уже были ${report.pictures.reused}, не загружены ${report.pictures.failed.length}` +
      (report.pictures.notRetried
        ? ` (из них ${report.pictures.notRetried} не запрашивались снова: не загрузились недавно)`
        : ''),
  );
  for (const f of report.pictures.failed.slice(0, LISTED))
    lines.push(`  картинка не загружена (${f.reason}), показана заглушка: ${f.url} — ${f.product}`);
  if (report.pictures.failed.length > LISTED) lines.push(`  … и ещё ${report.pictures.failed.length - LISTED}`);
  lines.push(`Пропущено: ${report.skipped.length}`);
  for (const s of report.skipped.slice(0, LISTED)) lines.push(`  ${s.id}${s.name ? ` «${s.name}»` : ''}: ${s.reason}`);
  if (report.skipped.length > LISTED) lines.push(`  … и ещё ${report.skipped.length - LISTED}`);
  if (report.notes.length) lines.push('Замечания:', ...report.notes.map((n) => `  ${n}`));
  return lines.join('\n');
}
