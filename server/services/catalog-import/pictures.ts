/**
 * Pictures of imported products (issue #15: "Pictures are fetched with a timeout and stored; when
 * a picture cannot be fetched the product still imports, with the shop's placeholder, and the
 * report says so"). A picture is downloaded (or read from the upload / the feed's folder), turned
 * by sharp into the shop's picture format (WebP 800×1067 px, 3:4, like the generated pictures of
 * server/services/product-image.ts) and stored as `{mediaDir}/import/{content hash}.webp`, served
 * by the API at `/media/import/{hash}.webp` (server/routes/exchange/media.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { findColor } from '../../seed/colors';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH } from '../product-image';

/** Largest picture accepted, bytes. */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;

/** Where and how pictures are fetched and stored. */
export interface PictureOptions {
  /** Folder the `import/` folder of stored pictures is in (IMPORT_MEDIA_DIR). */
  mediaDir: string;
  /** ms one picture may take (IMPORT_PICTURE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Pictures fetched at once (IMPORT_PICTURE_CONCURRENCY, default 8). */
  concurrency?: number;
  /** Pictures fetched at once from one host (IMPORT_PICTURE_HOST_CONCURRENCY, default 4): a shop's CDN is not flooded. */
  hostConcurrency?: number;
  /** A failed address is not fetched again for this many hours (IMPORT_PICTURE_RETRY_HOURS, default 24). */
  retryHours?: number;
  /** Injected for tests. */
  fetchImpl?: typeof fetch;
}

/** A stored picture: its URL path and size in px. */
export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

/** The placeholder of a product without a picture: the shop's generated silhouette of its type. */
export function placeholderUrl(type: string, colorSlug: string): string {
  return `/media/p/${type}/${findColor(colorSlug) ? colorSlug : 'seryj'}/0-0.webp`;
}

/** Reads a picture's bytes: http(s) with a timeout, or a local file path. @throws Error with a Russian reason. */
async function load(source: string, opts: PictureOptions): Promise<Buffer> {
  if (/^https?:\/\//i.test(source)) {
    let res: Response;
    try {
      res = await (opts.fetchImpl ?? fetch)(source, {
        signal: AbortSignal.timeout(opts.timeoutMs),
        redirect: 'follow',
      });
    } catch (e) {
      const name = (e as Error)?.name;
      throw new Error(
        name === 'TimeoutError' || name === 'AbortError'
          ? `не загрузилась за ${opts.timeoutMs} мс`
          : 'адрес недоступен',
      );
    }
    if (!res.ok) throw new Error(`сервер ответил ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_PICTURE_BYTES) throw new Error('файл больше 20 МБ');
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > MAX_PICTURE_BYTES) throw new Error('файл больше 20 МБ');
    return body;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(source) && !/^file:/i.test(source) && !/^[a-z]:[\\/]/i.test(source)) {
    throw new Error('неподдерживаемый адрес');
  }
  try {
    return await readFile(source.replace(/^file:\/\//i, ''));
  } catch {
    throw new Error('файл не найден');
  }
}

/**
 * Fetches and stores one picture.
 * @returns the stored picture; throws Error with a Russian reason (timeout, HTTP status, not an
 *   image) when it cannot be had.
 */
export async function storePicture(source: string, opts: PictureOptions): Promise<StoredPicture> {
  const bytes = await load(source, opts);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize(PRODUCT_IMAGE_WIDTH, PRODUCT_IMAGE_HEIGHT, { fit: 'contain', background: '#ffffff' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new Error('файл не является изображением');
  }
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 32);
  const dir = path.join(opts.mediaDir, 'import');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${hash}.webp`), webp);
  return { url: `/media/import/${hash}.webp`, width: PRODUCT_IMAGE_WIDTH, height: PRODUCT_IMAGE_HEIGHT };
}

/** The host a source is fetched from ('' for local files: they share no remote limit). */
const hostOf = (source: string): string => {
  if (!/^https?:\/\//i.test(source)) return '';
  try {
    return new URL(source).host;
  } catch {
    return '';
  }
};

/**
 * Stores many pictures, `concurrency` at a time and at most `hostConcurrency` from one host (each
 * with the `timeoutMs` of {@link storePicture}).
 * @returns source → stored picture, or the Russian reason it failed.
 */
export async function storePictures(
  sources: readonly string[],
  opts: PictureOptions,
): Promise<Map<string, StoredPicture | { error: string }>> {
  const out = new Map<string, StoredPicture | { error: string }>();
  const queue = [...new Set(sources)];
  const perHost = opts.hostConcurrency ?? 4;
  const busy = new Map<string, number>();
  const wake: (() => void)[] = [];
  /** The next source whose host has a free slot; waits while every host left is at its limit. */
  const take = async (): Promise<string | undefined> => {
    for (;;) {
      if (!queue.length) return undefined;
      const i = queue.findIndex((s) => {
        const h = hostOf(s);
        return !h || (busy.get(h) ?? 0) < perHost;
      });
      if (i >= 0) return queue.splice(i, 1)[0];
      await new Promise<void>((r) => wake.push(r));
    }
  };
  const worker = async () => {
    for (let next = await take(); next !== undefined; next = await take()) {
      const host = hostOf(next);
      if (host) busy.set(host, (busy.get(host) ?? 0) + 1);
      try {
        out.set(next, await storePicture(next, opts));
      } catch (e) {
        out.set(next, { error: (e as Error).message });
      } finally {
        if (host) busy.set(host, busy.get(host)! - 1);
        wake.splice(0).forEach((r) => r());
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, queue.length) }, worker));
  return out;
}
