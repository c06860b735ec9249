/**
 * The pure generator of the demo catalogue: builds the rows of every catalogue table from a seed,
 * without touching a database (seedDatabase in index.ts inserts them). Same seed → same rows.
 *
 * Products are generated in chunks with running ids, so 100 000 products never sit in memory at
 * once; each product draws from its own PRNG stream (seed + product id), so product N is the same
 * whatever the catalogue size. Implements the catalogue of spec §2 (sections, brands) and §3
 * (organization, SEO records), prices in rubles (§9).
 */
import { BRANDS, type BrandDef, type GoodsGroup } from './brands';
import { CATEGORY_TREE, type CategoryNode } from './categories';
import { COLORS } from './colors';
import { CARE, MATERIALS, makeComposition, type MaterialDef, type MaterialKey } from './materials';
import { createRng, mixSeed, type Rng } from './prng';
import { gridFor } from './sizes';
import { TEMPLATES, type ProductTemplate } from './templates';
import { slugify } from './translit';
import type {
  brands,
  categories,
  colors,
  offerFeatures,
  offers,
  organization,
  productImages,
  products,
  seoRecords,
  tags,
} from '../db/schema';

export type CategoryRow = typeof categories.$inferInsert & { id: number };
export type TagRow = typeof tags.$inferInsert & { id: number };
export type BrandRow = typeof brands.$inferInsert & { id: number };
export type ColorRow = typeof colors.$inferInsert & { id: number };
export type ProductRow = typeof products.$inferInsert;
export type OfferRow = typeof offers.$inferInsert & { id: number };
export type FeatureRow = typeof offerFeatures.$inferInsert & { id: number };
export type ImageRow = typeof productImages.$inferInsert & { id: number };
export type OrganizationRow = typeof organization.$inferInsert;
export type SeoRow = typeof seoRecords.$inferInsert & { id: number };

/** The shop's name as used in SEO texts and the organization row. */
export const SHOP_NAME = 'Lumière Beach';
/** createdAt of the newest product; older ones go back from here (no Date.now: determinism). */
export const BASE_DATE = Date.UTC(2026, 10, 1);
/** Image size of every product picture, px (3:4). */
export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 1067;
/** Image views: the `{view}` of `/media/p/{type}/{color}/{view}-{variant}.webp`. */
export const IMAGE_VIEWS = ['вид спереди', 'вид сзади', 'детали', 'фактура ткани'] as const;
/** Image variants (prints): the `{variant}` of the image URL. */
export const IMAGE_VARIANTS = [
  'plain',
  'stripes',
  'polka-dots',
  'floral',
  'tropical',
  'leopard',
  'colour-block',
  'geometric',
] as const;

/** Tables that do not depend on the number of products. */
export interface ReferenceData {
  categories: CategoryRow[];
  tags: TagRow[];
  brands: BrandRow[];
  colors: ColorRow[];
  organization: OrganizationRow;
  seoRecords: SeoRow[];
}

/** Products with their offers (colours), offer features (sizes) and images. */
export interface ProductChunk {
  products: ProductRow[];
  offers: OfferRow[];
  features: FeatureRow[];
  images: ImageRow[];
}

export interface GenerateOptions {
  /** Number of products, ids 1..products. Default 3000. */
  products?: number;
  /** PRNG seed. Default 42. */
  seed?: number;
  /** Products per yielded chunk. Default 1000. */
  chunkSize?: number;
}

const SECTION_WEIGHT: Record<string, number> = {
  kupalniki: 0.32,
  odezhda: 0.2,
  obuv: 0.1,
  aksessuary: 0.09,
  bele: 0.1,
  detskoe: 0.09,
  muzhskoe: 0.1,
};

const PRINTS: Record<number, string[]> = {
  1: ['в полоску', 'в морскую полоску'],
  2: ['в горошек'],
  3: ['с цветочным принтом', 'с принтом «Гибискус»', 'с принтом «Орхидеи»'],
  4: ['с принтом «Тропики»', 'с принтом «Пальмы»', 'с принтом «Монстера»'],
  5: ['с леопардовым принтом', 'с анималистичным принтом'],
  6: ['в стиле колор-блок', 'с контрастными вставками'],
  7: ['с геометрическим принтом', 'с принтом «Ромбы»'],
};

