/**
 * The batch writer of the importers (issue #15): upserts {@link ImportProduct} records into
 * products → offers (one per colour) → offer_features (one per size) → product_images, one
 * transaction per batch, matching everything by the feed's ids (`ext_id`), so a second import
 * updates and never duplicates.
 *
 * Rows whose values equal what the feed says are not written at all: the change-event triggers
 * (migration 0010, server/services/change-events.ts) fire for every row an UPDATE touches, so a
 * re-import of an unchanged feed must change 0 rows and invalidate nothing. Brands, colours and
 * categories are inserted only when new (their triggers fire per statement).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { compareSizes } from '../../../lib/format/size-order';
import { rows, type Db } from '../../db/client';
import {
  brands,
  categories,
  colors,
  importCategoryLinks,
  importPictureFailures,
  offerFeatures,
  offers,
  productImages,
  products,
  type ProductType,
} from '../../db/schema';
import { slugify } from '../../seed/translit';
import {
  brandKey,
  colorHex,
  notBrandTest,
  ONE_SIZE,
  parseCategoryMap,
  productTypeFor,
  sectionByWords,
  SECTIONS,
} from './mapping';
import { placeholderUrl, storePictures, type PictureOptions, type StoredPicture } from './pictures';
import { markingCategoryTest } from './tax';
import { cleanText, normKey } from './text';
import type { ImportCategory, ImportProduct, ImportReport, ImportVariant } from './types';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stock given to an offer that is available but names no quantity (YML `available="true"`). */
export const AVAILABLE_STOCK = 10;
/** Colour of goods whose feed names none. */
export const NO_COLOR = 'Мультиколор';
/** Brand of goods whose feed names no vendor. */
export const NO_BRAND = 'Без бренда';
/** Products per transaction. */
export const BATCH_PRODUCTS = 500;

/** Settings of an import run (server/env.ts IMPORT_*). */
export interface WriterOptions {
  /** IMPORT_CATEGORY_MAP text. */
  categoryMap?: string;
  /** IMPORT_DEFAULT_SECTION. */
  defaultSection?: string;
  /** Where pictures go; null: none are fetched, every product gets the placeholder. */
  pictures: PictureOptions | null;
  /** IMPORT_PROPERTY_MAP: which property is the colour, size, … (mapping.ts propertyRoles). */
  propertyMap?: string;
  /** IMPORT_NOT_BRANDS: vendor names that are not brands, `;`-separated (mapping.ts notBrandTest). */
  notBrands?: string;
  /**
   * New goods whose offers come without a price are not skipped but counted as `deferred`: a 1C
   * CommerceML 3.x exchange sends their prices in a later file of the same exchange.
   */
  deferUnpriced?: boolean;
  /** IMPORT_YML_GROUP_BY: how YML offers without group_id form products. Default `model`. */
  ymlGroupBy?: 'model' | 'vendorCode' | 'none';
  /**
   * `СодержитТолькоИзменения="true"`: only what the feed names is touched (no price → the current
   * price stays; sizes not named keep their stock).
   */
  partial?: boolean;
  /**
   * IMPORT_MARKING_CATEGORIES (issue #29): shop category paths, comma-separated, whose goods are
   * under mandatory marking (tax.ts markingCategoryTest).
   */
  markingCategories?: string;
}

interface CategoryRow {
  id: number;
  parentId: number | null;
  path: string;
  section: string;
  level: number;
  name: string;
  extId: string | null;
}

interface ExistingProduct {
  id: number;
  extId: string;
  name: string;
  slug: string;
  type: string;
  brandId: number;
  categoryId: number;
  description: string;
  composition: string;
  material: string;
  country: string;
  price: number;
  oldPrice: number | null;
  searchText: string;
  article: string | null;
  vatRate: string | null;
  markingRequired: boolean;
}

/**
 * A picture source as the owner's report shows it: addresses as they are, files of a 1C upload from
 * `import_files/…` on (never the server's folders).
 */
