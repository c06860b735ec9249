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
 * Issue #29: a Товар's `СтавкиНалогов` (НДС) or requisite «СтавкаНДС» → the VAT rate; a property or
 * requisite «Маркировка» / «ВидМаркировки» / «ОсобенностьУчета» → mandatory marking (tax.ts). Files
 * that do not name them (offers, prices, stock) keep what the product has.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { importProperties, importPropertyValues } from '../../db/schema';
import { looksLikeIdentifier, propertyRoles, type PropertyRole } from './mapping';
import { isMarkedValue, isMarkingProperty, parseVatRate, VatNotes, type VatReading } from './tax';
import { cleanText, normKey, parseNumber, sanitizeDescription } from './text';
import { emptyReport, type ImportCategory, type ImportProduct, type ImportReport } from './types';
import { BATCH_PRODUCTS, CatalogWriter, type WriterOptions } from './writer';
import { checkXml, child, childrenOf, childText, pathText, readXml, type XmlNode } from './xml';
import type { Db } from '../../db/client';

/**
 * What one exchange has learned from its earlier files (classifier, goods waiting for offers), on
 * top of the dictionary earlier exchanges stored (issue #28: the classifier «may come in another
 * file of the same exchange or in an earlier exchange»).
 */
export interface CmlSession {
  groups: Map<string, ImportCategory>;
  /** Property Ид → its name. */
  properties: Map<string, string>;
  /** Value Ид (`ИдЗначения`) → its text, whatever property it was listed under. */
  values: Map<string, string>;
  /** Whether the stored dictionary (import_properties, import_property_values) has been read in. */
  dictionaryLoaded: boolean;
  /** Goods of import.xml by Ид (without variants). */
  goods: Map<string, ImportProduct>;
  /**
   * Colour and size of offers named by an earlier file of this exchange (offers.xml), for the
   * prices and stock files that name the offer alone.
   */
  offerTraits: Map<string, { color?: string; size?: string }>;
  /** Price type Ид chosen (IMPORT_PRICE_TYPE), once a ТипыЦен is read. */
  priceTypeId?: string;
}

/** A new, empty session. */
export const newCmlSession = (): CmlSession => ({
  groups: new Map(),
  properties: new Map(),
  values: new Map(),
  dictionaryLoaded: false,
  goods: new Map(),
  offerTraits: new Map(),
});

/** Reads the dictionary stored by earlier exchanges into the session (once per session). */
async function loadDictionary(db: Db, session: CmlSession): Promise<void> {
  if (session.dictionaryLoaded) return;
  session.dictionaryLoaded = true;
  for (const p of await db
    .select({ extId: importProperties.extId, name: importProperties.name })
    .from(importProperties))
    if (!session.properties.has(p.extId)) session.properties.set(p.extId, p.name);
  for (const v of await db
    .select({ extId: importPropertyValues.extId, value: importPropertyValues.value })
    .from(importPropertyValues))
    if (!session.values.has(v.extId)) session.values.set(v.extId, v.value);
}

/** Stores a classifier's properties and values for later exchanges (upsert; unchanged rows untouched). */
async function storeDictionary(
  db: Db,
  props: { extId: string; name: string }[],
  values: { extId: string; propertyExtId: string; value: string }[],
): Promise<void> {
  const col = <T, K extends keyof T>(list: T[], k: K) => sql.param(list.map((r) => r[k]));
  for (let i = 0; i < props.length; i += 5000) {
    const part = props.slice(i, i + 5000);
    await db.execute(sql`
      insert into import_properties (ext_id, name)
      select * from unnest(${col(part, 'extId')}::text[], ${col(part, 'name')}::text[])
      on conflict (ext_id) do update set name = excluded.name, updated_at = now()
      where import_properties.name is distinct from excluded.name`);
  }
  for (let i = 0; i < values.length; i += 5000) {
    const part = values.slice(i, i + 5000);
    await db.execute(sql`
      insert into import_property_values (ext_id, property_ext_id, value)
      select * from unnest(${col(part, 'extId')}::text[], ${col(part, 'propertyExtId')}::text[], ${col(part, 'value')}::text[])
      on conflict (ext_id) do update set property_ext_id = excluded.property_ext_id, value = excluded.value, updated_at = now()
      where (import_property_values.property_ext_id, import_property_values.value)
        is distinct from (excluded.property_ext_id, excluded.value)`);
  }
}

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