const PITCH: Record<GoodsGroup, string[]> = {
  swim: [
    'модель для долгих дней у моря',
    'эффектный выбор для отпуска на побережье',
    'любимая модель этого пляжного сезона',
    'сочетание удобной посадки и смелого дизайна',
  ],
  beach: [
    'лёгкая вещь для пляжа и прогулок по набережной',
    'must-have курортного гардероба',
    'идеальная пара к любому купальнику',
  ],
  clothing: [
    'вещь, которая легко впишется в летний гардероб',
    'удобная модель на каждый день',
    'база для городских и курортных образов',
    'акцент для вечернего выхода',
  ],
  shoes: ['удобная пара на весь день', 'модель для города и путешествий', 'пара, которая завершит летний образ'],
  accessories: ['деталь, которая завершит образ', 'аксессуар для отпуска и города', 'удачный подарок себе и близким'],
  lingerie: [
    'бельё для ежедневного комфорта',
    'деликатная модель для особых случаев',
    'комфорт и красивый силуэт под любой одеждой',
  ],
  sleep: ['уют для спокойных вечеров дома', 'домашняя одежда, в которой приятно проснуться'],
  'kids-swim': ['яркая модель для пляжа и бассейна', 'удобная вещь для активного отдыха у воды'],
  'kids-clothing': ['удобная вещь для игр и прогулок', 'яркая модель для детского гардероба'],
  'kids-shoes': ['удобная пара для первых летних прогулок', 'лёгкая обувь для активных детей'],
  'men-swim': ['модель для пляжа, бассейна и отдыха у воды', 'классика мужского пляжного гардероба'],
  'men-clothing': ['база мужского летнего гардероба', 'удобная вещь для города и отпуска'],
  'men-shoes': ['удобная пара на каждый день', 'мужская классика для города и путешествий'],
  'men-accessories': ['практичный аксессуар на каждый день', 'деталь, которая завершит мужской образ'],
};

const CLOSING: Partial<Record<GoodsGroup, string[]>> = {
  swim: ['Рекомендуем выбирать привычный размер.', 'Модель на фото носит размер S.'],
  clothing: ['Модель соответствует размеру.', 'Рост модели на фото — 175 см, размер 42.'],
  shoes: ['Модель соответствует размеру.', 'Если у вас широкая стопа, выберите размер больше.'],
  lingerie: ['Перед выбором размера сверьтесь с таблицей размеров.'],
  'men-clothing': ['Рост модели на фото — 188 см, размер 50.'],
};

/** Words in a name that require a material (key list) — avoids "кожаные … из текстиля". */
const MATERIAL_WORDS: [RegExp, MaterialKey[]][] = [
  [/кожан|лаков/i, ['leather']],
  [/замшев/i, ['suede']],
  [/хлопков|махров|вафельн|из пике/i, ['cotton', 'cottonStretch', 'cottonUnder', 'canvas', 'outerCotton']],
  [/льнян/i, ['linen', 'linenMix']],
  [/шёлков/i, ['silk']],
  [/сатинов/i, ['satin']],
  [/джинсов/i, ['denim']],
  [/резинов/i, ['rubber']],
  [/кружевн/i, ['lace']],
  [/текстильн/i, ['textile']],
  [/трикотаж/i, ['viscoseStretch', 'cottonStretch', 'knitBlend', 'cotton', 'swimRib']],
];

interface Leaf {
  id: number;
  path: string;
  section: string;
  template: ProductTemplate;
  /** Names from the section down to the leaf, plus the leaf's h1. */
  chain: string[];
  weight: number;
}

