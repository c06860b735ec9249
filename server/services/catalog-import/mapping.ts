/**
 * Mapping of feed categories onto the shop's tree and of product names onto product types
 * (issue #15: "groups → categories (a configurable mapping onto the 7 sections)"; spec §2
 * "Catalogue sections": aksessuary, bele, detskoe, kupalniki, muzhskoe, obuv, odezhda).
 *
 * A feed category goes, in this order:
 * 1. where `IMPORT_CATEGORY_MAP` sends it or its nearest mapped ancestor ("Купальники=kupalniki;
 *    Мужское=muzhskoe/odezhda": feed category name = shop category path);
 * 2. else into the section its own or an ancestor's name suggests (SECTION_WORDS);
 * 3. else into `IMPORT_DEFAULT_SECTION`.
 * Inside the section it joins the shop's category of the same name, or becomes a new category
 * (level 2 under the section, level 3 under a new level 2), with the feed's id as `ext_id`.
 */
import { normKey } from './text';
import type { ProductType } from '../../db/schema';

/** The seven sections (spec §2). */
export const SECTIONS = ['kupalniki', 'odezhda', 'obuv', 'aksessuary', 'bele', 'detskoe', 'muzhskoe'] as const;
export type Section = (typeof SECTIONS)[number];

/** Word stems that send a category name to a section, checked in this order (children and men first). */
const SECTION_WORDS: [Section, RegExp][] = [
  ['detskoe', /дет|девоч|мальчик|малыш|kids|child/],
  ['muzhskoe', /муж|\bmen\b|\bman\b/],
  ['kupalniki', /купальн|бикини|танкини|монокини|swim|пляж/],
  ['bele', /бель|бюстгальт|трус|пижам|сорочк|lingerie|халат/],
  ['obuv', /обув|туфл|кроссов|кед|сандал|босонож|сапог|ботин|shoe|сабо|шлепан|лофер/],
  ['aksessuary', /аксессуар|сумк|очки|шляп|панам|кепк|ремн|ремен|шарф|платок|украш|бижут|серьг|колье|браслет/],
  ['odezhda', /одежд|плать|юбк|брюк|джинс|блуз|рубаш|футбол|куртк|пальто|свитер|джемпер|кардиган|топ/],
];

/**
 * Parses IMPORT_CATEGORY_MAP: `name=path` pairs separated by `;` or newlines → normalised name →
 * path. Malformed pairs are ignored.
 */
export function parseCategoryMap(value: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of value.split(/[;\n]/)) {
    const eq = pair.lastIndexOf('=');
    if (eq <= 0) continue;
    const name = normKey(pair.slice(0, eq));
    const path = pair
      .slice(eq + 1)
      .trim()
      .replace(/^\/+|\/+$/g, '');
    if (name && path) map.set(name, path);
  }
  return map;
}

/** The section a chain of category names (the category first, then its ancestors) suggests, or undefined. */
export function sectionByWords(names: readonly string[]): Section | undefined {
  for (const name of names) {
    const key = normKey(name);
    for (const [section, re] of SECTION_WORDS) if (re.test(key)) return section;
  }
  return undefined;
}

/** Product types by word stems of the product's name and category names, first match wins. */
const TYPE_WORDS: [RegExp, ProductType][] = [
  [/плавк|шорты для плав/, 'panties'],
  [/танкини|бикини|раздельн/, 'swimsuit-separate'],
  [/купальн|монокини/, 'swimsuit-one-piece'],
  [/парео|туник|пляж/, 'beachwear'],
  [/плать|сарафан/, 'dress'],
  [/юбк/, 'skirt'],
  [/брюк|джинс|шорты|легинс/, 'trousers'],
  [/куртк|пальто|плащ|пуховик|жилет|тренч/, 'outerwear'],
  [/свитер|джемпер|кардиган|трикотаж|водолаз/, 'knitwear'],
  [/блуз|рубаш|топ|футбол|майк|лонгслив/, 'top'],
  [/сандал|босонож|шлепан|сабо/, 'sandals'],
  [/сапог|ботин|ботильон/, 'boots'],
  [/туфл|кроссов|кед|лофер|балетк|мокасин|обув/, 'shoes'],
  [/сумк|рюкзак|клатч/, 'bag'],
  [/шляп|панам|кепк|бейсболк|шапк/, 'hat'],
  [/очки/, 'sunglasses'],
  [/серьг|колье|браслет|кольц|украш|бижут/, 'jewelry'],
  [/ремен|ремн|пояс/, 'belt'],
  [/шарф|платок|палантин/, 'scarf'],
  [/бюстгальт|(^|\s)бра($|\s)/, 'bra'],
  [/трус/, 'panties'],
  [/пижам|сорочк|халат/, 'sleepwear'],
];

