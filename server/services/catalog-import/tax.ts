/**
 * What a 54-ФЗ receipt needs from the catalogue (issue #29), read from the retailer's feeds:
 * - the VAT rate of a product (`products.vat_rate`, null = the shop default `SHOP_VAT_RATE`):
 *   1C `СтавкиНалогов/СтавкаНалога` named «НДС» or a requisite «СтавкаНДС»; YML `<vat>` of an
 *   offer or of the whole `<shop>`. Since 1 January 2026 the standard rate is 22 %: a source still
 *   sending 20 % is out of date, its goods get 22 % and the report says so. Values the shop cannot
 *   read are reported and leave the product at the shop default.
 * - whether the goods are under mandatory marking (Честный ЗНАК; `products.marking_required`):
 *   a property or requisite named like «Маркировка», «Обязательная маркировка», «ВидМаркировки»,
 *   «ОсобенностьУчета», or a shop category listed in IMPORT_MARKING_CATEGORIES.
 */
import { formatCount } from '../../../lib/format/plural';
import { cleanText, normKey } from './text';
import type { VAT_RATES } from '../payments/receipt';

/** A VAT rate of goods as `products.vat_rate` stores it. */
export type GoodsVatRate = (typeof VAT_RATES)[number];

/**
 * A rate read from a feed: a known one (`outdated`: the feed said 20 %, replaced by 22 %), or
 * `null` with the value as written when the shop does not know it.
 */
export type VatReading = { rate: GoodsVatRate; outdated?: true } | { rate: null; unknown: string };

const BY_PERCENT: Record<string, GoodsVatRate> = { '0': '0', '5': '5', '7': '7', '10': '10', '22': '22' };

/**
 * Reads a VAT rate as 1C and people write it: «22», «22%», «НДС 10%», «Без НДС», «Без налога»,
 * «10/110» (a calculated rate: the goods' own rate is its first number), «VAT_10».
 * @returns the reading, or undefined for an empty value.
 */
export function parseVatRate(raw: string | undefined | null): VatReading | undefined {
  const shown = cleanText(raw);
  const key = normKey(shown);
  if (!key) return undefined;
  if (/^(без|освобожд|no[ _]?vat$|none$|нет$)/.test(key) || /не ?облага|без (ндс|налога)/.test(key))
    return { rate: 'none' };
  const s = key
    .replace(/ндс|vat|%/g, ' ')
    .replace(/[\s_/]+/g, '/')
    .replace(/^\/|\/$/g, '');
  const m = /^(\d+(?:[.,]\d+)?)(?:\/(\d+))?$/.exec(s);
  if (!m) return { rate: null, unknown: shown };
  const percent = Number(m[1]!.replace(',', '.'));
  if (m[2] !== undefined && Number(m[2]) !== 100 + percent) return { rate: null, unknown: shown };
  if (percent === 20) return { rate: '22', outdated: true };
  const rate = BY_PERCENT[String(percent)];
  return rate ? { rate } : { rate: null, unknown: shown };
}

/**
 * Yandex Market's numeric codes of `<vat>` (partner help «vat»): 1 = 18 %, 2 = 10 %, 3 = 18/118,
 * 4 = 10/110, 5 = 0 %, 6 = без НДС, 7 = 20 %.
 */
const YML_CODES: Record<string, string> = {
  '1': 'VAT_18',
  '2': 'VAT_10',
  '3': 'VAT_18_118',
  '4': 'VAT_10_110',
  '5': 'VAT_0',
  '6': 'NO_VAT',
  '7': 'VAT_20',
};

/**
 * Reads a YML `<vat>`: `NO_VAT`, `VAT_0`, `VAT_05`, `VAT_07`, `VAT_10`, `VAT_10_110`, `VAT_20`,
 * `VAT_20_120`, `VAT_22` (any case) or Yandex's numeric code (1–7). The rates 18 % and 18/118 are
 * long gone and are reported as unknown.
 * @returns the reading, or undefined for an empty value.
 */
