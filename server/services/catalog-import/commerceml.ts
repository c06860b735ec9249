/**
 * CommerceML 2.x / 3.x import (issue #15 "1C exchange"; format: the CommerceML standard of
 * 1С-Битрикс/1С, v2.05–3.1). Files of one exchange share a {@link CmlSession}:
 * - `import*.xml` — Классификатор (Группы → categories, Свойства with ВариантыЗначений: GUID
 *   values such as "Размер" and "Цвет" resolve through it) and Каталог/Товары (name, group,
 *   description, Изготовитель → brand, Картинка → pictures from the upload). Known products are
 *   updated at once; new ones wait for their offers (a product needs a price).
 * - `offers*.xml`, `prices*.xml`, `rests*.xml` — ПакетПредложений: Предложение Ид "товар#характеристика"
 *   → a size; ХарактеристикиТовара / ЗначенияСвойств → size and colour; Цены by the price type
 *   named IMPORT_PRICE_TYPE (else the first); Количество or Остатки → stock.
 * `СодержитТолькоИзменения="true"` (attribute or element) makes a file touch only what it names.
 */
import path from 'node:path';
import { isColorName, isCompositionName, isCountryName, isMaterialName, isSizeName } from './mapping';
import { cleanText, normKey, parseNumber, sanitizeDescription } from './text';
import { emptyReport, type ImportCategory, type ImportProduct, type ImportReport } from './types';
import { BATCH_PRODUCTS, CatalogWriter, type WriterOptions } from './writer';
import { checkXml, child, childrenOf, childText, pathText, readXml, type XmlNode } from './xml';
import type { Db } from '../../db/client';

/** What one exchange has learned from its earlier files (classifier, goods waiting for offers). */
export interface CmlSession {
  groups: Map<string, ImportCategory>;
  /** Property Ид → its name and value Ид → value. */
  properties: Map<string, { name: string; values: Map<string, string> }>;
  /** Goods of import.xml by Ид (without variants). */
  goods: Map<string, ImportProduct>;
  /** Price type Ид chosen (IMPORT_PRICE_TYPE), once a ТипыЦен is read. */
  priceTypeId?: string;
}

/** A new, empty session. */
export const newCmlSession = (): CmlSession => ({ groups: new Map(), properties: new Map(), goods: new Map() });

/** Options of {@link importCommerceMlFile}. */
export interface CmlImportOptions extends WriterOptions {
  /** Name of the price type to sell at (IMPORT_PRICE_TYPE), compared without case. */
  priceType: string;
  /** Folder relative picture paths (`import_files/…`) are read from: the upload folder. */
  baseDir: string;
  /** Called now and then with products processed so far (the exchange answers `progress`). */
  onProgress?: (products: number) => void;
}

const productIdOf = (id: string) => id.split('#')[0]!;

function readGroups(node: XmlNode | undefined, parent: string | undefined, into: Map<string, ImportCategory>) {
  for (const g of childrenOf(node, 'Группа')) {
    const id = cleanText(childText(g, 'Ид'));
    if (!id) continue;
    into.set(id, {
      extId: id,
      name: cleanText(childText(g, 'Наименование')),
      ...(parent ? { parentExtId: parent } : {}),
    });
    readGroups(child(g, 'Группы'), id, into);
  }
}

function readProperties(node: XmlNode | undefined, session: CmlSession) {
  for (const p of childrenOf(node, 'Свойство')) {
    const id = cleanText(childText(p, 'Ид'));
    if (!id) continue;
    const values = new Map<string, string>();
    for (const v of [
      ...childrenOf(child(p, 'ВариантыЗначений'), 'Справочник'),
      ...childrenOf(child(p, 'ВариантыЗначений'), 'ВариантЗначения'),
    ]) {
      const vid = cleanText(childText(v, 'ИдЗначения') ?? childText(v, 'Ид'));
      if (vid) values.set(vid, cleanText(childText(v, 'Значение')));
    }
    session.properties.set(id, { name: cleanText(childText(p, 'Наименование')), values });
  }
}

