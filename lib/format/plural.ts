/** Russian plurals (spec §9 "Dates in Russian" and counters) via Intl.PluralRules. */

// Made on first use, not at import: the first Intl object of a page loads ICU's locale data
// (tens of ms of main thread), which client islands importing this module would pay at start-up.
let rules: Intl.PluralRules | undefined;

/**
 * Picks the Russian word form for a count: `pluralize(1, ['товар','товара','товаров'])` →
 * "товар", 3 → "товара", 5 → "товаров", 21 → "товар", 1.5 → "товара".
 * @param count any number.
 * @param forms [one, few, many]; fractional counts (`other`) take the `few` form.
 */
export function pluralize(count: number, forms: readonly [one: string, few: string, many: string]): string {
  rules ??= new Intl.PluralRules('ru-RU');
  switch (rules.select(count)) {
    case 'one':
      return forms[0];
    case 'few':
      return forms[1];
    case 'many':
      return forms[2];
    default:
      return forms[1];
  }
}

/** "5 товаров": the count followed by its word form (see `pluralize`). */
export function formatCount(count: number, forms: readonly [one: string, few: string, many: string]): string {
  return `${count}\u00A0${pluralize(count, forms)}`;
}
