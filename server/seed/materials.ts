/**
 * Materials of the demo catalogue: the `material` facet (spec §7 offers filter `materials`), the
 * "из льна" phrase of product names and the generator of `composition` strings that always sum
 * to 100 %.
 */
import type { Rng } from './prng';

export interface MaterialDef {
  /** Facet value stored in `products.material`. */
  material: string;
  /** Name phrase ("из льна"), empty when the material is not named in product names. */
  phrase: string;
  /** Main component and its percent range; the rest is split among `rest`. */
  main: [string, number, number];
  rest: string[];
  care: CareKey;
}

export type CareKey =
  'swim' | 'delicate' | 'cotton' | 'wool' | 'outer' | 'leather' | 'textile' | 'accessory' | 'jewelry' | 'lingerie';

const m = (
  material: string,
  phrase: string,
  main: [string, number, number],
  rest: string[],
  care: CareKey,
): MaterialDef => ({ material, phrase, main, rest, care });

/** Materials by key, referenced from templates.ts. */
export const MATERIALS = {
  swimPa: m('полиамид', '', ['полиамид', 72, 88], ['эластан'], 'swim'),
  swimPes: m('полиэстер', '', ['полиэстер', 76, 86], ['эластан'], 'swim'),
  swimEco: m('полиамид', 'из переработанного полиамида', ['переработанный полиамид', 78, 86], ['эластан'], 'swim'),
  swimRib: m('полиамид', 'из фактурного трикотажа', ['полиамид', 85, 92], ['эластан'], 'swim'),
  linen: m('лён', 'из льна', ['лён', 100, 100], [], 'delicate'),
  linenMix: m('лён', 'из льна', ['лён', 55, 70], ['вискоза'], 'delicate'),
  cotton: m('хлопок', 'из хлопка', ['хлопок', 100, 100], [], 'cotton'),
  cottonStretch: m('хлопок', 'из хлопка', ['хлопок', 92, 97], ['эластан'], 'cotton'),
  denim: m('хлопок', 'из денима', ['хлопок', 98, 99], ['эластан'], 'cotton'),
  viscose: m('вискоза', 'из вискозы', ['вискоза', 100, 100], [], 'delicate'),
  viscoseStretch: m('вискоза', 'из вискозы', ['вискоза', 93, 97], ['эластан'], 'delicate'),
  silk: m('шёлк', 'из шёлка', ['шёлк', 100, 100], [], 'delicate'),
  chiffon: m('полиэстер', 'из шифона', ['полиэстер', 100, 100], [], 'delicate'),
  wool: m('шерсть', 'из шерсти', ['шерсть', 50, 80], ['полиамид'], 'wool'),
  cashmere: m('кашемир', 'из кашемира', ['кашемир', 100, 100], [], 'wool'),
  knitBlend: m('вискоза', 'из мягкого трикотажа', ['вискоза', 45, 60], ['полиамид', 'полиэстер'], 'wool'),
  outerPes: m('полиэстер', '', ['полиэстер', 100, 100], [], 'outer'),
  outerWool: m('шерсть', 'из шерсти', ['шерсть', 60, 80], ['полиамид', 'кашемир'], 'outer'),
  outerCotton: m('хлопок', 'из хлопка', ['хлопок', 65, 100], ['полиэстер'], 'outer'),
  leather: m('кожа', 'из натуральной кожи', ['натуральная кожа', 100, 100], [], 'leather'),
  suede: m('замша', 'из замши', ['натуральная замша', 100, 100], [], 'leather'),
  ecoLeather: m('экокожа', 'из экокожи', ['полиуретан', 100, 100], [], 'leather'),
  textile: m('текстиль', 'из текстиля', ['текстиль', 100, 100], [], 'textile'),
  rubber: m('резина', '', ['термопластичная резина', 100, 100], [], 'textile'),
  straw: m('солома', 'из соломки', ['бумажная солома', 100, 100], [], 'accessory'),
  raffia: m('рафия', 'из рафии', ['рафия', 100, 100], [], 'accessory'),
  canvas: m('хлопок', 'из хлопка', ['хлопок', 100, 100], [], 'accessory'),
  acetate: m('ацетат', '', ['ацетат целлюлозы', 100, 100], [], 'accessory'),
  metal: m('металл', '', ['металл', 100, 100], [], 'accessory'),
  brass: m('латунь', 'из латуни', ['латунь', 100, 100], [], 'jewelry'),
  silver: m('серебро', 'из серебра', ['серебро 925 пробы', 100, 100], [], 'jewelry'),
  lace: m('полиамид', '', ['полиамид', 82, 90], ['эластан'], 'lingerie'),
  microfiber: m('полиамид', '', ['полиамид', 76, 84], ['эластан'], 'lingerie'),
  modal: m('модал', 'из модала', ['модал', 90, 95], ['эластан'], 'lingerie'),
  cottonUnder: m('хлопок', 'из хлопка', ['хлопок', 92, 96], ['эластан'], 'lingerie'),
  satin: m('вискоза', 'из сатина', ['вискоза', 95, 100], ['эластан'], 'delicate'),
} satisfies Record<string, MaterialDef>;

export type MaterialKey = keyof typeof MATERIALS;

/** Care notes by care key (Russian, shown on the product page). */
export const CARE: Record<CareKey, string> = {
  swim: 'Ручная стирка при температуре до 30 °C. После купания в море или бассейне промойте изделие пресной водой. Не отбеливать, не отжимать, сушить в расправленном виде в тени.',
  delicate:
    'Деликатная стирка при 30 °C. Гладить с изнанки при средней температуре. Не отбеливать, не сушить в барабане.',
  cotton: 'Стирка при 40 °C с вещами похожих цветов. Гладить при средней температуре. Не отбеливать.',
  wool: 'Ручная стирка при 30 °C или химчистка. Сушить в горизонтальном положении, не отжимать и не выкручивать.',
  outer: 'Бережная стирка при 30 °C или профессиональная химчистка. Не отбеливать, гладить при низкой температуре.',
  leather:
    'Протирайте влажной салфеткой и регулярно обрабатывайте средством для кожи. Сушить вдали от отопительных приборов.',
  textile: 'Очищать мягкой щёткой, при необходимости — ручная стирка при 30 °C. Сушить при комнатной температуре.',
  accessory: 'Протирать сухой мягкой тканью. Хранить в пыльнике, беречь от влаги и прямых солнечных лучей.',
  jewelry: 'Избегайте контакта с водой, парфюмом и косметикой. Храните украшение в отдельном мешочке.',
  lingerie:
    'Ручная или деликатная стирка при 30 °C в мешке для белья. Не отбеливать, не гладить, не сушить в барабане.',
};

/**
 * A composition string like "80% полиамид, 20% эластан"; the percents are integers summing to
 * exactly 100.
 */
export function makeComposition(def: MaterialDef, rng: Rng): string {
  const [name, lo, hi] = def.main;
  const main = def.rest.length === 0 ? 100 : rng.int(lo, Math.min(hi, 99));
  const parts: string[] = [`${main}% ${name}`];
  let left = 100 - main;
  def.rest.forEach((other, i) => {
    if (left <= 0) return;
    const last = i === def.rest.length - 1;
    const pct = last ? left : Math.max(1, Math.round(left * (0.5 + rng.next() * 0.4)));
    parts.push(`${pct}% ${other}`);
    left -= pct;
  });
  return parts.join(', ');
}