/** Reads `Свойства` into the session; returns what to store. */
function readProperties(node: XmlNode | undefined, session: CmlSession) {
  const props: { extId: string; name: string }[] = [];
  const values: { extId: string; propertyExtId: string; value: string }[] = [];
  for (const p of childrenOf(node, 'Свойство')) {
    const id = cleanText(childText(p, 'Ид'));
    if (!id) continue;
    const name = cleanText(childText(p, 'Наименование'));
    session.properties.set(id, name);
    props.push({ extId: id, name });
    for (const v of [
      ...childrenOf(child(p, 'ВариантыЗначений'), 'Справочник'),
      ...childrenOf(child(p, 'ВариантыЗначений'), 'ВариантЗначения'),
    ]) {
      const vid = cleanText(childText(v, 'ИдЗначения') ?? childText(v, 'Ид'));
      if (!vid) continue;
      const value = cleanText(childText(v, 'Значение'));
      session.values.set(vid, value);
      values.push({ extId: vid, propertyExtId: id, value });
    }
  }
  return { props, values };
}

/** A name/value pair of a Товар or Предложение with the role its property plays. */
interface Trait {
  name: string;
  value: string;
  role: PropertyRole | undefined;
}

/**
 * Collects property values that could not be resolved (issue #28: «What cannot be resolved is left
 * out and reported, never shown»), one note per property for the report.
 */
class Unresolved {
  private readonly byProperty = new Map<string, { count: number; example: string }>();
  add(property: string, value: string) {
    const entry = this.byProperty.get(property) ?? { count: 0, example: value };
    entry.count++;
    this.byProperty.set(property, entry);
  }
  notes(): string[] {
    return [...this.byProperty].map(
      ([property, { count, example }]) =>
        `Свойство «${property}»: ${count} знач. не найдено в классификаторе 1С (например, ${example}) — не показаны покупателям`,
    );
  }
}

/**
 * Name/value pairs of a Товар or Предложение: properties (references resolved through the
 * classifier by the value's own Ид, whatever property it sits under), characteristics,
 * requisites. An identifier that resolves to nothing is left out and counted in `unresolved`.
 */