export function parseYmlVat(raw: string | undefined | null): VatReading | undefined {
  const shown = cleanText(raw);
  if (!shown) return undefined;
  const code = YML_CODES[shown];
  if (code) {
    const reading = parseVatRate(code);
    return reading?.rate === null ? { rate: null, unknown: shown } : reading;
  }
  // A bare number in a YML feed is a code, never a percent: 10 or 20 are not codes.
  if (/^\d+$/.test(shown)) return { rate: null, unknown: shown };
  return parseVatRate(shown);
}

/** Whether a property or requisite of a feed says something about mandatory marking. */
export function isMarkingProperty(name: string | undefined | null): boolean {
  return /маркир|честн\S* знак|особенност\S* ?учета/.test(normKey(name));
}

/**
 * Whether the value of a marking property means «under mandatory marking»: «да», «true»,
 * «Обязательная», or a kind of marked goods («Обувь», «Легпром», «Обувные товары»). Empty values
 * and «нет», «false», «0», «Не подлежит», «Без маркировки», «Без особенностей учета» do not.
 */
export function isMarkedValue(raw: string | undefined | null): boolean {
  const key = normKey(raw);
  if (!key) return false;
  return !/^(нет|no|none|false|0|-|—|–)$|^(не |нет |без |необязат)/.test(key);
}

/**
 * The test of IMPORT_MARKING_CATEGORIES: shop category paths («obuv», «zhenskaya-odezhda/verkhnyaya-odezhda»),
 * comma- or `;`-separated; a product whose shop category is one of them or lies below one is marked.
 * @returns a test of a category path; always false for an empty setting.
 */
export function markingCategoryTest(setting: string | undefined): (categoryPath: string) => boolean {
  const prefixes = (setting ?? '')
    .split(/[,;\n]/)
    .map((p) =>
      p
        .trim()
        .toLowerCase()
        .replace(/^\/+|\/+$/g, ''),
    )
    .filter(Boolean);
  if (!prefixes.length) return () => false;
  return (categoryPath) => {
    const p = categoryPath.toLowerCase();
    return prefixes.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
  };
}

/**
 * Collects, for one file, what the report must say about VAT rates: goods whose 20 % became 22 %,
 * and values the shop does not know (one line per value, with a count and an example).
 */
export class VatNotes {
  private outdated = 0;
  private readonly unknown = new Map<string, { count: number; example: string }>();
  /** Items counted already (a product named by several offers counts once). */
  private readonly counted = new Set<string>();

  constructor(
    /** What a count counts, in three forms: ['товар', 'товара', 'товаров']. */
    private readonly unit: readonly [string, string, string],
    /** Where the owner fixes the rate: «в 1С», «в фиде». */
    private readonly where: string,
  ) {}

  /**
   * Counts a reading of item `key` (shown in the report as `label`, its name or id) and returns the
   * rate to store: the known rate, null for an unknown value, undefined when nothing was read.
   */
  take(reading: VatReading | undefined, label: string, key: string = label): GoodsVatRate | null | undefined {
    if (!reading) return undefined;
    if (this.counted.has(key)) return reading.rate;
    this.counted.add(key);
    if (reading.rate === null) {
      const entry = this.unknown.get(reading.unknown) ?? { count: 0, example: label };
      entry.count++;
      this.unknown.set(reading.unknown, entry);
      return null;
    }
    if (reading.outdated) this.outdated++;
    return reading.rate;
  }

  /** The report lines (Russian), empty when there is nothing to say. */
  notes(): string[] {
    const out: string[] = [];
    if (this.outdated)
      out.push(
        `НДС: ставка 20% заменена на 22% (с 1 января 2026) — ${formatCount(this.outdated, this.unit)}; исправьте ставку ${this.where}`,
      );
    for (const [value, { count, example }] of this.unknown)
      out.push(
        `НДС: неизвестная ставка «${value}» — ${formatCount(count, this.unit)} (например, ${example}); ` +
          'для них в чеке будет ставка магазина по умолчанию (SHOP_VAT_RATE)',
      );
    return out;
  }
}