/** Name/value pairs of a Товар or Предложение: properties (GUIDs resolved), characteristics, requisites. */
function traits(node: XmlNode, session: CmlSession): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const v of childrenOf(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
    const prop = session.properties.get(cleanText(childText(v, 'Ид')));
    for (const val of childrenOf(v, 'Значение')) {
      const raw = cleanText(val.text);
      if (!raw) continue;
      out.push({ name: prop?.name ?? '', value: prop?.values.get(raw) ?? raw });
    }
  }
  for (const c of childrenOf(child(node, 'ХарактеристикиТовара'), 'ХарактеристикаТовара')) {
    out.push({ name: cleanText(childText(c, 'Наименование')), value: cleanText(childText(c, 'Значение')) });
  }
  for (const r of childrenOf(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    out.push({ name: cleanText(childText(r, 'Наименование')), value: cleanText(childText(r, 'Значение')) });
  }
  return out.filter((t) => t.name && t.value);
}

/** A picture path of the upload → an absolute path inside `baseDir` (nothing outside it), or a URL. */
function picturePath(raw: string, baseDir: string): string | undefined {
  const s = cleanText(raw);
  if (!s) return undefined;
  if (/^https?:\/\//i.test(s)) return s;
  const abs = path.resolve(baseDir, s.replace(/\\/g, '/').replace(/^\/+/, ''));
  return abs.startsWith(path.resolve(baseDir) + path.sep) ? abs : undefined;
}

/**
 * Imports one CommerceML file of an exchange.
 * @returns the report of this file.
 * @throws ImportError for malformed XML (naming the line; nothing written) or an unreadable file.
 */
export async function importCommerceMlFile(
  db: Db,
  file: string,
  session: CmlSession,
  opts: CmlImportOptions,
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('commerceml', path.basename(file));
  await checkXml(file);

  let partial = /^(prices|rests)/i.test(path.basename(file));
  const writer = new CatalogWriter(db, report, {
    ...opts,
    get partial() {
      return partial;
    },
  } as WriterOptions);
  for (const [id, g] of session.groups) writer.feedCategories.set(id, g);
  let processed = 0;
  let pending = new Map<string, ImportProduct>();
  let lastKey = '';
  const flush = async (keepLast: boolean) => {
    const keep = keepLast ? pending.get(lastKey) : undefined;
    if (keep) pending.delete(lastKey);
    processed += pending.size;
    await writer.writeBatch([...pending.values()]);
    opts.onProgress?.(processed);
    pending = new Map(keep ? [[lastKey, keep]] : []);
  };
  const known: ImportProduct[] = [];

  await readXml(file, {
    onOpen: (name, attrs) => {
      if (
        (name === 'Каталог' || name === 'ПакетПредложений' || name === 'ИзмененияПакетаПредложений') &&
        attrs['СодержитТолькоИзменения'] !== undefined
      ) {
        partial = attrs['СодержитТолькоИзменения'] === 'true';
      }
      if (name === 'ИзмененияПакетаПредложений') partial = true;
    },
    capture: (p) => {
      const last = p.at(-1);
      const parent = p.at(-2);
      return (
        last === 'Классификатор' ||
        (last === 'Товар' && parent === 'Товары' && p.includes('Каталог')) ||
        last === 'ТипыЦен' ||
        (last === 'Предложение' && parent === 'Предложения') ||
        (last === 'СодержитТолькоИзменения' && (parent === 'Каталог' || parent === 'ПакетПредложений'))
      );
    },
    onNode: async (node) => {
      if (node.name === 'СодержитТолькоИзменения') {
        partial = cleanText(node.text) === 'true';
        return;
      }
      if (node.name === 'Классификатор') {
        readGroups(child(node, 'Группы'), undefined, session.groups);
        readProperties(child(node, 'Свойства'), session);
        for (const [id, g] of session.groups) writer.feedCategories.set(id, g);
        if (child(node, 'ТипыЦен')) choosePriceType(child(node, 'ТипыЦен')!, session, opts.priceType);
        return;
      }
      if (node.name === 'ТипыЦен') {
        choosePriceType(node, session, opts.priceType);
        return;
      }
      if (node.name === 'Товар') {
        const id = productIdOf(cleanText(childText(node, 'Ид')));
        const name = cleanText(childText(node, 'Наименование'));
        if (!id) return writer.skip('(без Ид)', name, 'у товара нет Ид');
        if (/удал/i.test(node.attrs['Статус'] ?? '') || cleanText(childText(node, 'ПометкаУдаления')) === 'true') {
          return writer.skip(id, name, 'товар помечен в 1С на удаление');
        }
        const t = traits(node, session);
        const find = (test: (n: string) => boolean) => t.find((x) => test(x.name))?.value;
        const brand =
          cleanText(pathText(node, 'Изготовитель/Наименование')) ||
          find((n) => /^(бренд|марка|производитель|brand)/.test(normKey(n)));
        const pictures = childrenOf(node, 'Картинка')
          .map((p) => picturePath(p.text, opts.baseDir))
          .filter((p): p is string => !!p);
        const item: ImportProduct = {
          extId: id,
          ...(name || !partial ? { name } : {}),
          ...(child(node, 'Группы') ? { categoryExtId: cleanText(pathText(node, 'Группы/Ид')) } : {}),
          ...(child(node, 'Описание') || !partial
            ? { description: sanitizeDescription(childText(node, 'Описание')) }
            : {}),
          ...(brand || !partial ? { brand } : {}),
          ...(find(isMaterialName) ? { material: find(isMaterialName) } : {}),
          ...(find(isCompositionName) ? { composition: find(isCompositionName) } : {}),
          ...(find(isCountryName) ? { country: find(isCountryName) } : {}),
          ...(pictures.length || !partial ? { pictures } : {}),
          variants: [],
        };
        // Goods without characteristics may carry their size and colour as properties.
        const color = find(isColorName);
        const size = find(isSizeName);
        session.goods.set(id, Object.assign(item, { _color: color, _size: size }));
        known.push(item);
        if (known.length >= BATCH_PRODUCTS) await updateKnown(writer, known.splice(0));
        return;
      }
      // Предложение
      const offerId = cleanText(childText(node, 'Ид'));
      const productId = productIdOf(offerId);
      if (!offerId) return writer.skip('(без Ид)', childText(node, 'Наименование'), 'у предложения нет Ид');
      const good = session.goods.get(productId) as (ImportProduct & { _color?: string; _size?: string }) | undefined;
      const t = traits(node, session);
      const color = t.find((x) => isColorName(x.name))?.value ?? good?._color;
      const size = t.find((x) => isSizeName(x.name))?.value ?? good?._size;
      let price: number | undefined;
      let oldPrice: number | undefined;
      const prices = childrenOf(child(node, 'Цены'), 'Цена');
      if (prices.length) {
        const chosen =
          prices.find((p) => cleanText(childText(p, 'ИдТипаЦены')) === session.priceTypeId) ??
          (session.priceTypeId ? undefined : prices[0]);
        if (chosen) price = parseNumber(childText(chosen, 'ЦенаЗаЕдиницу'));
        const old = prices.find((p) => /стар|зачеркн|old/i.test(cleanText(childText(p, 'Представление'))));
        if (old) oldPrice = parseNumber(childText(old, 'ЦенаЗаЕдиницу'));
      }
      let stock = parseNumber(childText(node, 'Количество'));
      const rests = childrenOf(child(node, 'Остатки'), 'Остаток');
      if (rests.length) {
        stock = rests.reduce(
          (sum, r) => sum + (parseNumber(childText(r, 'Количество') ?? pathText(r, 'Склад/Количество')) ?? 0),
          0,
        );
      }
      const stores = childrenOf(node, 'Склад');
      if (stock === undefined && stores.length)
        stock = stores.reduce((sum, s) => sum + (parseNumber(s.attrs['КоличествоНаСкладе']) ?? 0), 0);
      if (stock === undefined && !partial) stock = 0;
      let product = pending.get(productId);
      if (!product) {
        product = good ? { ...good, variants: [] } : { extId: productId, variants: [] };
        pending.set(productId, product);
      }
      product.variants.push({
        extId: offerId,
        color,
        size,
        price,
        oldPrice: oldPrice !== undefined && price !== undefined && oldPrice > price ? oldPrice : undefined,
        stock: stock === undefined ? undefined : Math.max(0, stock),
      });
      lastKey = productId;
      if (pending.size >= BATCH_PRODUCTS) await flush(true);
    },
  });
  if (known.length) await updateKnown(writer, known);
  await flush(false);
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** Writes goods of import.xml that the shop already has (new ones wait for their offers). */
async function updateKnown(writer: CatalogWriter, items: ImportProduct[]) {
  await writer.writeBatch(items, { onlyExisting: true });
}

function choosePriceType(node: XmlNode, session: CmlSession, wanted: string) {
  const types = childrenOf(node, 'ТипЦены').map((t) => ({
    id: cleanText(childText(t, 'Ид')),
    name: cleanText(childText(t, 'Наименование')),
  }));
  const match = types.find((t) => normKey(t.name) === normKey(wanted)) ?? types[0];
  if (match?.id) session.priceTypeId = match.id;
}