function traits(
  node: XmlNode,
  session: CmlSession,
  roles: ReturnType<typeof propertyRoles>,
  unresolved: Unresolved,
): Trait[] {
  const out: Trait[] = [];
  const push = (name: string, raw: string, propertyId?: string) => {
    const role = name ? roles.roleOf(name) : undefined;
    const resolved = session.values.get(raw);
    if (resolved !== undefined) {
      if (name) out.push({ name, value: resolved, role });
      return;
    }
    if (looksLikeIdentifier(raw, role)) {
      unresolved.add(name || `с Ид ${propertyId ?? '?'}`, raw);
      return;
    }
    if (name) out.push({ name, value: raw, role });
  };
  for (const v of childrenOf(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
    const propertyId = cleanText(childText(v, 'Ид'));
    const name = session.properties.get(propertyId) ?? cleanText(childText(v, 'Наименование'));
    const given = childrenOf(v, 'Значение');
    // A property named with an empty value still tells that the size is missing (reported, not invented).
    if (!given.some((val) => cleanText(val.text)) && name && roles.is('size', name))
      out.push({ name, value: '', role: 'size' });
    for (const val of given) {
      const raw = cleanText(val.text);
      if (raw) push(name, raw, propertyId);
    }
  }
  for (const c of childrenOf(child(node, 'ХарактеристикиТовара'), 'ХарактеристикаТовара')) {
    const name = cleanText(childText(c, 'Наименование'));
    const raw = cleanText(childText(c, 'Значение'));
    if (raw) push(name, raw);
    else if (name && roles.is('size', name)) out.push({ name, value: '', role: 'size' });
  }
  for (const r of childrenOf(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    const raw = cleanText(childText(r, 'Значение'));
    if (raw) push(cleanText(childText(r, 'Наименование')), raw);
  }
  return out;
}

/** The value of the first trait with `role` and a value. */
const roleValue = (list: Trait[], role: PropertyRole): string | undefined =>
  list.find((t) => t.role === role && t.value)?.value;
/** The size of a trait list: its value, '' when a size property is named without a value, or undefined. */
const sizeOf = (list: Trait[]): string | undefined =>
  roleValue(list, 'size') ?? (list.some((t) => t.role === 'size') ? '' : undefined);

/**
 * The VAT rate a Товар or Предложение names: `СтавкиНалогов/СтавкаНалога` whose Наименование is
 * НДС (or missing), else a requisite or property «СтавкаНДС» / «Ставка НДС» / «НДС».
 */
function vatOf(node: XmlNode, list: Trait[]): VatReading | undefined {
  for (const rate of childrenOf(child(node, 'СтавкиНалогов'), 'СтавкаНалога')) {
    const tax = normKey(childText(rate, 'Наименование'));
    if (tax && !/ндс|vat|добавленн/.test(tax)) continue; // акциз and other taxes
    const reading = parseVatRate(childText(rate, 'Ставка'));
    if (reading) return reading;
  }
  const named = list.find((t) => /^ставка ?(ндс|налога)$|^ндс$/.test(normKey(t.name)));
  return named ? parseVatRate(named.value) : undefined;
}

/** Mandatory marking as the traits say it: true/false when a marking property is named, else undefined. */
function markingOf(list: Trait[]): boolean | undefined {
  const named = list.filter((t) => isMarkingProperty(t.name));
  return named.length ? named.some((t) => isMarkedValue(t.value)) : undefined;
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
  await loadDictionary(db, session);
  const roles = propertyRoles(opts.propertyMap ?? '');
  const unresolved = new Unresolved();
  const vatNotes = new VatNotes(['товар', 'товара', 'товаров'], 'в 1С');

  let partial = /^(prices|rests)/i.test(path.basename(file));
  const writer = new CatalogWriter(db, report, {
    ...opts,
    deferUnpriced: true,
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
  // Offers of the package itself, not those a discount (Скидки) or another section lists.
  const isPackage = (name: string | undefined) => name === 'ПакетПредложений' || name === 'ИзмененияПакетаПредложений';

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
        (last === 'Предложение' && parent === 'Предложения' && isPackage(p.at(-3))) ||
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
        const { props, values } = readProperties(child(node, 'Свойства'), session);
        await storeDictionary(db, props, values);
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
        if (!id) return writer.skip('(без Ид)', name, 'у товара нет Ид', 0);
        if (/удал/i.test(node.attrs['Статус'] ?? '') || cleanText(childText(node, 'ПометкаУдаления')) === 'true') {
          return writer.skip(id, name, 'товар помечен в 1С на удаление', 0);
        }
        const t = traits(node, session, roles, unresolved);
        const brand = cleanText(pathText(node, 'Изготовитель/Наименование')) || roleValue(t, 'brand');
        const article = cleanText(childText(node, 'Артикул')) || roleValue(t, 'article');
        const pictures = childrenOf(node, 'Картинка')
          .map((p) => picturePath(p.text, opts.baseDir))
          .filter((p): p is string => !!p);
        const material = roleValue(t, 'material');
        const composition = roleValue(t, 'composition');
        const country = roleValue(t, 'country');
        const vatRate = vatNotes.take(vatOf(node, t), name ? `«${name}»` : id, id);
        const marking = markingOf(t);
        const item: ImportProduct = {
          extId: id,
          ...(name || !partial ? { name } : {}),
          ...(child(node, 'Группы') ? { categoryExtId: cleanText(pathText(node, 'Группы/Ид')) } : {}),
          ...(child(node, 'Описание') || !partial
            ? { description: sanitizeDescription(childText(node, 'Описание')) }
            : {}),
          ...(brand || !partial ? { brand } : {}),
          ...(article || !partial ? { article: article ?? '' } : {}),
          ...(material ? { material } : {}),
          ...(composition ? { composition } : {}),
          ...(country ? { country } : {}),
          ...(pictures.length || !partial ? { pictures } : {}),
          ...(vatRate !== undefined ? { vatRate } : {}),
          // A full catalogue that names no marking property says the goods are not marked.
          ...(marking !== undefined || !partial ? { markingRequired: marking ?? false } : {}),
          variants: [],
        };
        // Goods without characteristics may carry their size and colour as properties.
        session.goods.set(id, Object.assign(item, { _color: roleValue(t, 'color'), _size: sizeOf(t) }));
        known.push(item);
        if (known.length >= BATCH_PRODUCTS) await updateKnown(writer, known.splice(0));
        return;
      }
      // Предложение
      const offerId = cleanText(childText(node, 'Ид'));
      const productId = productIdOf(offerId);
      report.offers++;
      if (!offerId) return writer.skip('(без Ид)', childText(node, 'Наименование'), 'у предложения нет Ид');
      const good = session.goods.get(productId) as (ImportProduct & { _color?: string; _size?: string }) | undefined;
      const t = traits(node, session, roles, unresolved);
      const named = child(node, 'ЗначенияСвойств') || child(node, 'ХарактеристикиТовара');
      const earlier = named ? undefined : session.offerTraits.get(offerId);
      const color = roleValue(t, 'color') ?? earlier?.color ?? good?._color;
      const own = sizeOf(t) ?? earlier?.size;
      const size = own || good?._size || (own ?? good?._size);
      if (named) session.offerTraits.set(offerId, { color, size });
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
      let product = pending.get(productId);
      if (!product) {
        product = good ? { ...good, variants: [] } : { extId: productId, variants: [] };
        pending.set(productId, product);
      }
      // Some configurations name the rate or the marking on the offer.
      if (product.vatRate === undefined) {
        const vatRate = vatNotes.take(vatOf(node, t), good?.name ? `«${good.name}»` : productId, productId);
        if (vatRate !== undefined) product.vatRate = vatRate;
      }
      if (markingOf(t)) product.markingRequired = true;
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
  report.notes.push(...unresolved.notes(), ...vatNotes.notes());
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
