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

/** Param/property names that carry the size or the colour, compared by {@link normKey}. */
export const isSizeName = (name: string): boolean => /(^|[^\p{L}])(размер|size)($|[^\p{L}])/u.test(normKey(name));
export const isColorName = (name: string): boolean => /^(цвет|colou?r)($|[^\p{L}])/u.test(normKey(name));
export const isMaterialName = (name: string): boolean => /^(материал|material|ткань)/.test(normKey(name));
export const isCompositionName = (name: string): boolean => /^(состав|composition)/.test(normKey(name));
export const isCountryName = (name: string): boolean => /^(страна|country)/.test(normKey(name));
