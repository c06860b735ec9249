/**
 * Generated media of the shop API, mounted at `/media` (server/app.ts):
 * - `GET /media/p/{type}/{color}/{view}-{variant}.webp`: product pictures (the URLs the seed stores
 *   in `product_images`, spec §3 images), WebP 800×1067 px, cached for a year (immutable: the same
 *   URL always renders the same picture).
 * - `GET /media/content/{kind}/{palette}-{motif}.webp`: covers, banners and Instagram pictures of
 *   the content (server/services/content-image.ts), cached for a year.
 * - `GET /media/logo.svg`: the organization's logo (spec §3 organization `logo`).
 * Bad parameters answer 404 `{status:"error", message:"Изображение не найдено"}`.
 *
 * Plain Hono, not `createRoute` (issue #17 item 1): these are binary files under `/media`, not
 * JSON API routes, and are not part of the OpenAPI document; each is declared once already.
 */
import { Hono } from 'hono';
import { renderContentImage } from '../../services/content-image';
import { renderLogoSvg, renderProductImage } from '../../services/product-image';
import { approvedPhoto } from '../../services/review-photos';
import type { AppEnv } from '../../types';

const NOT_FOUND = { status: 'error' as const, message: 'Изображение не найдено' };
const FILE_RE = /^(\d)-(\d)\.webp$/;

/** Router of `/media`; see the file comment for its routes. */
export const mediaRoutes = new Hono<AppEnv>();

mediaRoutes.get('/p/:type/:color/:file', async (c) => {
  const match = FILE_RE.exec(c.req.param('file'));
  if (!match) return c.json(NOT_FOUND, 404);
  const image = await renderProductImage({
    type: c.req.param('type'),
    color: c.req.param('color'),
    view: Number(match[1]),
    variant: Number(match[2]),
  });
  if (!image) return c.json(NOT_FOUND, 404);
  return c.body(new Uint8Array(image), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});

mediaRoutes.get('/logo.svg', (c) =>
  c.body(renderLogoSvg(), 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=86400',
  }),
);

mediaRoutes.get('/content/:kind/:file', async (c) => {
  const match = /^(\d)-(\d)\.webp$/.exec(c.req.param('file'));
  const job = match ? renderContentImage(c.req.param('kind'), Number(match[1]), Number(match[2])) : null;
  if (!job) return c.json(NOT_FOUND, 404);
  return c.body(new Uint8Array(await job), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});

// Issue #33: photos of approved reviews (server/services/review-photos.ts), WebP without metadata.
mediaRoutes.get('/reviews/:file', async (c) => {
  const match = /^([0-9a-f-]{36})\.webp$/.exec(c.req.param('file'));
  const data = match ? await approvedPhoto(c.var.db, match[1]!) : null;
  if (!data) return c.json(NOT_FOUND, 404);
  return c.body(new Uint8Array(data), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=86400',
  });
});
