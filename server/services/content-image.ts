/**
 * Generated pictures of the content (spec §7 Content: news and blog covers, banners, Instagram
 * posts): a seaside scene — sky gradient, sun, sea waves and a motif (parasol, palm, shell,
 * sunglasses) — in one of 8 palettes, built as SVG and rasterised to WebP by sharp, like the
 * product pictures of product-image.ts. Served at `/media/content/{kind}/{palette}-{motif}.webp`.
 */
import sharp from 'sharp';

/** Picture kinds and their size in px. */
export const CONTENT_IMAGE_SIZES = {
  cover: { width: 1200, height: 800 },
  banner: { width: 1600, height: 640 },
  square: { width: 800, height: 800 },
} as const;
export type ContentImageKind = keyof typeof CONTENT_IMAGE_SIZES;

/** Palettes: sky top, sky bottom, sea, sun, motif colour. */
const PALETTES: readonly (readonly [string, string, string, string, string])[] = [
  ['#0b0f2a', '#3b2a5c', '#10244a', '#f5c518', '#c4122f'],
  ['#f7e6d3', '#f3c9a8', '#4aa3b5', '#ffffff', '#8a4b2a'],
  ['#fde7b0', '#f2b36b', '#2e8fa3', '#fff4d1', '#b8862b'],
  ['#9fd3e8', '#e8f4f8', '#1f6f8b', '#ffd166', '#ef476f'],
  ['#ffd6e0', '#ffeef2', '#5fb3b3', '#ff9f1c', '#2b2d42'],
  ['#ff9a5a', '#ffd29d', '#2d5d7b', '#fff1c1', '#1b3a4b'],
  ['#a8e6cf', '#dcedc1', '#3a86a8', '#ffd3b6', '#ff6f61'],
  ['#cdb4db', '#ffc8dd', '#457b9d', '#fefae0', '#1d3557'],
];

/** Number of palettes and motifs (the `{palette}-{motif}` of the URL). */
export const CONTENT_IMAGE_PALETTES = PALETTES.length;
export const CONTENT_IMAGE_MOTIFS = 4;

function motifSvg(motif: number, x: number, y: number, s: number, color: string): string {
  switch (motif) {
    case 0: // parasol
      return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 -120 A130 90 0 0 1 130 -30 L-130 -30 A130 90 0 0 1 0 -120Z" fill="${color}"/><path d="M-43 -30 Q0 -120 43 -30" fill="none" stroke="#ffffff" stroke-width="6" opacity=".6"/><rect x="-4" y="-120" width="8" height="200" fill="#3d2b1f"/></g>`;
    case 1: // palm
      return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-6 80 Q10 0 0 -110 L10 -110 Q22 0 8 80Z" fill="#5b3a1e"/>${[
        0, 60, 120, 180, 240, 300,
      ]
        .map(
          (a) =>
            `<path d="M5 -110 q60 -40 120 10 q-60 -20 -120 -10Z" fill="${color}" transform="rotate(${a - 90} 5 -110)"/>`,
        )
        .join('')}</g>`;
    case 2: // shell
      return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 60 L-90 -20 A95 95 0 0 1 90 -20Z" fill="${color}"/>${[
        -60, -30, 0, 30, 60,
      ]
        .map((dx) => `<path d="M0 60 L${dx} -70" stroke="#ffffff" stroke-width="5" opacity=".55"/>`)
        .join('')}</g>`;
    default: // sunglasses
      return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-130" y="-40" width="110" height="70" rx="30" fill="${color}"/><rect x="20" y="-40" width="110" height="70" rx="30" fill="${color}"/><path d="M-20 -20 Q0 -35 20 -20" stroke="${color}" stroke-width="10" fill="none"/></g>`;
  }
}

/**
 * SVG of a content picture.
 * @returns null for an unknown kind, palette (0–7) or motif (0–3).
 */
export function buildContentImageSvg(kind: string, palette: number, motif: number): string | null {
  if (!(kind in CONTENT_IMAGE_SIZES)) return null;
  const p = PALETTES[palette];
  if (!p || !Number.isInteger(motif) || motif < 0 || motif >= CONTENT_IMAGE_MOTIFS) return null;
  const { width: w, height: h } = CONTENT_IMAGE_SIZES[kind as ContentImageKind];
  const horizon = Math.round(h * 0.62);
  const scale = Math.min(w, h) / 500;
  const waves = [0, 1, 2]
    .map((i) => {
      const y = horizon + 30 + i * ((h - horizon) / 3);
      return `<path d="M0 ${y} ${Array.from({ length: 9 }, (_, k) => `Q${(w / 8) * k + w / 16} ${y - 14} ${(w / 8) * (k + 1)} ${y}`).join(' ')}" fill="none" stroke="#ffffff" stroke-width="4" opacity="${0.35 - i * 0.08}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${Math.round(w * 0.72)}" cy="${Math.round(horizon * 0.45)}" r="${Math.round(70 * scale)}" fill="${p[3]}" opacity=".9"/><rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${p[2]}"/>${waves}<path d="M0 ${h} L0 ${h - 60 * scale} Q${w * 0.25} ${h - 110 * scale} ${w * 0.45} ${h - 50 * scale} L${w * 0.45} ${h}Z" fill="#f1dcb4"/>${motifSvg(motif, Math.round(w * 0.26), Math.round(h - 90 * scale), scale * 0.9, p[4])}</svg>`;
}

const CACHE_SIZE = 100;
const cache = new Map<string, Promise<Buffer>>();

/**
 * Renders a content picture to WebP (quality 78), cached in memory (LRU, 100 pictures).
 * @returns null for unknown parameters (see `buildContentImageSvg`).
 */
export function renderContentImage(kind: string, palette: number, motif: number): Promise<Buffer> | null {
  const key = `${kind}/${palette}-${motif}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const svg = buildContentImageSvg(kind, palette, motif);
  if (!svg) return null;
  const job = sharp(Buffer.from(svg)).webp({ quality: 78, effort: 2 }).toBuffer();
  cache.set(key, job);
  job.catch(() => cache.delete(key));
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return job;
}
