/**
 * Yandex Market YML import (issue #15 "YML import"; format: yandex.ru/support/partnermarket
 * "YML"): `<shop><categories>` → categories, `<offers><offer>` → sizes of products grouped by
 * `group_id`, `param` "Размер"/"Цвет" in any case → size and colour, `price`/`oldprice`,
 * `available` (absent: available) and `count` → stock, `vendor` → brand, `picture` → pictures,
 * `description` HTML → plain text; issue #29: `<vat>` of the offer, else of the `<shop>` → the VAT
 * rate, a `param` «Маркировка» (tax.ts isMarkingProperty) → mandatory marking.
 *
 * Two streaming passes over the file: the first checks the XML (malformed XML changes nothing)
 * and gathers each group's lowest price, name and colours, so a group split across batches writes
 * the same product row every time; the second writes batches of products.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { importRuns } from '../../db/schema';
import { looksLikeIdentifier, propertyRoles } from './mapping';
import { isMarkedValue, isMarkingProperty, parseYmlVat, VatNotes } from './tax';
import { cleanText, normKey, parseNumber, sanitizeDescription } from './text';
import { emptyReport, type ImportProduct, type ImportReport } from './types';
import { AVAILABLE_STOCK, BATCH_PRODUCTS, CatalogWriter, type WriterOptions } from './writer';
import { child, childText, childrenOf, readXml, type XmlNode } from './xml';
import type { Db } from '../../db/client';

/** Options of {@link importYmlFile}. */
export interface YmlImportOptions extends WriterOptions {
  /** What the report names as the input (the URL the file was downloaded from, or the path). */
  input?: string;
  /** The URL the feed came from: base of relative picture addresses. */
  feedUrl?: string;
  /** Import even a file identical to the last one imported from the same input (CLI `--force`). */
  force?: boolean;
}

/**
 * SHA-256 of a file and of the settings that decide what it becomes (a feed read with another
 * grouping or brand list is not "unchanged"), hex.
 */