interface Model {
  leaves: Leaf[];
  leafCumulative: number[];
  brandsByGroup: Map<GoodsGroup, { ids: number[]; weights: number[] }>;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Builds the seed-independent tables: categories (DFS order, ids from 1), tags, brands, colours,
 * the organization row (id 1) and SEO records.
 */
export function buildReferenceData(): ReferenceData {
  const categoryRows: CategoryRow[] = [];
  const tagRows: TagRow[] = [];
  const visit = (node: CategoryNode, parent: CategoryRow | null, sort: number) => {
    const path = parent ? `${parent.path}/${node.slug}` : node.slug;
    const h1 = node.h1 ?? node.name;
    const row: CategoryRow = {
      id: categoryRows.length + 1,
      parentId: parent?.id ?? null,
      path,
      slug: node.slug,
      section: parent ? parent.section : node.slug,
      level: parent ? parent.level + 1 : 1,
      name: node.name,
      sort,
      seoTitle: `${h1} — купить в интернет-магазине ${SHOP_NAME}`,
      seoDescription: `${h1} в интернет-магазине ${SHOP_NAME}: новые коллекции, скидки и бесплатная примерка. Доставка по всей России и самовывоз из магазинов в Москве и Санкт-Петербурге.`,
      h1,
    };
    categoryRows.push(row);
    (node.tags ?? []).forEach((tag, i) =>
      tagRows.push({
        id: tagRows.length + 1,
        categoryId: row.id,
        slug: tag.slug,
        name: tag.name,
        filter: tag.filter,
        sort: i,
      }),
    );
    (node.children ?? []).forEach((child, i) => visit(child, row, i));
  };
  CATEGORY_TREE.forEach((section, i) => visit(section, null, i));

  const brandRows: BrandRow[] = BRANDS.map((b, i) => ({
    id: i + 1,
    name: b.name,
    slug: b.slug,
    nameRu: b.nameRu,
    country: b.country,
    description: b.description,
    inMenu: b.inMenu,
    sort: i,
  }));
  const colorRows: ColorRow[] = COLORS.map((c, i) => ({ id: i + 1, slug: c.slug, name: c.name, hex: c.hex }));

  const organizationRow: OrganizationRow = {
    id: 1,
    name: SHOP_NAME,
    phone: '+7 (495) 123-45-67',
    phoneChats: '+79991234567',
    email: 'info@lumiere-beach.ru',
    address: '123112, Москва, Пресненская набережная, д. 10, стр. 2',
    workHours: 'Ежедневно с 10:00 до 22:00, заказы на сайте — круглосуточно',
    promocode: 'Скидка 10% на первый заказ по промокоду ПЕРВЫЙ',
    logo: '/media/logo.svg',
    linkVk: 'https://vk.com/lumiere_beach',
    linkInst: 'https://instagram.com/lumiere.beach',
    linkTelegram: 'https://t.me/lumiere_beach',
    linkWhatsapp: 'https://wa.me/79991234567',
  };

  const seo: Omit<SeoRow, 'id'>[] = [
    {
      url: '/',
      title: `${SHOP_NAME} — купальники, одежда и обувь для отдыха`,
      description: `Интернет-магазин ${SHOP_NAME}: купальники Beach Bunny, Maaji, Luli Fama и других брендов, пляжная одежда, обувь, бельё и аксессуары. Доставка по России.`,
      keywords: 'купальники, купить купальник, пляжная одежда, интернет-магазин купальников, женская одежда',
      h1Tag: `${SHOP_NAME} — всё для отпуска у моря`,
    },
    {
      url: '/sale',
      title: `Распродажа — скидки до 60% | ${SHOP_NAME}`,
      description:
        'Распродажа купальников, одежды, обуви и аксессуаров со скидками до 60%. Успейте купить любимые модели по выгодной цене.',
      keywords: 'распродажа, скидки, купальники со скидкой, sale',
      h1Tag: 'Распродажа',
    },
    {
      url: '/new',
      title: `Новинки сезона | ${SHOP_NAME}`,
      description:
        'Новые коллекции купальников, пляжной и городской одежды, обуви и аксессуаров. Поступления каждую неделю.',
      keywords: 'новинки, новая коллекция, купальники 2026',
      h1Tag: 'Новинки',
    },
    {
      url: '/brands',
      title: `Бренды | ${SHOP_NAME}`,
      description:
        'Все бренды магазина: Beach Bunny, Luli Fama, Bound by Bond-Eye, Maaji, Seafolly, Agua Bendita и другие.',
      keywords: 'бренды купальников, бренды одежды',
      h1Tag: 'Бренды',
    },
    {
      url: '/search',
      title: `Поиск по каталогу | ${SHOP_NAME}`,
      description: 'Поиск купальников, одежды, обуви и аксессуаров по названию, бренду и цвету.',
      keywords: 'поиск, каталог',
      h1Tag: 'Поиск',
    },
    ...categoryRows
      .filter((c) => c.level === 1)
      .map((c) => ({
        url: `/${c.path}`,
        title: c.seoTitle ?? c.name,
        description: c.seoDescription ?? '',
        keywords: `${c.name.toLowerCase()}, ${(c.h1 ?? c.name).toLowerCase()}, купить, интернет-магазин, ${SHOP_NAME}`,
        h1Tag: c.h1 ?? c.name,
      })),
  ];

  return {
    categories: categoryRows,
    tags: tagRows,
    brands: brandRows,
    colors: colorRows,
    organization: organizationRow,
    seoRecords: seo.map((s, i) => ({ id: i + 1, ...s })),
  };
}

function buildModel(ref: ReferenceData): Model {
  const byPath = new Map<string, CategoryNode>();
  const walk = (node: CategoryNode, prefix: string) => {
    const path = prefix ? `${prefix}/${node.slug}` : node.slug;
    byPath.set(path, node);
    node.children?.forEach((c) => walk(c, path));
  };
  CATEGORY_TREE.forEach((s) => walk(s, ''));
  const rowsById = new Map(ref.categories.map((c) => [c.id, c]));
  const hasChildren = new Set(ref.categories.map((c) => c.parentId).filter((id): id is number => id != null));

  const leaves: Leaf[] = [];
  const sectionTotals = new Map<string, number>();
  for (const row of ref.categories) {
    if (hasChildren.has(row.id)) continue;
    const node = byPath.get(row.path);
    if (!node?.template) throw new Error(`leaf category ${row.path} has no product template`);
    const chain: string[] = [];
    for (let r: CategoryRow | undefined = row; r; r = r.parentId ? rowsById.get(r.parentId) : undefined)
      chain.unshift(r.name);
    if (row.h1 && row.h1 !== row.name) chain.push(row.h1);
    leaves.push({
      id: row.id,
      path: row.path,
      section: row.section,
      template: TEMPLATES[node.template],
      chain,
      weight: node.weight ?? 1,
    });
    sectionTotals.set(row.section, (sectionTotals.get(row.section) ?? 0) + (node.weight ?? 1));
  }
  const leafCumulative: number[] = [];
  let acc = 0;
  for (const leaf of leaves) {
    acc += ((SECTION_WEIGHT[leaf.section] ?? 0.1) * leaf.weight) / (sectionTotals.get(leaf.section) ?? 1);
    leafCumulative.push(acc);
  }

  const brandsByGroup = new Map<GoodsGroup, { ids: number[]; weights: number[] }>();
  BRANDS.forEach((b: BrandDef, i) => {
    for (const g of b.groups) {
      const entry = brandsByGroup.get(g) ?? { ids: [], weights: [] };
      entry.ids.push(i + 1);
      entry.weights.push(b.weight);
      brandsByGroup.set(g, entry);
    }
  });
  for (const leaf of leaves) {
    if (!brandsByGroup.get(leaf.template.group)?.ids.length) throw new Error(`no brand sells ${leaf.template.group}`);
  }
  return { leaves, leafCumulative, brandsByGroup };
}

function pickLeaf(model: Model, r: number): Leaf {
  const { leafCumulative: cum, leaves } = model;
  const target = r * (cum[cum.length - 1] ?? 1);
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cum[mid] ?? 0) > target) hi = mid;
    else lo = mid + 1;
  }
  return leaves[lo] as Leaf;
}