/** What a section's goods are when the words say nothing. */
const SECTION_TYPE: Record<Section, ProductType> = {
  kupalniki: 'swimsuit-one-piece',
  odezhda: 'top',
  obuv: 'shoes',
  aksessuary: 'bag',
  bele: 'bra',
  detskoe: 'kids-clothing',
  muzhskoe: 'men-tshirt',
};

/**
 * A product's type (decides its size kind and placeholder silhouette) from its name, its category
 * names and its section.
 */
export function productTypeFor(section: string, texts: readonly string[]): ProductType {
  const key = normKey(texts.join(' '));
  if (section === 'detskoe') {
    if (/купальн|плавк/.test(key)) return 'kids-swimwear';
    if (/обув|туфл|кроссов|сандал|сапог|ботин/.test(key)) return 'kids-shoes';
    return 'kids-clothing';
  }
  if (section === 'muzhskoe') {
    if (/плав|шорт/.test(key)) return 'men-swim-shorts';
    if (/рубаш/.test(key)) return 'men-shirt';
    if (/брюк|джинс/.test(key)) return 'men-trousers';
    if (/куртк|пальто|пуховик/.test(key)) return 'men-outerwear';
    if (/обув|туфл|кроссов|ботин|сандал/.test(key)) return 'men-shoes';
    if (/сумк|ремен|ремн|очки|кепк|аксессуар/.test(key)) return 'men-accessory';
    return 'men-tshirt';
  }
  for (const [re, type] of TYPE_WORDS) if (re.test(key)) return type;
  return SECTION_TYPE[section as Section] ?? 'top';
}

/** The size shown for goods whose feed names no size (the demo catalogue's one-size name). */
export const ONE_SIZE = 'ONE SIZE';

/** Property/param names that carry the size or the colour, compared by {@link normKey}. */
export const isSizeName = (name: string): boolean => /(^|[^\p{L}])(размер|size)($|[^\p{L}])/u.test(normKey(name));
export const isColorName = (name: string): boolean => /^(цвет|colou?r)($|[^\p{L}])/u.test(normKey(name));
export const isMaterialName = (name: string): boolean => /^(материал|material|ткань)/.test(normKey(name));
export const isCompositionName = (name: string): boolean => /^(состав|composition)/.test(normKey(name));
export const isCountryName = (name: string): boolean => /^(страна|country)/.test(normKey(name));
export const isBrandName = (name: string): boolean => /^(бренд|марка|торговая марка|brand)/.test(normKey(name));
export const isArticleName = (name: string): boolean => /^(артикул|article|vendor ?code|sku)$/.test(normKey(name));

/** What a property or param means to the shop (issue #28 "decided by a mapping … the owner can override"). */
export const PROPERTY_ROLES = ['color', 'size', 'material', 'composition', 'country', 'brand', 'article'] as const;
export type PropertyRole = (typeof PROPERTY_ROLES)[number];

const DEFAULT_ROLE_TEST: Record<PropertyRole, (name: string) => boolean> = {
  color: isColorName,
  size: isSizeName,
  material: isMaterialName,
  composition: isCompositionName,
  country: isCountryName,
  brand: isBrandName,
  article: isArticleName,
};

/**
 * The roles of property names: IMPORT_PROPERTY_MAP (`color=Цвет для сайта;size=Размер одежды`)
 * names a role's property exactly (any case); a role it does not name goes by the default names.
 * @returns name → role test, and `roleOf(name)`: the first role a property name has, or undefined.
 */
export function propertyRoles(map: string): {
  is: (role: PropertyRole, name: string) => boolean;
  roleOf: (name: string) => PropertyRole | undefined;
} {
  const named = new Map<PropertyRole, Set<string>>();
  for (const pair of map.split(/[;\n]/)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const role = pair.slice(0, eq).trim() as PropertyRole;
    if (!PROPERTY_ROLES.includes(role)) continue;
    const set = named.get(role) ?? new Set<string>();
    set.add(normKey(pair.slice(eq + 1)));
    named.set(role, set);
  }
  const is = (role: PropertyRole, name: string) => {
    const own = named.get(role);
    return own ? own.has(normKey(name)) : DEFAULT_ROLE_TEST[role](name);
  };
  // A name the owner gave to one role is not also read by another role's defaults.
  const claimed = new Set([...named.values()].flatMap((s) => [...s]));
  const roleOf = (name: string) => {
    const key = normKey(name);
    for (const role of PROPERTY_ROLES) {
      const own = named.get(role);
      if (own ? own.has(key) : !claimed.has(key) && DEFAULT_ROLE_TEST[role](name)) return role;
    }
    return undefined;
  };
  return { is, roleOf };
}