async function fileHash(file: string, opts: YmlImportOptions): Promise<string> {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify([
      opts.categoryMap,
      opts.defaultSection,
      opts.propertyMap,
      opts.notBrands,
      opts.ymlGroupBy,
      opts.feedUrl,
      !!opts.pictures,
      opts.markingCategories ?? '',
    ]),
  );
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Whether the last successful import of `input` read the very same bytes, recently enough that
 * its failed pictures are not due again (issue #28: «an unchanged re-import takes ≤ 10 % of the
 * first import's time»). Such a run writes nothing: the same feed would write the same rows, and
 * stock the shop sold since must not be put back by a feed that has not seen those orders.
 */
async function unchangedSince(db: Db, input: string, hash: string, retryHours: number): Promise<Date | null> {
  const [last] = await db
    .select({ report: importRuns.report, finishedAt: importRuns.finishedAt })
    .from(importRuns)
    .where(and(eq(importRuns.source, 'yml'), eq(importRuns.input, input), eq(importRuns.status, 'success')))
    .orderBy(desc(importRuns.id))
    .limit(1);
  const report = last?.report as Partial<ImportReport> | undefined;
  if (!last?.finishedAt || report?.fileHash !== hash) return null;
  const failed = report.pictures?.failed?.length ?? 0;
  if (failed && Date.now() - last.finishedAt.getTime() > retryHours * 3600_000) return null;
  return last.finishedAt;
}

const isOffer = (p: readonly string[]) => p.length >= 2 && p.at(-1) === 'offer' && p.at(-2) === 'offers';
const isCategory = (p: readonly string[]) => p.length >= 2 && p.at(-1) === 'category' && p.at(-2) === 'categories';
const isShopUrl = (p: readonly string[]) => p.length === 3 && p[1] === 'shop' && p[2] === 'url';
const isShopVat = (p: readonly string[]) => p.length === 3 && p[1] === 'shop' && p[2] === 'vat';

/** Whether an offer's `param`s name mandatory marking: true/false when a marking param is there, else undefined. */
function markingOf(node: XmlNode): boolean | undefined {
  let named = false;
  let marked = false;
  for (const p of childrenOf(node, 'param')) {
    if (!isMarkingProperty(p.attrs.name)) continue;
    named = true;
    marked ||= isMarkedValue(p.text);
  }
  return named ? marked : undefined;
}

interface ParsedOffer {
  id: string;
  /** The product this offer is a variant of: `group_id`, else by IMPORT_YML_GROUP_BY, else the offer id. */
  groupKey: string;
  grouped: boolean;
  name: string;
  vendor: string;
  article?: string;
  price?: number;
  oldPrice?: number;
  color?: string;
  skipReason?: string;
}

type Roles = ReturnType<typeof propertyRoles>;

/** The value of the first `param` with `role` (identifiers left out), or undefined. */
function paramOf(node: XmlNode, roles: Roles, role: Parameters<Roles['is']>[0]): string | undefined {
  for (const p of childrenOf(node, 'param')) {
    if (!roles.is(role, p.attrs.name ?? '')) continue;
    const value = cleanText(p.text);
    if (value && !looksLikeIdentifier(value, role)) return value;
  }
  return undefined;
}

/**
 * The fields of an `<offer>` both passes need. Offers without `group_id` are grouped into one
 * product by `<model>` (then `vendorCode`) of the same vendor, or by `vendorCode` alone, as
 * IMPORT_YML_GROUP_BY says (issue #28: colour variants sharing `<model>` were look-alike products).
 * A vendor that is not a brand is left out of the name built from `typePrefix vendor model`.
 */
function parseOfferHead(
  node: XmlNode,
  roles: Roles,
  groupBy: 'model' | 'vendorCode' | 'none',
  isNotBrand: (v: string) => boolean,
): ParsedOffer {
  const id = cleanText(node.attrs.id);
  const groupId = cleanText(node.attrs.group_id ?? childText(node, 'group_id')) || undefined;
  const vendor = cleanText(childText(node, 'vendor'));
  const model = cleanText(childText(node, 'model'));
  const article = cleanText(childText(node, 'vendorCode')) || paramOf(node, roles, 'article');
  const shownVendor = vendor && !isNotBrand(vendor) ? vendor : '';
  const name =
    cleanText(childText(node, 'name')) ||
    cleanText([childText(node, 'typePrefix'), shownVendor, model].filter(Boolean).join(' '));
  const price = parseNumber(childText(node, 'price'));
  const oldRaw = parseNumber(childText(node, 'oldprice'));
  const oldPrice = oldRaw !== undefined && price !== undefined && oldRaw > price ? oldRaw : undefined;
  const color = paramOf(node, roles, 'color');
  const currency = cleanText(childText(node, 'currencyId')).toUpperCase();
  let skipReason: string | undefined;
  if (!id) skipReason = 'у предложения нет id';
  else if (currency && currency !== 'RUR' && currency !== 'RUB')
    skipReason = `цена в валюте ${currency}: принимаются только рубли`;
  else if (price === undefined) skipReason = 'нет цены';
  const byVendor = (kind: string, value: string) => `${kind}:${normKey(vendor)}:${value}`;
  const groupKey =
    groupId ??
    (groupBy === 'model' && model
      ? byVendor('model', model)
      : groupBy !== 'none' && article
        ? byVendor('code', article)
        : undefined);
  return {
    id,
    groupKey: groupKey ?? id,
    grouped: !!groupKey,
    name,
    vendor,
    ...(article ? { article } : {}),
    price,
    oldPrice,
    color,
    skipReason,
  };
}

/**
 * Imports a YML file.
 * @returns the report (counts, skipped offers with reasons, pictures that failed).
 * @throws ImportError for malformed XML (naming the line; nothing is written) or an unreadable file.
 */
export async function importYmlFile(db: Db, file: string, opts: YmlImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('yml', opts.input ?? file);
  report.fileHash = await fileHash(file, opts);
  const since = opts.force
    ? null
    : await unchangedSince(db, report.input, report.fileHash, opts.pictures?.retryHours ?? 24);
  if (since) {
    report.unchangedSince = since.toISOString();
    report.ms = Math.round(performance.now() - started);
    return report;
  }
  const writer = new CatalogWriter(db, report, opts);
  const roles = propertyRoles(opts.propertyMap ?? '');
  const head = (node: XmlNode) => parseOfferHead(node, roles, opts.ymlGroupBy ?? 'model', (v) => writer.isNotBrand(v));

  // Pass 1: well-formedness, categories, shop URL and VAT, and each group's price, name, colours,
  // VAT and marking (a group split across batches must write the same product row each time).
  let shopUrl: string | undefined;
  let shopVat: string | undefined;
  const groups = new Map<
    string,
    { name: string; price: number; oldPrice: number | null; colors: Set<string>; vat?: string; marked?: boolean }
  >();
  const vendors = new Map<string, number>();
  let offerCount = 0;
  await readXml(file, {
    capture: (p) => isOffer(p) || isCategory(p) || isShopUrl(p) || isShopVat(p),
    onNode: (node, p) => {
      if (isShopUrl(p)) {
        shopUrl = cleanText(node.text) || undefined;
        return;
      }
      if (isShopVat(p)) {
        shopVat = cleanText(node.text) || undefined;
        return;
      }
      if (isCategory(p)) {
        const id = cleanText(node.attrs.id);
        if (id)
          writer.feedCategories.set(id, {
            extId: id,
            name: cleanText(node.text),
            parentExtId: cleanText(node.attrs.parentId) || undefined,
          });
        return;
      }
      const o = head(node);
      offerCount++;
      if (o.vendor) vendors.set(o.vendor, (vendors.get(o.vendor) ?? 0) + 1);
      if (!o.grouped || o.skipReason || !(o.price! > 0)) return;
      const g = groups.get(o.groupKey);
      const vat = cleanText(childText(node, 'vat')) || undefined;
      const marked = markingOf(node);
      if (!g)
        groups.set(o.groupKey, {
          name: o.name,
          price: o.price!,
          oldPrice: o.oldPrice ?? null,
          colors: new Set(o.color ? [o.color] : []),
          vat,
          marked,
        });
      else {
        g.vat ??= vat;
        if (marked !== undefined) g.marked = !!g.marked || marked;
        if (o.price! < g.price) {
          g.price = o.price!;
          g.oldPrice = o.oldPrice ?? null;
        }
        if (o.color) g.colors.add(o.color);
        if (!g.name) g.name = o.name;
      }
    },
  });

  // Issue #28: a vendor on nearly every offer is likely the seller, not a brand: the owner decides.
  for (const [vendor, n] of vendors)
    if (offerCount >= 20 && n >= offerCount * 0.9 && !writer.isNotBrand(vendor))
      report.notes.push(
        `Производитель «${vendor}» указан у ${n} из ${offerCount} предложений. Если это не бренд, а продавец или заглушка, добавьте его в IMPORT_NOT_BRANDS`,
      );

  const base = opts.feedUrl ?? (shopUrl && /^https?:\/\//i.test(shopUrl) ? shopUrl : undefined);
  const resolvePicture = (src: string): string | undefined => {
    const s = cleanText(src);
    if (!s) return undefined;
    if (/^https?:\/\//i.test(s)) return s;
    if (s.startsWith('//')) return `https:${s}`;
    if (base) {
      try {
        return new URL(s, base).href;
      } catch {
        return undefined;
      }
    }
    return path.resolve(path.dirname(file), s.replace(/^\/+/, ''));
  };

  // Issue #29: one rate per product (its first offer's, else the shop's), counted per offer.
  const vatNotes = new VatNotes(['предложение', 'предложения', 'предложений'], 'в фиде');

  // Pass 2: offers → products, in batches; the group of the last offer stays open (groups are usually consecutive).
  let pending = new Map<string, ImportProduct>();
  let pendingOffers = 0;
  let lastKey = '';
  const flush = async (keepLast: boolean) => {
    const keep = keepLast ? pending.get(lastKey) : undefined;
    if (keep) pending.delete(lastKey);
    await writer.writeBatch([...pending.values()]);
    pending = new Map(keep ? [[lastKey, keep]] : []);
    pendingOffers = keep ? keep.variants.length : 0;
  };
  await readXml(file, {
    capture: isOffer,
    onNode: async (node) => {
      const o = head(node);
      report.offers++;
      if (o.skipReason) {
        writer.skip(o.id || '(без id)', o.name, o.skipReason);
        return;
      }
      let size: string | undefined;
      let country = cleanText(childText(node, 'country_of_origin')) || undefined;
      for (const param of childrenOf(node, 'param')) {
        // A size param with no value is kept as '' (the writer reports it, never invents a size).
        if (roles.is('size', param.attrs.name ?? '')) size = cleanText(param.text) || size || '';
      }
      const material = paramOf(node, roles, 'material');
      const composition = paramOf(node, roles, 'composition');
      country = paramOf(node, roles, 'country') ?? country;
      const count = parseNumber(
        childText(node, 'count') ?? childText(node, 'quantity') ?? childText(node, 'stock_quantity'),
      );
      const outlets = childrenOf(child(node, 'outlets'), 'outlet');
      const outletStock = outlets.length
        ? outlets.reduce((sum, out) => sum + (parseNumber(out.attrs.instock) ?? 0), 0)
        : undefined;
      const available = cleanText(node.attrs.available).toLowerCase() !== 'false';
      const stock = !available ? 0 : (count ?? outletStock ?? AVAILABLE_STOCK);
      const pictures = childrenOf(node, 'picture')
        .map((p) => resolvePicture(p.text))
        .filter((p): p is string => !!p);
      const key = o.groupKey;
      const group = o.grouped ? groups.get(key) : undefined;
      const vatRate = vatNotes.take(parseYmlVat(group?.vat ?? (cleanText(childText(node, 'vat')) || shopVat)), o.id);
      const marked = group ? group.marked : markingOf(node);
      let product = pending.get(key);
      if (!product) {
        product = {
          extId: key,
          name: group?.name || o.name,
          categoryExtId: cleanText(childText(node, 'categoryId')) || undefined,
          brand: o.vendor || undefined,
          article: o.article ?? '',
          description: sanitizeDescription(childText(node, 'description')),
          material,
          composition,
          country,
          ...(vatRate !== undefined ? { vatRate } : {}),
          // A feed is the whole catalogue: an offer without a marking param is not marked.
          markingRequired: marked ?? false,
          variants: [],
          ...(group
            ? { groupPrice: { price: group.price, oldPrice: group.oldPrice }, groupColors: [...group.colors] }
            : {}),
        };
        pending.set(key, product);
      }
      product.variants.push({
        extId: o.id,
        color: o.color,
        size,
        price: o.price,
        oldPrice: o.oldPrice,
        stock,
        pictures,
      });
      pendingOffers++;
      lastKey = key;
      if (pending.size >= BATCH_PRODUCTS || pendingOffers >= BATCH_PRODUCTS * 4) await flush(true);
    },
  });
  await flush(false);
  report.notes.push(...vatNotes.notes());
  report.ms = Math.round(performance.now() - started);
  return report;
}