/** Rubles rounded the way shops price: 4 990, 12 900, 790. */
function shopPrice(raw: number, rng: Rng): number {
  if (raw >= 1000) {
    const p = Math.round(raw / 100) * 100;
    return rng.chance(0.65) ? p - 10 : p;
  }
  const p = Math.max(200, Math.round(raw / 10) * 10);
  return rng.chance(0.65) ? p - 10 : p;
}

function materialsMatching(words: string, keys: MaterialKey[]): MaterialKey[] {
  let allowed = keys;
  for (const [re, need] of MATERIAL_WORDS) {
    if (re.test(words)) allowed = allowed.filter((k) => need.includes(k));
  }
  return allowed;
}

interface Counters {
  offer: number;
  feature: number;
  image: number;
}

function generateProduct(id: number, seed: number, model: Model, ref: ReferenceData, ids: Counters, out: ProductChunk) {
  const rng = createRng(mixSeed(seed, id));
  const leaf = pickLeaf(model, rng.next());
  const tpl = leaf.template;
  const group = model.brandsByGroup.get(tpl.group) as { ids: number[]; weights: number[] };
  const brandId = rng.weighted(group.ids, group.weights);
  const brand = BRANDS[brandId - 1] as BrandDef;
  const brandRow = ref.brands[brandId - 1] as BrandRow;

  const variant = tpl.printable && rng.chance(0.55) ? rng.int(1, 7) : 0;
  const noun = rng.pick(tpl.nouns);
  let adj = rng.pick(tpl.adjs);
  let trailing = '';
  let materialKey: MaterialKey | undefined;
  const withPhrase = tpl.materials.filter((k) => MATERIALS[k].phrase);
  const roll = rng.next();
  if (variant > 0) trailing = rng.pick(PRINTS[variant] ?? ['']);
  else if (roll < 0.3 && withPhrase.length > 0) {
    materialKey = rng.pick(withPhrase);
    trailing = MATERIALS[materialKey].phrase;
  } else if (roll < 0.9 && tpl.details.length > 0) trailing = rng.pick(tpl.details);

  if (materialKey) {
    if (materialsMatching(adj, [materialKey]).length === 0) adj = '';
  } else {
    let options = materialsMatching(`${noun} ${adj} ${trailing}`, tpl.materials);
    if (options.length === 0) {
      adj = '';
      options = materialsMatching(`${noun} ${trailing}`, tpl.materials);
    }
    if (options.length === 0) {
      trailing = '';
      options = tpl.materials;
    }
    materialKey = rng.pick(options);
  }
  const material: MaterialDef = MATERIALS[materialKey];
  const name = [noun, adj, trailing].filter(Boolean).join(' ');

  const colorCount = rng.weighted([1, 2, 3, 4], [0.3, 0.35, 0.22, 0.13]);
  const colorIdx = rng.sample(ref.colors, colorCount);

  const country = rng.pick(brand.madeIn);
  const facts = rng.sample(tpl.facts, rng.chance(0.5) ? 2 : 1);
  const closing = CLOSING[tpl.group];
  const sentences = [`${name} от ${brand.name} — ${rng.pick(PITCH[tpl.group])}.`, ...facts];
  if (closing && rng.chance(0.5)) sentences.push(rng.pick(closing));

  const [lo, hi] = brand.price;
  const raw = lo * Math.pow(hi / lo, rng.next()) * tpl.priceMult;
  const price = shopPrice(raw, rng);
  const isNew = rng.chance(0.15);
  const onSale = rng.chance(isNew ? 0.05 : 0.28);
  let oldPrice: number | null = null;
  if (onSale) {
    const up = price * (1 + rng.int(20, 60) / 100);
    oldPrice = up >= 1000 ? Math.round(up / 100) * 100 - 10 : Math.round(up / 10) * 10;
    if (oldPrice <= price) oldPrice = price + 100;
  }
  const days = isNew ? rng.int(0, 30) : rng.int(31, 540);
  const createdAt = new Date(BASE_DATE - days * 86_400_000 - rng.int(0, 86_399) * 1000);
  const popularity = Math.floor(10_000 * Math.pow(rng.next(), 2.5)) + (onSale ? 200 : 0);

  out.products.push({
    id,
    slug: slugify(`${name} ${brand.name}`),
    name,
    type: tpl.type,
    brandId,
    categoryId: leaf.id,
    description: sentences.join(' '),
    composition: makeComposition(material, rng),
    material: material.material,
    country,
    care: CARE[material.care],
    price,
    oldPrice,
    isNew,
    popularity,
    weight: rng.int(tpl.weight[0], tpl.weight[1]),
    searchText: [name, brandRow.name, brandRow.nameRu, ...leaf.chain, ...colorIdx.map((c) => c.name), material.material]
      .join(' ')
      .toLowerCase(),
    createdAt,
  });

  // Sizes: a contiguous part of the type's grid, the same for every colour of the product.
  const grid = gridFor(tpl.type);
  const slice = (list: string[], min: number) => {
    if (list.length <= min) return list;
    const len = rng.int(min, list.length);
    const start = rng.int(0, list.length - len);
    return list.slice(start, start + len);
  };
  const lines: { kind: 'size' | 'top' | 'bottom'; name: string; code: string }[] = [];
  if (grid.kind === 'separates') {
    for (const s of slice(grid.top, 4)) lines.push({ kind: 'top', name: s, code: `T-${s}` });
    for (const s of slice(grid.bottom, 4)) lines.push({ kind: 'bottom', name: s, code: `B-${s}` });
  } else {
    for (const s of slice(grid.sizes, Math.min(4, grid.sizes.length))) {
      lines.push({ kind: 'size', name: s, code: s === 'ONE SIZE' ? 'OS' : s.replace(/\s*см$/, '') });
    }
  }
  const soldOutOffer = colorIdx.length > 1 && rng.chance(0.06) ? rng.int(0, colorIdx.length - 1) : -1;

  let imageSort = 0;
  colorIdx.forEach((color, k) => {
    const offerId = ++ids.offer;
    const extId = `SKU-${pad(id, 6)}-${pad(k + 1, 2)}`;
    out.offers.push({ id: offerId, productId: id, colorId: color.id, extId, sort: k });
    lines.forEach((line, j) => {
      const stock = k === soldOutOffer || rng.chance(0.15) ? 0 : rng.int(1, 12);
      out.features.push({
        id: ++ids.feature,
        offerId,
        kind: line.kind,
        name: line.name,
        extId: `${extId}-${line.code}`,
        stock,
        sort: j,
      });
    });
    const views = rng.int(3, 4);
    for (let view = 0; view < views; view++) {
      out.images.push({
        id: ++ids.image,
        productId: id,
        offerId,
        url: `/media/p/${tpl.type}/${color.slug}/${view}-${variant}.webp`,
        alt: `${name}, ${color.name.toLowerCase()} — ${IMAGE_VIEWS[view]}`,
        isMain: k === 0 && view === 0,
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        sort: imageSort++,
      });
    }
  });
}

