/**
 * Pictures an editor uploads in the console (issue #32: banners, article covers), through the
 * shop's existing media pipeline: sharp decodes and orients the file, shrinks it to at most
 * {@link MEDIA_MAX_SIDE} px (never enlarges), re-encodes it as WebP without metadata (no camera
 * GPS leaves the shop), and stores it content-addressed as `{IMPORT_MEDIA_DIR}/import/{hash}.webp`,
 * where the imported product pictures live (server/services/catalog-import/pictures.ts); the API
 * serves it at `/media/import/{hash}.webp`, cached for a year (the same URL is always the same file).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { ApiHttpError } from '../../http';

/** Largest upload, bytes (a phone photo or a designer's banner). */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side of a stored picture, px: a 1600 px banner at 1.5× density. */
export const MEDIA_MAX_SIDE = 2400;
const MAX_INPUT_PIXELS = 60_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** A stored picture: its URL path and size in px. */
export interface StoredMedia {
  url: string;
  width: number;
  height: number;
}

/**
 * Converts and stores one upload.
 * @param mediaDir IMPORT_MEDIA_DIR (the `import/` folder is created inside it).
 * @throws ApiHttpError 413 above {@link MEDIA_MAX_BYTES}; 400 «Файл не является изображением» for
 *   anything sharp cannot read as a picture of an allowed format.
 */
export async function storeUploadedImage(bytes: Uint8Array, mediaDir: string): Promise<StoredMedia> {
  if (bytes.byteLength === 0) throw new ApiHttpError(400, 'Файл пустой: выберите изображение');
  if (bytes.byteLength > MEDIA_MAX_BYTES)
    throw new ApiHttpError(413, 'Файл больше 10 МБ: выберите изображение поменьше');
  let webp: { data: Buffer; info: OutputInfo };
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !FORMATS.has(meta.format)) throw new Error('format');
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MEDIA_MAX_SIDE, MEDIA_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ApiHttpError(400, 'Файл не является изображением: загрузите JPEG, PNG, WebP, GIF или AVIF');
  }
  const hash = createHash('sha256').update(webp.data).digest('hex').slice(0, 32);
  const dir = path.join(mediaDir, 'import');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${hash}.webp`), webp.data);
  return { url: `/media/import/${hash}.webp`, width: webp.info.width, height: webp.info.height };
}