function shownSource(source: string): string {
  if (/^https?:\/\//i.test(source)) return source;
  const m = /[\\/](import_files[\\/].*)$/.exec(source);
  return (m ? m[1]! : source.split(/[\\/]/).pop()!).replace(/\\/g, '/');
}

/** `col = any($1::type[])`: one array parameter instead of one per value (Drizzle's inArray builds thousands). */
const anyOf = (col: PgColumn, values: readonly (string | number)[], type: 'text' | 'int') =>
  sql`${col} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
const inArray = (col: PgColumn, values: readonly (string | number)[]) =>
  anyOf(col, values, typeof values[0] === 'number' ? 'int' : 'text');

/** `(t.a, t.b) is distinct from (excluded.a, excluded.b)`: the upsert touches only changed rows. */
const distinct = (table: PgTable, cols: PgColumn[]) => {
  const name = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
  return sql.raw(
    `(${cols.map((c) => `"${name}"."${c.name}"`).join(', ')}) is distinct from (${cols.map((c) => `excluded."${c.name}"`).join(', ')})`,
  );
};

/**
 * Writes products of one import run in batches; keeps the caches (categories, brands, colours)
 * and the report between batches.
 */
export class CatalogWriter {
  private categoryRows: CategoryRow[] | null = null;
  private readonly categoryByExt = new Map<string, CategoryRow>();
  private brandIds: Map<string, { id: number; name: string; nameRu: string }> | null = null;
  private colorIds: Map<string, { id: number; slug: string; name: string }> | null = null;
  private readonly mapping: Map<string, string>;
  /** Feed category ext id → shop category it landed in, from earlier imports (import_category_links). */
  private readonly linkByExt = new Map<string, { categoryId: number; name: string; parentExtId: string | null }>();
  /** Links found in this run, written with the next batch. */
  private readonly newLinks = new Map<string, { categoryId: number; name: string; parentExtId: string | null }>();
  /** Resolved feed categories of this run. */
  private readonly resolved = new Map<string, Promise<{ row: CategoryRow; names: string[] }>>();
  private readonly notBrand: (vendor: string) => boolean;
  /** IMPORT_MARKING_CATEGORIES: whether goods of a shop category path are under mandatory marking. */
  private readonly markedCategory: (categoryPath: string) => boolean;
  private catchAll: Set<string> | null = null;
  /** Lowest price seen per product during this run (a group split across batches keeps its minimum). */
  private readonly runPrices = new Map<string, { price: number; oldPrice: number | null }>();
  /** Feed categories by ext id (YML `<categories>`, 1C `Группы`). */
  readonly feedCategories = new Map<string, ImportCategory>();

  constructor(
    private readonly db: Db,
    readonly report: ImportReport,
    private readonly opts: WriterOptions,
  ) {
    this.mapping = parseCategoryMap(opts.categoryMap ?? '');
    this.notBrand = notBrandTest(opts.notBrands ?? '');
    this.markedCategory = markingCategoryTest(opts.markingCategories);
  }

  /** Whether `vendor` is a placeholder or a legal name rather than a brand (mapping.ts notBrandTest). */
  isNotBrand(vendor: string): boolean {
    return this.notBrand(vendor);
  }

  // -------------------------------------------------------------------------------------------
  // Categories

  private async loadCategories(): Promise<CategoryRow[]> {
    if (!this.categoryRows) {
      this.categoryRows = await this.db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          path: categories.path,
          section: categories.section,
          level: categories.level,
          name: categories.name,
          extId: categories.extId,
        })
        .from(categories);
      for (const row of this.categoryRows) if (row.extId) this.categoryByExt.set(row.extId, row);
      for (const l of await this.db.select().from(importCategoryLinks))
        this.linkByExt.set(l.extId, { categoryId: l.categoryId, name: l.name, parentExtId: l.parentExtId });
    }
    return this.categoryRows;
  }

  /** A feed category from this run's file or, failing that, as an earlier import stored it. */
  private feedCategory(extId: string | undefined): ImportCategory | undefined {
    if (!extId) return undefined;
    const own = this.feedCategories.get(extId);
    if (own) return own;
    const link = this.linkByExt.get(extId);
    return link
      ? { extId, name: link.name, ...(link.parentExtId ? { parentExtId: link.parentExtId } : {}) }
      : undefined;
  }

  /**
   * Feed categories that add no level of their own (issue #28 «a feed's catch-all root does not add
   * a level»): a root named like the whole catalogue («Каталог», «Все товары»), or the only root of a
   * feed that has several levels. Their names still count for choosing the section.
   */
  private isCatchAll(cat: ImportCategory): boolean {
    if (!this.catchAll) {
      this.catchAll = new Set();
      const all = [...this.feedCategories.values()];
      const roots = all.filter((c) => !c.parentExtId || !this.feedCategories.has(c.parentExtId));
      for (const r of roots)
        if (
          /^(каталог|каталог товаров|все товары|товары|продукция|ассортимент|catalog|products|all|главная|root)$/.test(
            normKey(r.name),
          )
        )
          this.catchAll.add(r.extId);
      if (roots.length === 1 && all.some((c) => c.parentExtId === roots[0]!.extId)) this.catchAll.add(roots[0]!.extId);
    }
    return this.catchAll.has(cat.extId);
  }

  /** Records that feed category `cat` lives in shop category `categoryId` (kept for later exchanges). */
  private link(cat: ImportCategory, categoryId: number): void {
    const known = this.linkByExt.get(cat.extId);
    const entry = { categoryId, name: cleanText(cat.name), parentExtId: cat.parentExtId ?? null };
    if (
      known &&
      known.categoryId === categoryId &&
      known.name === entry.name &&
      known.parentExtId === entry.parentExtId
    )
      return;
    this.linkByExt.set(cat.extId, entry);
    this.newLinks.set(cat.extId, entry);
  }

  /** Writes the links found since the last call. */
  private async storeLinks(tx: Tx): Promise<void> {
    if (!this.newLinks.size) return;
    const list = [...this.newLinks].map(([extId, l]) => ({ extId, ...l }));
    this.newLinks.clear();
    await tx.execute(sql`
      insert into import_category_links (ext_id, category_id, name, parent_ext_id)
      select * from unnest(${sql.param(list.map((l) => l.extId))}::text[], ${sql.param(list.map((l) => l.categoryId))}::int[],
        ${sql.param(list.map((l) => l.name))}::text[], ${sql.param(list.map((l) => l.parentExtId))}::text[])
      on conflict (ext_id) do update set category_id = excluded.category_id, name = excluded.name, parent_ext_id = excluded.parent_ext_id`);
  }

  /** Feed category chain: the category, its parent, … (cycles cut). */
  private chain(extId: string | undefined): ImportCategory[] {
    const out: ImportCategory[] = [];
    const seen = new Set<string>();
    for (let cur = this.feedCategory(extId); cur && !seen.has(cur.extId); cur = this.feedCategory(cur.parentExtId)) {
      seen.add(cur.extId);
      out.push(cur);
    }
    return out;
  }

  private sectionRoot(rows: CategoryRow[], section: string): CategoryRow {
    const root =
      rows.find((r) => r.level === 1 && r.section === section) ??
      rows.find((r) => r.level === 1 && r.section === this.opts.defaultSection) ??
      rows.find((r) => r.level === 1);
    if (!root) throw new Error('В базе нет разделов каталога: сначала заполните каталог (npm run seed)');
    return root;
  }

  /**
   * The shop category of a feed category (created when new; see mapping.ts for the rules), with
   * the names of its feed chain for search and product types.
   */
  private categoryFor(extId: string | undefined): Promise<{ row: CategoryRow; names: string[] }> {
    const key = extId ?? '';
    let found = this.resolved.get(key);
    if (!found) {
      found = this.resolveCategory(extId);
      this.resolved.set(key, found);
      found.catch(() => this.resolved.delete(key));
    }
    return found;
  }

  private async resolveCategory(extId: string | undefined): Promise<{ row: CategoryRow; names: string[] }> {
    const rows = await this.loadCategories();
    const chain = this.chain(extId);
    const names = chain.map((c) => cleanText(c.name)).filter(Boolean);
    if (!chain.length) {
      return { row: this.sectionRoot(rows, this.opts.defaultSection ?? 'odezhda'), names };
    }
    const own =
      this.categoryByExt.get(chain[0]!.extId) ??
      rows.find((r) => r.id === this.linkByExt.get(chain[0]!.extId)?.categoryId);
    if (own) {
      this.link(chain[0]!, own.id);
      return { row: own, names };
    }
    // The nearest mapped category of the chain, or the section root.
    let anchor: CategoryRow | undefined;
    let anchorDepth = chain.length; // index in chain of the mapped category (chain.length: none)
    for (let i = 0; i < chain.length && !anchor; i++) {
      const mapped = this.mapping.get(normKey(chain[i]!.name));
      const row = mapped ? rows.find((r) => r.path === mapped) : undefined;
      if (row) {
        anchor = row;
        anchorDepth = i;
      }
    }
    if (anchor && anchorDepth === 0) {
      this.link(chain[0]!, anchor.id);
      return { row: anchor, names };
    }
    if (!anchor) {
      const section = sectionByWords(names) ?? this.opts.defaultSection ?? 'odezhda';
      anchor = this.sectionRoot(rows, (SECTIONS as readonly string[]).includes(section) ? section : 'odezhda');
    }
    // Walk down from the anchor: each feed category below it joins a same-named child or becomes one.
    let parent = anchor;
    const below = chain.slice(0, anchorDepth).reverse();
    for (const cat of below) {
      const known =
        this.categoryByExt.get(cat.extId) ?? rows.find((r) => r.id === this.linkByExt.get(cat.extId)?.categoryId);
      if (known) {
        parent = known;
      } else if (this.isCatchAll(cat)) {
        // adds no level
      } else {
        const maxLevel = parent.section === 'muzhskoe' ? 4 : 3;
        const name = cleanText(cat.name) || 'Без названия';
        // Deeper feed levels collapse into the deepest allowed; "Купальники" in the section "Купальники" adds none.
        if (parent.level < maxLevel && normKey(name) !== normKey(parent.name)) {
          const same = rows.find((r) => r.parentId === parent.id && normKey(r.name) === normKey(name));
          parent = same ?? (await this.createCategory(rows, parent, name, cat.extId));
        }
      }
      this.link(cat, parent.id);
    }
    return { row: parent, names };
  }

  private async createCategory(
    rows: CategoryRow[],
    parent: CategoryRow,
    name: string,
    extId: string,
  ): Promise<CategoryRow> {
    const base = `${parent.path}/${slugify(name) || 'kategoriya'}`;
    let path = base;
    for (let n = 2; rows.some((r) => r.path === path); n++) path = `${base}-${n}`;
    const [created] = await this.db
      .insert(categories)
      .values({
        parentId: parent.id,
        path,
        slug: path.slice(path.lastIndexOf('/') + 1),
        section: parent.section,
        level: parent.level + 1,
        name,
        extId,
        sort: 1000,
      })
      .returning({ id: categories.id });
    const row: CategoryRow = {
      id: created!.id,
      parentId: parent.id,
      path,
      section: parent.section,
      level: parent.level + 1,
      name,
      extId,
    };
    rows.push(row);
    this.categoryByExt.set(extId, row);
    this.report.categories.created++;
    this.report.rowsChanged++;
    return row;
  }

  // -------------------------------------------------------------------------------------------
  // Brands and colours

  private async brandFor(name: string | undefined): Promise<{ id: number; name: string; nameRu: string }> {
    if (!this.brandIds) {
      this.brandIds = new Map();
      for (const b of await this.db
        .select({ id: brands.id, name: brands.name, nameRu: brands.nameRu, slug: brands.slug })
        .from(brands)) {
        this.brandIds.set(brandKey(b.name), b);
        this.brandIds.set(`slug:${b.slug}`, b);
      }
    }
    const given = cleanText(name);
    const clean = !given || this.notBrand(given) ? NO_BRAND : given;
    const key = brandKey(clean);
    const slug = slugify(clean) || 'brand';
    const found = this.brandIds.get(key) ?? this.brandIds.get(`slug:${slug}`);
    if (found) return found;
    const [row] = await this.db
      .insert(brands)
      .values({ name: clean, slug, nameRu: clean, country: '', sort: 1000 })
      .onConflictDoNothing({ target: brands.slug })
      .returning({ id: brands.id, name: brands.name, nameRu: brands.nameRu });
    const brand =
      row ??
      (
        await this.db
          .select({ id: brands.id, name: brands.name, nameRu: brands.nameRu })
          .from(brands)
          .where(eq(brands.slug, slug))
      )[0]!;
    if (row) this.report.rowsChanged++;
    this.brandIds.set(key, brand);
    this.brandIds.set(`slug:${slug}`, brand);
    return brand;
  }

  private async colorFor(name: string | undefined): Promise<{ id: number; slug: string; name: string }> {
    if (!this.colorIds) {
      this.colorIds = new Map();
      for (const c of await this.db.select({ id: colors.id, slug: colors.slug, name: colors.name }).from(colors)) {
        this.colorIds.set(normKey(c.name), c);
        this.colorIds.set(`slug:${c.slug}`, c);
      }
    }
    const raw = cleanText(name) || NO_COLOR;
    const clean = raw.charAt(0).toUpperCase() + raw.slice(1);
    const slug = slugify(clean) || 'cvet';
    const found = this.colorIds.get(normKey(clean)) ?? this.colorIds.get(`slug:${slug}`);
    if (found) return found;
    const [row] = await this.db
      .insert(colors)
      .values({ slug, name: clean, hex: colorHex(clean) })
      .onConflictDoNothing({ target: colors.slug })
      .returning({ id: colors.id, slug: colors.slug, name: colors.name });
    const color =
      row ??
      (
        await this.db
          .select({ id: colors.id, slug: colors.slug, name: colors.name })
          .from(colors)
          .where(eq(colors.slug, slug))
      )[0]!;
    if (row) this.report.rowsChanged++;
    this.colorIds.set(normKey(clean), color);
    this.colorIds.set(`slug:${slug}`, color);
    return color;
  }

  // -------------------------------------------------------------------------------------------
  // Batches

  /** Whether a feed category is known: from this run's files, or stored by an earlier import. */
  async knowsCategory(extId: string): Promise<boolean> {
    await this.loadCategories();
    return !!this.feedCategory(extId) || this.categoryByExt.has(extId);
  }

  /** Adds a note for the owner to the report, once. */
  note(text: string): void {
    if (!this.report.notes.includes(text)) this.report.notes.push(text);
  }

  /**
   * Adds a skipped offer/product to the report; `offers` is how many offers of the file it accounts
   * for (1 for an offer, a product's offer count, 0 for a product named without offers), so the
   * report's counts add up.
   */
  skip(id: string, name: string | undefined, reason: string, offers = 1): void {
    this.report.skipped.push({ id, ...(name ? { name: cleanText(name) } : {}), reason, offers });
  }

  /**
   * Writes one batch in one transaction (pictures are fetched before it opens).
   * @throws whatever the database throws; the batch is then rolled back whole.
   */
  async writeBatch(items: ImportProduct[], { onlyExisting = false }: { onlyExisting?: boolean } = {}): Promise<void> {
    if (!items.length) return;
    const partial = !!this.opts.partial;
    // Merge records of the same product within the batch.
    const byExt = new Map<string, ImportProduct>();
    for (const item of items) {
      const prev = byExt.get(item.extId);
      if (!prev) byExt.set(item.extId, { ...item, variants: [...item.variants] });
      else {
        for (const [k, v] of Object.entries(item))
          if (k !== 'variants' && v !== undefined && (prev as unknown as Record<string, unknown>)[k] === undefined)
            (prev as unknown as Record<string, unknown>)[k] = v;
        prev.variants.push(...item.variants);
      }
    }
    const extIds = [...byExt.keys()];
    const existingRows = (await this.db
      .select({
        id: products.id,
        extId: products.extId,
        name: products.name,
        slug: products.slug,
        type: products.type,
        brandId: products.brandId,
        categoryId: products.categoryId,
        description: products.description,
        composition: products.composition,
        material: products.material,
        country: products.country,
        price: products.price,
        oldPrice: products.oldPrice,
        searchText: products.searchText,
        article: products.article,
        vatRate: products.vatRate,
        markingRequired: products.markingRequired,
      })
      .from(products)
      .where(inArray(products.extId, extIds))) as ExistingProduct[];
    const existing = new Map(existingRows.map((r) => [r.extId, r]));
    // Colours of known products named without offers (1C import.xml): search text keeps them.
    const bare = existingRows
      .filter((r) => !byExt.get(r.extId)!.variants.length && !byExt.get(r.extId)!.groupColors)
      .map((r) => r.id);
    const knownColors = new Map<number, string[]>();
    if (bare.length) {
      for (const r of await this.db
        .selectDistinct({ productId: offers.productId, name: colors.name, sort: offers.sort })
        .from(offers)
        .innerJoin(colors, eq(colors.id, offers.colorId))
        .where(inArray(offers.productId, bare))
        .orderBy(offers.productId, offers.sort)) {
        const list = knownColors.get(r.productId) ?? [];
        if (!list.includes(r.name)) list.push(r.name);
        knownColors.set(r.productId, list);
      }
    }

    // A package that names a size without its colour (a changes-only, prices-only or stock-only
    // file): the size stays in its colour.
    const colorless = [...byExt.values()].flatMap((i) =>
      i.variants.filter((v) => v.color === undefined).map((v) => v.extId),
    );
    const keptColors = new Map<string, string>();
    for (let i = 0; i < colorless.length; i += 5000) {
      for (const r of await this.db
        .select({ extId: offerFeatures.extId, name: colors.name })
        .from(offerFeatures)
        .innerJoin(offers, eq(offers.id, offerFeatures.offerId))
        .innerJoin(colors, eq(colors.id, offers.colorId))
        .where(inArray(offerFeatures.extId, colorless.slice(i, i + 5000)))) {
        keptColors.set(r.extId, r.name);
      }
    }

    // Resolve every product into its final row (or a skip), with brand, colours and category.
    interface Plan {
      item: ImportProduct;
      old?: ExistingProduct;
      row: Omit<ExistingProduct, 'id' | 'extId'> & { id?: number };
      type: ProductType;
      variants: (ImportVariant & { colorId: number; colorSlug: string; colorName: string })[];
      /** Offers named by variants: colour slug → pictures the feed gives for it (undefined: not named). */
      colorPictures: Map<string, { colorId: number; pictures: string[] | undefined }>;
    }
    const plans: Plan[] = [];
    for (const item of byExt.values()) {
      const old = existing.get(item.extId);
      if (!old && onlyExisting) continue;
      const name = cleanText(item.name) || old?.name;
      if (!name) {
        this.skip(
          item.extId,
          undefined,
          'товар не найден: нет названия (нет в каталоге и в import.xml)',
          item.variants.length,
        );
        continue;
      }
      // Variants: prices of 0 or below are skipped; without a price they need an existing product price.
      const variants: Plan['variants'] = [];
      // Issue #28: a size named without a value is reported, never shown as a second «ONE SIZE».
      const sized = item.variants.some((v) => cleanText(v.size));
      for (const v of item.variants) {
        if (v.size !== undefined && !cleanText(v.size) && sized) {
          this.skip(v.extId, name, 'не указан размер (у других размеров товара он есть)');
          continue;
        }
        if (v.price !== undefined && !(v.price > 0)) {
          this.skip(v.extId, name, `цена ${v.price} ₽: товар с нулевой ценой не продаётся`);
          continue;
        }
        const color = await this.colorFor(v.color ?? keptColors.get(v.extId));
        variants.push({ ...v, colorId: color.id, colorSlug: color.slug, colorName: color.name });
      }
      if (!variants.length && item.variants.length) {
        if (!old) continue; // every offer skipped, reasons already reported
      }
      let price = old?.price;
      let oldPrice = old?.oldPrice ?? null;
      const priced = variants.filter((v) => v.price !== undefined);
      if (priced.length) {
        const cheapest = priced.reduce((a, b) => (b.price! < a.price! ? b : a));
        const seen = this.runPrices.get(item.extId);
        let p = cheapest.price!;
        let op = cheapest.oldPrice !== undefined && cheapest.oldPrice > p ? cheapest.oldPrice : null;
        if (seen && seen.price < p) ({ price: p, oldPrice: op } = seen);
        this.runPrices.set(item.extId, { price: p, oldPrice: op });
        price = p;
        oldPrice = op;
      }
      if (item.groupPrice && (priced.length || !partial)) ({ price, oldPrice } = item.groupPrice);
      if (price === undefined && this.opts.deferUnpriced && !old) {
        // 1C 8.3 sends offers, prices and stock in separate files: these get their price next.
        this.report.deferred += variants.length;
        continue;
      }
      if (price === undefined) {
        for (const v of variants) this.skip(v.extId, name, 'нет цены');
        if (!variants.length) this.skip(item.extId, name, 'нет цены', 0);
        continue;
      }
      // A group this run's files and earlier imports do not know leaves a known product where it is.
      const { row: category, names } =
        !old || (item.categoryExtId !== undefined && (await this.knowsCategory(item.categoryExtId)))
          ? await this.categoryFor(item.categoryExtId)
          : { row: undefined, names: [] as string[] };
      if (old && item.categoryExtId && !category)
        this.note(`Группа ${item.categoryExtId} не найдена в классификаторе: товары остались в прежних категориях`);
      const brand = item.brand !== undefined || !old ? await this.brandFor(item.brand) : undefined;
      const categoryId = category?.id ?? old!.categoryId;
      const categoryRow = category ?? (await this.loadCategories()).find((c) => c.id === categoryId);
      const section = categoryRow?.section ?? 'odezhda';
      const type =
        old && item.categoryExtId === undefined && item.name === undefined
          ? (old.type as ProductType)
          : productTypeFor(section, [name, ...names, ...(category ? [category.name] : [])]);
      const brandRow = brand ?? (await this.brandById(old!.brandId));
      const colorNames =
        item.groupColors ??
        (old && !item.variants.length
          ? (knownColors.get(old.id) ?? [])
          : [...new Set(variants.map((v) => v.colorName))]);
      const material = item.material !== undefined ? cleanText(item.material) : (old?.material ?? '');
      const article = item.article !== undefined ? cleanText(item.article) || null : (old?.article ?? null);
      const row: Plan['row'] = {
        id: old?.id,
        name,
        slug: slugify(brandRow.name === NO_BRAND ? name : `${name} ${brandRow.name}`).slice(0, 120) || 'tovar',
        type,
        brandId: brandRow.id,
        categoryId,
        description: item.description !== undefined ? item.description : (old?.description ?? ''),
        composition: item.composition !== undefined ? cleanText(item.composition) : (old?.composition ?? ''),
        material,
        country: item.country !== undefined ? cleanText(item.country) : (old?.country ?? ''),
        price,
        oldPrice,
        article,
        // Issue #29: a file that does not name the rate or the marking (prices, stock) keeps them.
        vatRate: item.vatRate !== undefined ? item.vatRate : (old?.vatRate ?? null),
        markingRequired:
          (!!categoryRow && this.markedCategory(categoryRow.path)) ||
          (item.markingRequired ?? old?.markingRequired ?? false),
        searchText:
          old && partial && item.name === undefined && item.article === undefined
            ? old.searchText
            : cleanText(
                [
                  name,
                  brandRow.name === NO_BRAND ? '' : `${brandRow.name} ${brandRow.nameRu}`,
                  ...names,
                  category?.name ?? '',
                  ...colorNames,
                  material,
                  article ?? '',
                ].join(' '),
              ),
      };
      const colorPictures: Plan['colorPictures'] = new Map();
      for (const v of variants) {
        const entry = colorPictures.get(v.colorSlug);
        const pics = v.pictures?.length ? v.pictures : item.pictures;
        if (!entry) colorPictures.set(v.colorSlug, { colorId: v.colorId, pictures: pics });
        else if (!entry.pictures?.length && pics?.length) entry.pictures = pics;
      }
      // A product named without variants (1C import.xml of a known product): its pictures go to every colour it has.
      plans.push({ item, old, row, type, variants, colorPictures });
    }
    if (!plans.length) return;

    // Pictures: reuse what is stored under the same source address, fetch the rest (outside the transaction).
    const sources = new Set<string>();
    for (const p of plans) {
      for (const { pictures } of p.colorPictures.values()) for (const s of pictures ?? []) sources.add(s);
      if (!p.colorPictures.size && p.item.pictures) for (const s of p.item.pictures) sources.add(s);
    }
    const stored = new Map<string, StoredPicture | { error: string }>();
    if (sources.size) {
      const known = await this.db
        .selectDistinctOn([productImages.sourceUrl], {
          sourceUrl: productImages.sourceUrl,
          url: productImages.url,
          width: productImages.width,
          height: productImages.height,
        })
        .from(productImages)
        .where(and(isNotNull(productImages.sourceUrl), inArray(productImages.sourceUrl, [...sources])));
      for (const k of known) stored.set(k.sourceUrl!, { url: k.url, width: k.width, height: k.height });
      this.report.pictures.reused += known.length;
      let missing = [...sources].filter((s) => !stored.has(s));
      if (missing.length && this.opts.pictures) {
        // Issue #28: an address that failed lately is not fetched again (an unchanged re-import stays fast).
        const retryHours = this.opts.pictures.retryHours ?? 24;
        const recent = await this.db
          .select({ sourceUrl: importPictureFailures.sourceUrl, reason: importPictureFailures.reason })
          .from(importPictureFailures)
          .where(
            and(
              inArray(importPictureFailures.sourceUrl, missing),
              sql`${importPictureFailures.failedAt} > now() - make_interval(secs => ${retryHours * 3600})`,
            ),
          );
        for (const r of recent) stored.set(r.sourceUrl, { error: r.reason });
        if (recent.length) this.report.pictures.notRetried += recent.length;
        missing = missing.filter((s) => !stored.has(s));
      }
      if (missing.length) {
        if (this.opts.pictures) {
          const fetched = await storePictures(missing, this.opts.pictures);
          const failed: { sourceUrl: string; reason: string }[] = [];
          const fine: string[] = [];
          for (const [s, r] of fetched) {
            stored.set(s, r);
            if ('url' in r) {
              this.report.pictures.stored++;
              fine.push(s);
            } else failed.push({ sourceUrl: s, reason: r.error });
          }
          if (failed.length)
            await this.db.execute(sql`
              insert into import_picture_failures (source_url, reason)
              select * from unnest(${sql.param(failed.map((f) => f.sourceUrl))}::text[], ${sql.param(failed.map((f) => f.reason))}::text[])
              on conflict (source_url) do update set reason = excluded.reason, failed_at = now()`);
          if (fine.length)
            await this.db.delete(importPictureFailures).where(inArray(importPictureFailures.sourceUrl, fine));
        } else for (const s of missing) stored.set(s, { error: 'загрузка картинок выключена' });
      }
    }

    await this.db.transaction(async (tx) => {
      await this.writePlans(tx, plans, stored);
      await this.storeLinks(tx);
    });
  }

  private brandCache = new Map<number, { id: number; name: string; nameRu: string }>();
  private async brandById(id: number) {
    let b = this.brandCache.get(id);
    if (!b) {
      b = (
        await this.db
          .select({ id: brands.id, name: brands.name, nameRu: brands.nameRu })
          .from(brands)
          .where(eq(brands.id, id))
      )[0]!;
      this.brandCache.set(id, b);
    }
    return b;
  }

  private async writePlans(
    tx: Tx,
    plans: {
      item: ImportProduct;
      old?: ExistingProduct;
      row: Omit<ExistingProduct, 'id' | 'extId'> & { id?: number };
      type: ProductType;
      variants: (ImportVariant & { colorId: number; colorSlug: string; colorName: string })[];
      colorPictures: Map<string, { colorId: number; pictures: string[] | undefined }>;
    }[],
    stored: Map<string, StoredPicture | { error: string }>,
  ): Promise<void> {
    const report = this.report;
    const partial = !!this.opts.partial;
    // Product ids: the table has no sequence (the seed numbers its products), so new ids follow the max under a lock.
    const newPlans = plans.filter((p) => !p.old);
    let nextId = 0;
    if (newPlans.length) {
      await tx.execute(sql`select pg_advisory_xact_lock(15015)`);
      const [top] = await rows<{ max: number }>(tx, sql`select coalesce(max(id), 0)::int as max from products`);
      nextId = Number(top!.max) + 1;
    }
    const now = new Date();
    const productRows: (typeof products.$inferInsert)[] = [];
    const touched = new Set<string>(); // ext ids of products with any row changed
    for (const p of plans) {
      const r = p.row;
      if (!p.old) {
        r.id = nextId++;
        productRows.push({
          ...r,
          type: p.type,
          id: r.id,
          extId: p.item.extId,
          care: '',
          isNew: true,
          popularity: 0,
          createdAt: now,
        });
        report.products.created++;
        touched.add(p.item.extId);
        continue;
      }
      const o = p.old;
      const same =
        o.name === r.name &&
        o.slug === r.slug &&
        o.type === r.type &&
        o.brandId === r.brandId &&
        o.categoryId === r.categoryId &&
        o.description === r.description &&
        o.composition === r.composition &&
        o.material === r.material &&
        o.country === r.country &&
        Number(o.price) === r.price &&
        (o.oldPrice === null ? null : Number(o.oldPrice)) === r.oldPrice &&
        o.searchText === r.searchText &&
        o.article === r.article &&
        o.vatRate === r.vatRate &&
        o.markingRequired === r.markingRequired;
      if (!same) {
        productRows.push({ ...r, type: p.type, id: o.id, extId: o.extId, care: '', createdAt: now });
        touched.add(p.item.extId);
      }
    }
    const productCols = {
      name: products.name,
      slug: products.slug,
      type: products.type,
      brandId: products.brandId,
      categoryId: products.categoryId,
      description: products.description,
      composition: products.composition,
      material: products.material,
      country: products.country,
      price: products.price,
      oldPrice: products.oldPrice,
      searchText: products.searchText,
      article: products.article,
      vatRate: products.vatRate,
      markingRequired: products.markingRequired,
    };
    for (let i = 0; i < productRows.length; i += 2000) {
      const part = productRows.slice(i, i + 2000);
      const col = <K extends keyof (typeof part)[number]>(k: K) => sql.param(part.map((r) => r[k] ?? null));
      // One array parameter per column (unnest); only rows whose values differ are updated.
      await tx.execute(sql`
        insert into products (id, ext_id, name, slug, type, brand_id, category_id, description, composition, material, country, care,
          price, old_price, search_text, is_new, popularity, created_at, article, vat_rate, marking_required)
        select * from unnest(${col('id')}::int[], ${col('extId')}::text[], ${col('name')}::text[], ${col('slug')}::text[], ${col('type')}::text[],
          ${col('brandId')}::int[], ${col('categoryId')}::int[], ${col('description')}::text[], ${col('composition')}::text[],
          ${col('material')}::text[], ${col('country')}::text[], ${col('care')}::text[], ${col('price')}::numeric[], ${col('oldPrice')}::numeric[],
          ${col('searchText')}::text[], ${sql.param(part.map((r) => !!r.isNew))}::bool[], ${sql.param(part.map((r) => r.popularity ?? 0))}::int[],
          ${sql.param(part.map((r) => (r.createdAt as Date).toISOString()))}::timestamptz[], ${col('article')}::text[],
          ${col('vatRate')}::text[], ${sql.param(part.map((r) => !!r.markingRequired))}::bool[])
        on conflict (id) do update set ${sql.raw(
          Object.values(productCols)
            .map((c) => `"${c.name}" = excluded."${c.name}"`)
            .join(', '),
        )}
        where ${distinct(products, Object.values(productCols))}`);
    }
    report.rowsChanged += productRows.length;

    // Offers: one per product and colour, ext_id "{product ext id}~{colour slug}".
    const offerExt = (p: (typeof plans)[number], colorSlug: string) => `${p.item.extId}~${colorSlug}`;
    const wantedOffers = new Map<string, { productId: number; colorId: number; sort: number }>();
    for (const p of plans) {
      let sort = 0;
      for (const [slug, { colorId }] of p.colorPictures)
        wantedOffers.set(offerExt(p, slug), { productId: p.row.id!, colorId, sort: sort++ });
    }
    const offerIds = new Map<string, number>();
    if (wantedOffers.size) {
      const keys = [...wantedOffers.keys()];
      for (const o of await tx
        .select({ id: offers.id, extId: offers.extId })
        .from(offers)
        .where(inArray(offers.extId, keys)))
        offerIds.set(o.extId, o.id);
      const missing = keys.filter((k) => !offerIds.has(k)).map((k) => ({ extId: k, ...wantedOffers.get(k)! }));
      for (let i = 0; i < missing.length; i += 1000) {
        const part = missing.slice(i, i + 1000);
        const created = await rows<{ id: number; ext_id: string }>(
          tx,
          sql`insert into offers (product_id, color_id, ext_id, sort)
            select * from unnest(${sql.param(part.map((m) => m.productId))}::int[], ${sql.param(part.map((m) => m.colorId))}::int[],
              ${sql.param(part.map((m) => m.extId))}::text[], ${sql.param(part.map((m) => m.sort))}::int[])
            returning id, ext_id`,
        );
        for (const o of created) offerIds.set(o.ext_id, o.id);
      }
      report.rowsChanged += missing.length;
      for (const m of missing) touched.add(m.extId.slice(0, m.extId.lastIndexOf('~')));
    }

    // Sizes: one per variant, ext_id = the offer's id in the feed.
    const variantKeys = plans.flatMap((p) => p.variants.map((v) => v.extId));
    const oldSizes = new Map<string, { offerId: number; name: string; stock: number; sort: number }>();
    for (let i = 0; i < variantKeys.length; i += 5000) {
      for (const f of await tx
        .select({
          extId: offerFeatures.extId,
          offerId: offerFeatures.offerId,
          name: offerFeatures.name,
          stock: offerFeatures.stock,
          sort: offerFeatures.sort,
        })
        .from(offerFeatures)
        .where(inArray(offerFeatures.extId, variantKeys.slice(i, i + 5000)))) {
        oldSizes.set(f.extId, f);
      }
    }
    const sizeRows: (typeof offerFeatures.$inferInsert)[] = [];
    const seenSizes = new Set<string>();
    for (const p of plans) {
      const named: { v: (typeof p.variants)[number]; offerId: number; name: string }[] = [];
      for (const v of p.variants) {
        if (seenSizes.has(v.extId)) {
          this.skip(v.extId, p.row.name, 'предложение с этим id встречается в файле ещё раз');
          continue;
        }
        seenSizes.add(v.extId);
        const old = oldSizes.get(v.extId);
        named.push({
          v,
          offerId: offerIds.get(offerExt(p, v.colorSlug))!,
          // A package that does not name the size (prices or stock only) keeps it.
          name: cleanText(v.size) || (v.size === undefined && old ? old.name : ONE_SIZE),
        });
      }
      // Issue #28: sizes in size order (36, 38, 40; XS, S, M), whatever order the feed sent them in.
      // A changes-only feed names some sizes only: those keep the place they have.
      const ranked = [...named].sort((a, b) => compareSizes(a.name, b.name));
      for (const { v, offerId, name } of named) {
        const old = oldSizes.get(v.extId);
        const stock = v.stock !== undefined ? Math.max(0, Math.floor(v.stock)) : old ? old.stock : 0;
        const sort = old && (partial || v.size === undefined) ? old.sort : ranked.findIndex((r) => r.v === v);
        const row = { offerId, kind: 'size' as const, name, extId: v.extId, stock, sort };
        if (!old) {
          sizeRows.push(row);
          report.sizes.created++;
          touched.add(p.item.extId);
        } else if (old.offerId !== offerId || old.name !== name || old.stock !== stock || old.sort !== sort) {
          sizeRows.push(row);
          report.sizes.updated++;
          touched.add(p.item.extId);
        } else report.sizes.unchanged++;
      }
    }
    for (let i = 0; i < sizeRows.length; i += 5000) {
      const part = sizeRows.slice(i, i + 5000);
      // unnest of one array per column: one statement, six parameters, whatever the batch size.
      await tx.execute(sql`
        insert into offer_features (offer_id, kind, name, ext_id, stock, sort)
        select * from unnest(${sql.param(part.map((r) => r.offerId))}::int[], ${sql.param(part.map((r) => r.kind))}::text[],
          ${sql.param(part.map((r) => r.name))}::text[], ${sql.param(part.map((r) => r.extId))}::text[],
          ${sql.param(part.map((r) => r.stock ?? 0))}::int[], ${sql.param(part.map((r) => r.sort ?? 0))}::int[])
        on conflict (ext_id) do update set offer_id = excluded.offer_id, kind = excluded.kind, name = excluded.name, stock = excluded.stock,
          sort = excluded.sort
        where (offer_features.offer_id, offer_features.kind, offer_features.name, offer_features.stock, offer_features.sort)
          is distinct from (excluded.offer_id, excluded.kind, excluded.name, excluded.stock, excluded.sort)`);
    }
    report.rowsChanged += sizeRows.length;

    // Sizes that moved to another colour or product (a feed now grouping offers by model, a colour
    // corrected in 1C) leave their old colour offer empty: it goes, and so does an imported product
    // left with no colour at all. Order lines keep their copy of the name and price (FK set null).
    const left = new Set<number>();
    for (const r of sizeRows) {
      const old = oldSizes.get(r.extId);
      if (old && old.offerId !== r.offerId) left.add(old.offerId);
    }
    if (left.size) {
      const emptied = await rows<{ id: number; product_id: number }>(
        tx,
        sql`delete from offers o where o.id = any(${sql.param([...left])}::int[])
          and not exists (select 1 from offer_features f where f.offer_id = o.id) returning o.id, o.product_id`,
      );
      if (emptied.length) {
        const gone = await rows<{ id: number }>(
          tx,
          sql`delete from products p where p.id = any(${sql.param([...new Set(emptied.map((e) => e.product_id))])}::int[])
            and p.ext_id is not null and not exists (select 1 from offers o where o.product_id = p.id) returning p.id`,
        );
        report.rowsChanged += emptied.length + gone.length;
        if (gone.length) report.products.merged += gone.length;
      }
    }

    // Pictures of each colour offer: rewritten only when the resulting list differs.
    const offerIdList = [...offerIds.values()];
    const oldImages = new Map<number, { url: string; sourceUrl: string | null; isPlaceholder: boolean }[]>();
    for (let i = 0; i < offerIdList.length; i += 5000) {
      for (const img of await tx
        .select({
          offerId: productImages.offerId,
          url: productImages.url,
          sourceUrl: productImages.sourceUrl,
          isPlaceholder: productImages.isPlaceholder,
        })
        .from(productImages)
        .where(inArray(productImages.offerId, offerIdList.slice(i, i + 5000)))
        .orderBy(productImages.offerId, productImages.sort, productImages.id)) {
        const list = oldImages.get(img.offerId!) ?? [];
        list.push({ url: img.url, sourceUrl: img.sourceUrl, isPlaceholder: img.isPlaceholder });
        oldImages.set(img.offerId!, list);
      }
    }
    const deleteOffers: number[] = [];
    const imageRows: (typeof productImages.$inferInsert)[] = [];
    for (const p of plans) {
      for (const [slug, { pictures }] of p.colorPictures) {
        const offerId = offerIds.get(offerExt(p, slug))!;
        const current = oldImages.get(offerId) ?? [];
        if (pictures === undefined && current.length) continue; // not named by a changes-only feed
        const wanted: {
          url: string;
          sourceUrl: string | null;
          width: number;
          height: number;
          isPlaceholder?: boolean;
        }[] = [];
        for (const source of pictures ?? []) {
          const got = stored.get(source);
          if (got && 'url' in got) {
            if (!wanted.some((w) => w.url === got.url))
              wanted.push({ url: got.url, sourceUrl: source, width: got.width, height: got.height });
          } else if (!report.pictures.failed.some((f) => f.url === shownSource(source))) {
            report.pictures.failed.push({
              url: shownSource(source),
              product: p.row.name,
              reason: got && 'error' in got ? got.error : 'не загружена',
            });
          }
        }
        // Pictures named but none could be had now: the real ones stored earlier stay (issue #28:
        // a package whose picture files did not come must not swap the photos for the placeholder).
        if (!wanted.length && current.some((c) => !c.isPlaceholder)) continue;
        if (!wanted.length)
          wanted.push({
            url: placeholderUrl(p.type, slug),
            sourceUrl: null,
            width: 800,
            height: 1067,
            isPlaceholder: true,
          });
        const same =
          current.length === wanted.length &&
          current.every(
            (c, i) =>
              c.url === wanted[i]!.url &&
              c.sourceUrl === wanted[i]!.sourceUrl &&
              c.isPlaceholder === !!wanted[i]!.isPlaceholder,
          );
        if (same) continue;
        if (current.length) deleteOffers.push(offerId);
        wanted.forEach((w, i) =>
          imageRows.push({
            productId: p.row.id!,
            offerId,
            url: w.url,
            sourceUrl: w.sourceUrl,
            alt: `${p.row.name}`,
            isMain: i === 0,
            width: w.width,
            height: w.height,
            sort: i,
            isPlaceholder: !!w.isPlaceholder,
          }),
        );
        touched.add(p.item.extId);
      }
    }
    if (deleteOffers.length) {
      await tx.delete(productImages).where(inArray(productImages.offerId, deleteOffers));
      report.rowsChanged += deleteOffers.length;
    }
    for (let i = 0; i < imageRows.length; i += 5000) {
      const part = imageRows.slice(i, i + 5000);
      await tx.execute(sql`
        insert into product_images (product_id, offer_id, url, source_url, alt, is_main, width, height, sort, is_placeholder)
        select * from unnest(${sql.param(part.map((r) => r.productId))}::int[], ${sql.param(part.map((r) => r.offerId))}::int[],
          ${sql.param(part.map((r) => r.url))}::text[], ${sql.param(part.map((r) => r.sourceUrl ?? null))}::text[],
          ${sql.param(part.map((r) => r.alt))}::text[], ${sql.param(part.map((r) => !!r.isMain))}::bool[],
          ${sql.param(part.map((r) => r.width))}::int[], ${sql.param(part.map((r) => r.height))}::int[], ${sql.param(part.map((r) => r.sort ?? 0))}::int[],
          ${sql.param(part.map((r) => !!r.isPlaceholder))}::bool[])`);
    }
    report.rowsChanged += imageRows.length;

    for (const p of plans) {
      if (!p.old) continue;
      if (touched.has(p.item.extId)) report.products.updated++;
      else report.products.unchanged++;
    }
  }
}