/**
 * Yields the products 1..`products` with their offers, features and images, `chunkSize` products
 * at a time (ids of offers, features and images run on across chunks, starting at 1).
 */
export function* generateProductChunks(
  opts: GenerateOptions = {},
  ref: ReferenceData = buildReferenceData(),
): Generator<ProductChunk> {
  const total = opts.products ?? 3000;
  const seed = opts.seed ?? 42;
  const chunkSize = Math.max(1, opts.chunkSize ?? 1000);
  const model = buildModel(ref);
  const ids: Counters = { offer: 0, feature: 0, image: 0 };
  for (let from = 1; from <= total; from += chunkSize) {
    const chunk: ProductChunk = { products: [], offers: [], features: [], images: [] };
    const to = Math.min(total, from + chunkSize - 1);
    for (let id = from; id <= to; id++) generateProduct(id, seed, model, ref, ids, chunk);
    yield chunk;
  }
}

/** The whole catalogue in memory (tests, small catalogues): reference tables + all products. */
export function generateCatalogue(opts: GenerateOptions = {}): ReferenceData & ProductChunk {
  const ref = buildReferenceData();
  const all: ProductChunk = { products: [], offers: [], features: [], images: [] };
  for (const chunk of generateProductChunks(opts, ref)) {
    all.products.push(...chunk.products);
    all.offers.push(...chunk.offers);
    all.features.push(...chunk.features);
    all.images.push(...chunk.images);
  }
  return { ...ref, ...all };
}
