import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../db/schema';
import { COLORS } from '../seed/colors';
import { buildProductImageSvg, renderLogoSvg, renderProductImage } from './product-image';

describe('renderProductImage', () => {
  it('renders a valid 800×1067 WebP', async () => {
    const buf = await renderProductImage({ type: 'swimsuit-separate', color: 'chernyj', view: 0, variant: 4 });
    expect(buf).not.toBeNull();
    const bytes = buf as Buffer;
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
    expect(meta.height).toBe(1067);
  });

  it('returns the cached picture for the same parameters', async () => {
    const params = { type: 'dress', color: 'krasnyj', view: 1, variant: 2 };
    const a = await renderProductImage(params);
    const b = await renderProductImage(params);
    expect(a).toBe(b);
  });

  it('returns null for unknown type, colour, view or variant', async () => {
    expect(await renderProductImage({ type: 'spaceship', color: 'chernyj', view: 0, variant: 0 })).toBeNull();
    expect(await renderProductImage({ type: 'dress', color: 'plaid', view: 0, variant: 0 })).toBeNull();
    expect(await renderProductImage({ type: 'dress', color: 'chernyj', view: 4, variant: 0 })).toBeNull();
    expect(await renderProductImage({ type: 'dress', color: 'chernyj', view: 0, variant: 8 })).toBeNull();
    expect(await renderProductImage({ type: 'dress', color: 'chernyj', view: 0.5, variant: 0 })).toBeNull();
  });

  it('builds an SVG for every product type, colour, view and variant', () => {
    for (const type of PRODUCT_TYPES) {
      for (const { slug } of COLORS) {
        for (let view = 0; view < 4; view++) {
          const svg = buildProductImageSvg({ type, color: slug, view, variant: (view * 3 + slug.length) % 8 });
          expect(svg).toMatch(/^<svg [^>]*width="800" height="1067"/);
        }
      }
    }
  });

  it('renders different views differently', async () => {
    const base = { type: 'top', color: 'sinij', variant: 1 };
    const views = await Promise.all([0, 1, 2, 3].map((view) => renderProductImage({ ...base, view })));
    const distinct = new Set(views.map((v) => v?.toString('base64')));
    expect(distinct.size).toBe(4);
  });
});

describe('renderLogoSvg', () => {
  it('is an SVG wordmark', () => {
    expect(renderLogoSvg()).toMatch(/^<svg[\s\S]*LUMIÈRE[\s\S]*<\/svg>$/);
  });
});