/**
 * Whether a property value is an identifier rather than a word a shopper can read: a GUID (1C
 * `ИдЗначения`, also "guid#guid"), a long hex or digit code, or for colours any value without a
 * letter (issue #28: «a property whose values are all identifiers is not a colour»).
 */
export function looksLikeIdentifier(value: string, role?: PropertyRole): boolean {
  const v = value.trim();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(#[0-9a-f-]+)?$/i.test(v)) return true;
  if (/^[0-9a-f]{8}-?[0-9a-f]{4}-?/i.test(v) && !/\s/.test(v) && v.length >= 20) return true;
  if (/^[0-9a-f]{16,}$/i.test(v)) return true;
  if (role === 'color' && !/\p{L}/u.test(v)) return true;
  return false;
}

/**
 * Vendor names that never are a brand (issue #28: «a vendor that is a placeholder or a legal
 * name is not a brand»): feed placeholders, plus the owner's IMPORT_NOT_BRANDS.
 */
const PLACEHOLDER_VENDORS = [
  'название',
  'бренд',
  'brand',
  'vendor',
  'производитель',
  'без бренда',
  'нет бренда',
  'нет',
  'не указан',
  'не указано',
  'noname',
  'no name',
  'no brand',
  'unknown',
  'другое',
  'другой',
  'прочее',
  '-',
  '—',
];
/** Legal forms of Russian organisations and sole traders (ИП Давыдова В.И., ООО «Мода»). */
const LEGAL_NAME =
  /^(ип|ооо|оао|зао|пао|ао|нко|чп|тоо|индивидуальный предприниматель|общество с ограниченной ответственностью)(\s|$|["«])/;

/** Builds the test "is this vendor not a brand" from IMPORT_NOT_BRANDS (`;`-separated names). */
export function notBrandTest(extra: string): (vendor: string) => boolean {
  const names = new Set([...PLACEHOLDER_VENDORS, ...extra.split(/[;\n]/).map(brandKey)].filter(Boolean));
  return (vendor) => {
    const key = normKey(vendor);
    return !key || names.has(key) || names.has(brandKey(vendor)) || LEGAL_NAME.test(key);
  };
}

/** The key brands are matched by: case, ё, punctuation and spaces ignored («ИП Давыдова В.И.» = «ип давыдова ви»). */
export function brandKey(name: string): string {
  return normKey(name).replace(/[\s.,«»"'`’()-]+/g, '');
}

/** Colour words (stems) → swatch colour for colours the demo palette does not have. */
const COLOR_HEX: [RegExp, string][] = [
  [/черн/, '#1c1c1e'],
  [/бел(ый|ая|ое|ые|$)|^бел/, '#f7f5f0'],
  [/молочн|айвори|ivory|кремов|сливочн|топлен/, '#f3eee1'],
  [/бордо|бордов|винн|марсала/, '#7b1e3a'],
  [/малинов|фукси/, '#c2185b'],
  [/красн/, '#c8102e'],
  [/темно-син|темно син|navy|индиго/, '#1b2a52'],
  [/син/, '#1f3a93'],
  [/бирюз/, '#30b5b0'],
  [/голуб/, '#6ec6e8'],
  [/мят/, '#98d8c1'],
  [/изумруд/, '#1a7a5a'],
  [/оливк|хаки/, '#6b6b3a'],
  [/зелен/, '#2e8b57'],
  [/песочн|бежев|капучино|нюд/, '#d8c3a5'],
  [/пудр|персик/, '#efc3b3'],
  [/розов/, '#f4a6c0'],
  [/горчичн/, '#d4a017'],
  [/желт/, '#f5c518'],
  [/терракот|кирпичн/, '#c0623d'],
  [/оранж/, '#f57c2b'],
  [/лаванд|сирен/, '#b9a5d6'],
  [/фиолет/, '#7b4fa0'],
  [/шоколад/, '#5a3825'],
  [/коричн/, '#7a4b2a'],
  [/графит/, '#41424a'],
  [/сер/, '#9a9a9e'],
  [/золот/, '#d4af37'],
  [/серебр/, '#c0c0c0'],
  [/леопард/, '#c8964f'],
];

/** Swatch colour "#rrggbb" of a colour name («Тёмно-синий» → navy), grey when no word is known. */
export function colorHex(name: string): string {
  const key = normKey(name);
  return COLOR_HEX.find(([re]) => re.test(key))?.[1] ?? '#9a9a9e';
}
