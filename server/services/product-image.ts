/**
 * Generated product pictures of the demo catalogue: a flat silhouette per product type, painted
 * in the offer's colour with the product's print, rasterised to WebP (800×1067 px, 3:4).
 * Served by server/routes/media at `/media/p/{type}/{color}/{view}-{variant}.webp`, the URLs the
 * seed (server/seed/generate.ts) stores in `product_images` (spec §3 images: image, is_main, alt).
 *
 * No image files ship with the shop: every picture is an SVG built here and rendered by sharp on
 * first request, then kept in a small in-memory LRU cache (the HTTP answer is immutable, so
 * browsers and CDNs cache it for good).
 */
import sharp from 'sharp';
import { PRODUCT_TYPES, type ProductType } from '../db/schema';
import { findColor } from '../seed/colors';

/** Picture size in px. */
export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 1067;
/** Views: 0 front, 1 back, 2 detail (zoomed crop), 3 fabric close-up. */
export const PRODUCT_IMAGE_VIEWS = 4;
/** Prints: 0 plain, 1 stripes, 2 polka dots, 3 floral, 4 tropical leaves, 5 leopard, 6 colour-block, 7 geometric. */
export const PRODUCT_IMAGE_VARIANTS = 8;

const W = PRODUCT_IMAGE_WIDTH;
const H = PRODUCT_IMAGE_HEIGHT;

// ---------------------------------------------------------------------------------------------
// Colours

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const mix = (a: string, b: string, t: number): string => {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
};
const luminance = (hex: string): number => {
  const [r, g, b] = toRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

interface Palette {
  base: string;
  /** Contrasting print colour. */
  second: string;
  /** Third colour for prints with more than two. */
  third: string;
  /** Outline and trims. */
  dark: string;
}

function paletteFor(hex: string): Palette {
  const light = luminance(hex) > 0.62;
  return {
    base: hex,
    second: light ? mix(hex, '#1c1c1e', 0.55) : mix(hex, '#ffffff', 0.72),
    third: light ? mix(hex, '#c8102e', 0.45) : mix(hex, '#f5c518', 0.55),
    dark: mix(hex, '#000000', light ? 0.42 : 0.38),
  };
}

// ---------------------------------------------------------------------------------------------
// Prints (SVG <pattern> with id "print")

function patternSvg(variant: number, colorSlug: string, p: Palette): string {
  let v = variant;
  if (v === 0 && colorSlug === 'leopardovyj') v = 5;
  if (v === 0 && colorSlug === 'multikolor') v = 6;
  const open = (w: number, h: number, extra = '') =>
    `<pattern id="print" patternUnits="userSpaceOnUse" width="${w}" height="${h}"${extra}><rect width="${w}" height="${h}" fill="${p.base}"/>`;
  switch (v) {
    case 1:
      return `${open(64, 64)}<rect y="0" width="64" height="22" fill="${p.second}"/><rect y="30" width="64" height="4" fill="${p.third}" opacity=".6"/></pattern>`;
    case 2:
      return `${open(64, 64)}<circle cx="16" cy="16" r="9" fill="${p.second}"/><circle cx="48" cy="48" r="9" fill="${p.second}"/></pattern>`;
    case 3: {
      const petals = [0, 72, 144, 216, 288]
        .map((a) => `<ellipse cx="60" cy="44" rx="11" ry="17" fill="${p.second}" transform="rotate(${a} 60 60)"/>`)
        .join('');
      return `${open(120, 120)}${petals}<circle cx="60" cy="60" r="9" fill="${p.third}"/><ellipse cx="14" cy="108" rx="14" ry="6" fill="${mix(p.base, '#2e8b57', 0.6)}" transform="rotate(-35 14 108)"/><circle cx="104" cy="16" r="5" fill="${p.second}"/></pattern>`;
    }
    case 4: {
      const leaf = luminance(p.base) > 0.35 && p.base !== '#2e8b57' ? '#2e6b45' : mix(p.base, '#9be3a5', 0.6);
      const leaf2 = mix(leaf, '#000000', 0.25);
      return `${open(180, 180)}<path d="M20 160 Q40 60 130 20 Q110 110 20 160Z" fill="${leaf}"/><path d="M20 160 L130 20" stroke="${leaf2}" stroke-width="3"/><path d="M100 175 Q150 110 178 100 Q165 160 100 175Z" fill="${leaf2}"/><circle cx="150" cy="50" r="10" fill="${p.third}"/></pattern>`;
    }
    case 5: {
      const spot = mix(p.base, '#1a1008', 0.78);
      const inner = mix(p.base, '#5a3412', 0.45);
      const blob = (x: number, y: number, s: number, r: number) =>
        `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})"><path d="M-14 -6 Q-10 -16 2 -14 Q16 -12 14 0 Q12 12 0 13 Q-14 12 -15 2Z" fill="${spot}"/><path d="M-7 -3 Q-3 -8 3 -6 Q8 -2 5 4 Q0 8 -5 5Z" fill="${inner}"/></g>`;
      return `${open(120, 120)}${blob(25, 28, 1.1, 10)}${blob(85, 20, 0.9, -30)}${blob(60, 70, 1.2, 45)}${blob(18, 95, 0.8, 70)}${blob(100, 95, 1, 5)}</pattern>`;
    }
    case 6: {
      const a = colorSlug === 'multikolor' ? '#f5c518' : p.second;
      const b = colorSlug === 'multikolor' ? '#6ec6e8' : p.third;
      return `${open(W, H)}<rect y="${H * 0.38}" width="${W}" height="${H * 0.27}" fill="${a}"/><rect y="${H * 0.65}" width="${W}" height="${H * 0.35}" fill="${b}"/><rect x="${W * 0.5}" width="${W * 0.5}" height="${H * 0.38}" fill="${mix(p.base, a, 0.5)}"/></pattern>`;
    }
    case 7:
      return `${open(80, 80)}<path d="M40 6 L74 40 L40 74 L6 40Z" fill="none" stroke="${p.second}" stroke-width="6"/><path d="M40 28 L52 40 L40 52 L28 40Z" fill="${p.third}"/></pattern>`;
    default:
      // Plain: a faint twill so the fabric does not look like flat paint.
      return `${open(12, 12)}<path d="M0 12 L12 0" stroke="${mix(p.base, '#000000', 0.12)}" stroke-width="1.2" opacity=".5"/></pattern>`;
  }
}

// ---------------------------------------------------------------------------------------------
// Silhouettes

type Paint = 'print' | 'dark' | 'metal' | 'lens' | 'sole' | 'light';

interface Part {
  d: string;
  fill?: Paint;
  /** Drawn as a line of this width instead of a filled area. */
  stroke?: Paint;
  width?: number;
  /** Only on the front view (buttons, logos, lenses' shine). */
  front?: boolean;
}

interface Shape {
  parts: Part[];
  /** Point the detail view zooms into. */
  focus: [number, number];
}

/** Mirrors a path's x coordinates around the canvas centre: the right half of a symmetric shape. */
function mirror(d: string): string {
  let expectX = true;
  return d.replace(/[A-Za-z]|-?\d+(\.\d+)?/g, (tok) => {
    if (/[A-Za-z]/.test(tok)) {
      expectX = true;
      return tok;
    }
    const n = Number(tok);
    const out = expectX ? String(W - n) : tok;
    expectX = !expectX;
    return out;
  });
}

const TSHIRT =
  'M300 180 Q400 250 500 180 L640 240 L710 420 L600 460 L580 380 L585 900 L215 900 L220 380 L200 460 L90 420 L160 240Z';
const TROUSERS = 'M255 150 L545 150 L600 950 L450 950 L400 420 L350 950 L200 950Z';
const ONE_PIECE =
  'M285 170 L325 170 Q355 300 400 312 Q445 300 475 170 L515 170 Q525 330 505 420 Q480 520 502 600 Q560 700 585 760 Q480 790 432 880 L368 880 Q320 790 215 760 Q240 700 298 600 Q320 520 295 420 Q275 330 285 170Z';
const SHOE = 'M110 730 Q118 610 215 565 L420 520 Q480 505 525 545 Q600 612 700 640 Q728 652 728 700 L728 760 L110 760Z';
const SHIRT =
  'M300 170 L360 150 L400 205 L440 150 L500 170 L630 230 L720 800 L640 822 L582 430 L585 925 L215 925 L218 430 L160 822 L80 800 L170 230Z';
const COAT =
  'M290 140 L400 262 L510 140 L625 190 L705 800 L632 818 L592 430 L615 965 L185 965 L208 430 L168 818 L95 800 L175 190Z';

const SHAPES: Record<string, Shape> = {
  bikini: {
    focus: [330, 360],
    parts: [
      { d: 'M235 425 Q290 310 332 250 Q372 330 392 425 Q315 448 235 425Z', fill: 'print' },
      { d: mirror('M235 425 Q290 310 332 250 Q372 330 392 425 Q315 448 235 425Z'), fill: 'print' },
      { d: 'M332 250 L372 110 M468 250 L428 110 M150 432 L650 432', stroke: 'dark', width: 9 },
      {
        d: 'M225 600 L575 600 Q565 642 522 662 Q445 705 424 800 L376 800 Q355 705 278 662 Q235 642 225 600Z',
        fill: 'print',
      },
      { d: 'M225 600 L150 590 M575 600 L650 590', stroke: 'dark', width: 9 },
    ],
  },
  onePiece: {
    focus: [400, 330],
    parts: [
      { d: ONE_PIECE, fill: 'print' },
      { d: 'M295 175 L300 120 M505 175 L500 120', stroke: 'dark', width: 10 },
    ],
  },
  tunic: {
    focus: [400, 300],
    parts: [
      {
        d: 'M300 160 Q400 230 500 160 L720 300 L660 430 L560 360 L605 905 L195 905 L240 360 L140 430 L80 300Z',
        fill: 'print',
      },
      { d: 'M400 200 L400 330', stroke: 'dark', width: 6, front: true },
      { d: 'M210 890 L210 950 M260 893 L260 950 M540 893 L540 950 M590 890 L590 950', stroke: 'dark', width: 5 },
    ],
  },
  dress: {
    focus: [400, 420],
    parts: [
      {
        d: 'M318 150 L343 150 L360 300 L440 300 L457 150 L482 150 Q502 260 490 400 Q482 460 470 482 Q600 760 642 942 Q400 992 158 942 Q200 760 330 482 Q318 460 310 400 Q298 260 318 150Z',
        fill: 'print',
      },
      { d: 'M318 470 Q400 490 482 470', stroke: 'dark', width: 14 },
    ],
  },
  tshirt: {
    focus: [400, 260],
    parts: [
      { d: TSHIRT, fill: 'print' },
      { d: 'M300 180 Q400 250 500 180', stroke: 'dark', width: 12 },
    ],
  },
  shirt: {
    focus: [400, 260],
    parts: [
      { d: SHIRT, fill: 'print' },
      { d: 'M360 150 L400 205 L345 248Z', fill: 'light' },
      { d: mirror('M360 150 L400 205 L345 248Z'), fill: 'light' },
      { d: 'M400 205 L400 925', stroke: 'dark', width: 5, front: true },
      {
        d: 'M400 300 m-7 0 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0 M400 430 m-7 0 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0 M400 560 m-7 0 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0 M400 690 m-7 0 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0 M400 820 m-7 0 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0',
        fill: 'light',
        front: true,
      },
    ],
  },
  trousers: {
    focus: [400, 220],
    parts: [
      { d: TROUSERS, fill: 'print' },
      { d: 'M255 150 L545 150 L548 200 L252 200Z', fill: 'dark' },
      { d: 'M400 200 L400 330', stroke: 'dark', width: 5, front: true },
    ],
  },
  skirt: {
    focus: [400, 330],
    parts: [
      { d: 'M280 250 L520 250 L645 850 Q400 905 155 850Z', fill: 'print' },
      { d: 'M280 250 L520 250 L524 300 L276 300Z', fill: 'dark' },
    ],
  },
  coat: {
    focus: [400, 300],
    parts: [
      { d: COAT, fill: 'print' },
      { d: 'M290 140 L400 262 L330 420 L300 300Z', fill: 'dark' },
      { d: mirror('M290 140 L400 262 L330 420 L300 300Z'), fill: 'dark' },
      { d: 'M210 560 L590 560 L590 598 L210 598Z', fill: 'dark' },
      {
        d: 'M430 460 m-10 0 a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0 M430 680 m-10 0 a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0 M430 800 m-10 0 a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0',
        fill: 'metal',
        front: true,
      },
    ],
  },
  sweater: {
    focus: [400, 820],
    parts: [
      {
        d: 'M300 190 Q400 255 500 190 L630 240 L705 780 L622 802 L582 400 L582 885 L218 885 L218 400 L178 802 L95 780 L170 240Z',
        fill: 'print',
      },
      {
        d: 'M218 840 L582 840 L582 885 L218 885Z M95 780 L178 802 L172 830 L90 808Z M705 780 L622 802 L628 830 L710 808Z',
        fill: 'dark',
      },
      { d: 'M300 190 Q400 255 500 190', stroke: 'dark', width: 18 },
    ],
  },
  shoe: {
    focus: [480, 600],
    parts: [
      { d: SHOE, fill: 'print' },
      { d: 'M100 750 L738 750 L738 800 L100 800Z', fill: 'sole' },
      { d: 'M215 565 Q300 610 420 522', stroke: 'dark', width: 14 },
      { d: 'M330 560 L390 600 M370 545 L430 590 M410 532 L470 578', stroke: 'light', width: 8, front: true },
      { d: 'M560 700 Q640 690 700 700', stroke: 'light', width: 6, front: true },
    ],
  },
  sandal: {
    focus: [430, 640],
    parts: [
      {
        d: 'M120 760 Q105 700 180 690 L650 672 Q740 676 728 742 Q712 782 620 780 L190 800 Q130 800 120 760Z',
        fill: 'sole',
      },
      {
        d: 'M120 760 Q130 790 190 800 L620 780 Q712 782 728 742 L730 770 Q716 812 620 812 L190 830 Q126 828 118 790Z',
        fill: 'dark',
      },
      { d: 'M470 684 Q520 560 600 676', stroke: 'print', width: 40 },
      { d: 'M330 690 Q400 590 470 686', stroke: 'print', width: 40 },
      { d: 'M190 690 Q170 560 250 540 Q320 530 330 690', stroke: 'print', width: 30 },
      { d: 'M250 540 m-14 0 a14 14 0 1 0 28 0 a14 14 0 1 0 -28 0', fill: 'metal' },
    ],
  },
  boot: {
    focus: [400, 300],
    parts: [
      { d: 'M295 200 L485 200 L492 620 Q522 680 640 718 Q722 742 722 800 L722 840 L290 840Z', fill: 'print' },
      { d: 'M285 835 L730 835 L730 880 L285 880Z M285 880 L370 880 L360 930 L292 930Z', fill: 'sole' },
      { d: 'M485 220 L490 600', stroke: 'metal', width: 6 },
    ],
  },
  bag: {
    focus: [400, 500],
    parts: [
      { d: 'M280 455 Q280 250 400 250 Q520 250 520 455', stroke: 'dark', width: 30 },
      { d: 'M180 450 L620 450 L662 900 Q400 930 138 900Z', fill: 'print' },
      { d: 'M180 450 L620 450 L612 520 Q400 560 188 520Z', fill: 'dark' },
      { d: 'M400 535 m-16 0 a16 16 0 1 0 32 0 a16 16 0 1 0 -32 0', fill: 'metal', front: true },
    ],
  },
  hat: {
    focus: [400, 580],
    parts: [
      { d: 'M70 640 Q400 520 730 640 Q400 760 70 640Z', fill: 'print' },
      { d: 'M262 632 Q250 420 400 410 Q550 420 538 632 Q400 660 262 632Z', fill: 'print' },
      { d: 'M258 585 Q400 612 542 585 L540 625 Q400 652 260 625Z', fill: 'dark' },
    ],
  },
  glasses: {
    focus: [400, 520],
    parts: [
      { d: 'M150 520 Q150 430 270 430 Q380 430 378 520 Q372 630 270 630 Q156 630 150 520Z', fill: 'lens' },
      { d: mirror('M150 520 Q150 430 270 430 Q380 430 378 520 Q372 630 270 630 Q156 630 150 520Z'), fill: 'lens' },
      {
        d: 'M150 520 Q150 430 270 430 Q380 430 378 520 Q372 630 270 630 Q156 630 150 520Z',
        stroke: 'print',
        width: 22,
      },
      {
        d: mirror('M150 520 Q150 430 270 430 Q380 430 378 520 Q372 630 270 630 Q156 630 150 520Z'),
        stroke: 'print',
        width: 22,
      },
      { d: 'M378 490 Q400 470 422 490 M150 480 L70 460 M650 480 L730 460', stroke: 'print', width: 16 },
      { d: 'M200 480 L240 460 M520 480 L560 460', stroke: 'light', width: 8, front: true },
    ],
  },
  necklace: {
    focus: [400, 600],
    parts: [
      { d: 'M220 230 Q400 780 580 230', stroke: 'metal', width: 8 },
      { d: 'M400 560 L440 620 L400 700 L360 620Z', fill: 'print' },
      { d: 'M400 560 L440 620 L400 700 L360 620Z', stroke: 'metal', width: 8 },
    ],
  },
  belt: {
    focus: [560, 530],
    parts: [
      { d: 'M70 480 L740 480 Q760 530 740 580 L70 580Z', fill: 'print' },
      { d: 'M500 455 L600 455 L600 605 L500 605Z', stroke: 'metal', width: 16 },
      {
        d: 'M650 530 m-8 0 a8 8 0 1 0 16 0 a8 8 0 1 0 -16 0 M690 530 m-8 0 a8 8 0 1 0 16 0 a8 8 0 1 0 -16 0',
        fill: 'dark',
      },
    ],
  },
  scarf: {
    focus: [400, 420],
    parts: [
      { d: 'M200 200 L600 200 L642 620 Q520 700 482 900 L418 900 Q380 700 158 620Z', fill: 'print' },
      { d: 'M430 900 L430 950 M450 900 L450 955 M470 900 L470 950', stroke: 'dark', width: 5 },
    ],
  },
  bra: {
    focus: [310, 460],
    parts: [
      { d: 'M215 520 Q225 360 392 380 L396 540 Q300 562 215 520Z', fill: 'print' },
      { d: mirror('M215 520 Q225 360 392 380 L396 540 Q300 562 215 520Z'), fill: 'print' },
      { d: 'M175 520 L625 520 L625 572 L175 572Z', fill: 'dark' },
      { d: 'M250 410 L300 170 M550 410 L500 170', stroke: 'dark', width: 10 },
    ],
  },
  panties: {
    focus: [400, 470],
    parts: [
      {
        d: 'M198 420 L602 420 Q592 520 522 602 Q452 662 432 742 L368 742 Q348 662 278 602 Q208 520 198 420Z',
        fill: 'print',
      },
      { d: 'M198 420 L602 420 L598 452 L202 452Z', fill: 'dark' },
    ],
  },
  swimShorts: {
    focus: [400, 320],
    parts: [
      { d: 'M220 300 L580 300 L622 722 L430 742 L400 520 L370 742 L178 722Z', fill: 'print' },
      { d: 'M220 300 L580 300 L582 345 L218 345Z', fill: 'dark' },
      { d: 'M390 345 L370 420 M410 345 L430 420', stroke: 'light', width: 6, front: true },
    ],
  },
};

/** Shapes placed in a box: pyjamas = shirt top + trousers; kids' goods = smaller adult shapes. */
interface Placement {
  shape: string;
  scale: number;
  dx: number;
  dy: number;
}

const SHAPE_OF_TYPE: Record<ProductType, Placement[]> = {
  'swimsuit-separate': [{ shape: 'bikini', scale: 1, dx: 0, dy: 0 }],
  'swimsuit-one-piece': [{ shape: 'onePiece', scale: 1, dx: 0, dy: 0 }],
  beachwear: [{ shape: 'tunic', scale: 1, dx: 0, dy: 0 }],
  dress: [{ shape: 'dress', scale: 1, dx: 0, dy: 0 }],
  top: [{ shape: 'tshirt', scale: 1, dx: 0, dy: 0 }],
  trousers: [{ shape: 'trousers', scale: 1, dx: 0, dy: 0 }],
  skirt: [{ shape: 'skirt', scale: 1, dx: 0, dy: 0 }],
  outerwear: [{ shape: 'coat', scale: 1, dx: 0, dy: 0 }],
  knitwear: [{ shape: 'sweater', scale: 1, dx: 0, dy: 0 }],
  shoes: [{ shape: 'shoe', scale: 1, dx: 0, dy: 0 }],
  sandals: [{ shape: 'sandal', scale: 1.1, dx: -40, dy: -40 }],
  boots: [{ shape: 'boot', scale: 1, dx: 0, dy: 0 }],
  bag: [{ shape: 'bag', scale: 1, dx: 0, dy: 0 }],
  hat: [{ shape: 'hat', scale: 1, dx: 0, dy: 0 }],
  sunglasses: [{ shape: 'glasses', scale: 1, dx: 0, dy: 0 }],
  jewelry: [{ shape: 'necklace', scale: 1, dx: 0, dy: 0 }],
  belt: [{ shape: 'belt', scale: 1, dx: 0, dy: 0 }],
  scarf: [{ shape: 'scarf', scale: 1, dx: 0, dy: 0 }],
  bra: [{ shape: 'bra', scale: 1, dx: 0, dy: 0 }],
  panties: [{ shape: 'panties', scale: 1, dx: 0, dy: 0 }],
  sleepwear: [
    { shape: 'shirt', scale: 0.55, dx: 180, dy: 40 },
    { shape: 'trousers', scale: 0.5, dx: 200, dy: 520 },
  ],
  'kids-swimwear': [{ shape: 'onePiece', scale: 0.8, dx: 80, dy: 120 }],
  'kids-clothing': [{ shape: 'tshirt', scale: 0.78, dx: 88, dy: 130 }],
  'kids-shoes': [{ shape: 'shoe', scale: 0.75, dx: 100, dy: 180 }],
  'men-swim-shorts': [{ shape: 'swimShorts', scale: 1, dx: 0, dy: 0 }],
  'men-tshirt': [{ shape: 'tshirt', scale: 1, dx: 0, dy: 0 }],
  'men-shirt': [{ shape: 'shirt', scale: 1, dx: 0, dy: 0 }],
  'men-trousers': [{ shape: 'trousers', scale: 1, dx: 0, dy: 0 }],
  'men-outerwear': [{ shape: 'coat', scale: 1, dx: 0, dy: 0 }],
  'men-shoes': [{ shape: 'shoe', scale: 1, dx: 0, dy: 0 }],
  'men-accessory': [{ shape: 'bag', scale: 1, dx: 0, dy: 0 }],
};

function paint(kind: Paint, p: Palette): string {
  switch (kind) {
    case 'print':
      return 'url(#print)';
    case 'dark':
      return p.dark;
    case 'metal':
      return '#c9a54a';
    case 'lens':
      return mix(p.base, '#101014', 0.7);
    case 'sole':
      return luminance(p.base) > 0.5 ? '#3b3733' : '#f1ede6';
    case 'light':
      return mix(p.base, '#ffffff', 0.65);
  }
}

function shapeSvg(type: ProductType, p: Palette, front: boolean): string {
  const outline = mix(p.dark, '#000000', 0.2);
  return (SHAPE_OF_TYPE[type] ?? [])
    .map(({ shape, scale, dx, dy }) => {
      const s = SHAPES[shape];
      if (!s) return '';
      const body = s.parts
        .filter((part) => front || !part.front)
        .map((part) =>
          part.stroke
            ? `<path d="${part.d}" fill="none" stroke="${paint(part.stroke, p)}" stroke-width="${part.width ?? 8}" stroke-linecap="round" stroke-linejoin="round"/>`
            : `<path d="${part.d}" fill="${paint(part.fill ?? 'print', p)}" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>`,
        )
        .join('');
      return `<g transform="translate(${dx} ${dy}) scale(${scale})">${body}</g>`;
    })
    .join('');
}

/** The focus point of a type's detail view, in canvas coordinates. */
function focusOf(type: ProductType): [number, number] {
  const first = SHAPE_OF_TYPE[type]?.[0];
  const s = first ? SHAPES[first.shape] : undefined;
  if (!first || !s) return [W / 2, H / 2];
  return [first.dx + s.focus[0] * first.scale, first.dy + s.focus[1] * first.scale];
}

/**
 * The SVG source of a product picture (800×1067 px): light neutral background, the type's
 * silhouette filled with the colour and print. View 0 front, 1 back (mirrored, front details
 * dropped, slightly shaded), 2 detail (2.4× zoom on the shape's focus point), 3 fabric close-up.
 * @returns null for an unknown type, colour slug, view (0..3) or variant (0..7).
 */
export function buildProductImageSvg(params: {
  type: string;
  color: string;
  view: number;
  variant: number;
}): string | null {
  const { type, color, view, variant } = params;
  if (!(PRODUCT_TYPES as readonly string[]).includes(type)) return null;
  const c = findColor(color);
  if (!c) return null;
  if (!Number.isInteger(view) || view < 0 || view >= PRODUCT_IMAGE_VIEWS) return null;
  if (!Number.isInteger(variant) || variant < 0 || variant >= PRODUCT_IMAGE_VARIANTS) return null;
  const t = type as ProductType;
  const p = paletteFor(c.hex);
  const defs =
    `<defs>${patternSvg(variant, c.slug, p)}` +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f3ee"/><stop offset="1" stop-color="#e9e4dc"/></linearGradient>` +
    `<linearGradient id="fold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset=".45" stop-color="#000" stop-opacity=".06"/><stop offset=".7" stop-color="#fff" stop-opacity=".12"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient></defs>`;
  let body: string;
  if (view === 3) {
    // Fabric close-up: the print enlarged, with soft folds and a seam.
    const zoomed = defs.replace('<pattern id="print" ', '<pattern id="print" patternTransform="scale(2.6)" ');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${zoomed}` +
      `<rect width="${W}" height="${H}" fill="url(#print)"/><rect width="${W}" height="${H}" fill="url(#fold)"/>` +
      `<path d="M0 ${H * 0.82} Q${W / 2} ${H * 0.78} ${W} ${H * 0.84}" stroke="${p.dark}" stroke-width="4" stroke-dasharray="14 10" fill="none" opacity=".7"/></svg>`
    );
  }
  if (view === 2) {
    const [fx, fy] = focusOf(t);
    const s = 2.4;
    body = `<g transform="translate(${W / 2 - fx * s} ${H / 2 - fy * s}) scale(${s})">${shapeSvg(t, p, true)}</g>`;
  } else {
    const shadow = `<ellipse cx="${W / 2}" cy="${H - 70}" rx="260" ry="22" fill="#000" opacity=".07"/>`;
    body =
      view === 1
        ? `${shadow}<g transform="translate(${W} 0) scale(-1 1)">${shapeSvg(t, p, false)}</g>`
        : `${shadow}${shapeSvg(t, p, true)}`;
  }
  const shade = view === 1 ? `<rect width="${W}" height="${H}" fill="#000" opacity=".035"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs}<rect width="${W}" height="${H}" fill="url(#bg)"/>${body}${shade}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Rendering with a small LRU cache

const CACHE_SIZE = 300;
const cache = new Map<string, Promise<Buffer | null>>();

/**
 * Renders a product picture to WebP (quality 75, 800×1067 px), cached in memory (LRU, 300
 * pictures). Parameters are those of the URL `/media/p/{type}/{color}/{view}-{variant}.webp`.
 * @returns the WebP bytes, or null for an unknown type, colour, view or variant.
 * @throws when sharp fails to rasterise (not expected for the SVG built here).
 */
export function renderProductImage(params: {
  type: string;
  color: string;
  view: number;
  variant: number;
}): Promise<Buffer | null> {
  const key = `${params.type}/${params.color}/${params.view}-${params.variant}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const svg = buildProductImageSvg(params);
  if (!svg) return Promise.resolve(null);
  const job = sharp(Buffer.from(svg)).webp({ quality: 75, effort: 2 }).toBuffer();
  cache.set(key, job);
  job.catch(() => cache.delete(key));
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return job;
}

/**
 * The shop's wordmark logo (organization `logo` = "/media/logo.svg", spec §3): "LUMIÈRE" with a
 * small sun and "BEACH" below, 240×64 px viewBox, dark ink on transparent.
 */
export function renderLogoSvg(): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="Lumière Beach">' +
    '<title>Lumière Beach</title>' +
    '<circle cx="26" cy="30" r="12" fill="#f5a623"/>' +
    '<path d="M8 44 Q17 38 26 44 T44 44" stroke="#1f6f8b" stroke-width="3.5" fill="none" stroke-linecap="round"/>' +
    '<text x="56" y="33" font-family="Georgia, \'Times New Roman\', serif" font-size="26" letter-spacing="3" fill="#1c1c1e">LUMIÈRE</text>' +
    '<text x="58" y="54" font-family="Helvetica, Arial, sans-serif" font-size="12" letter-spacing="9.5" fill="#1f6f8b">BEACH</text>' +
    '</svg>'
  );
}
